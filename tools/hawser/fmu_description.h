// The modelDescription.xml of an FMU that `hawser fmu` writes (FMI 2.0, co-simulation): the
// variables of a runtime/fmu/fmu_variables.h table with their causality, variability, initial
// values and units, the co-simulation capabilities of runtime/fmu/fmu_binary.cpp and the model
// structure.
#pragma once

#include <string>

#include "runtime/fmu/fmu_variables.h"

namespace hawser::cli {

struct FmuInfo {
  std::string model_name;        ///< The scenario's file name.
  std::string model_identifier;  ///< A C identifier: the binary is <it>.so.
  double start_time = 0.0;       ///< DefaultExperiment, from the Engine's TOutput and RelTol.
  double stop_time = 0.0;
  double step_size = 0.0;  ///< 0: none (a single output time).
  double tolerance = 0.0;
};

/// The FMI unit name of hawser's unit: "1" for dimensionless ("-"), else the same text.
std::string FmiUnit(const std::string& hawser_unit);

/// The XML text, UTF-8. Inputs are continuous with a start value; outputs continuous and
/// calculated (no start, listed under Outputs and InitialUnknowns); parameters fixed and exact.
/// Every unit a variable names is declared under UnitDefinitions.
std::string ModelDescription(const fmu::Table& table, const FmuInfo& info);

/// A GUID "{xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx}" hashed from `text` (FNV-1a, 2 x 64 bits): the
/// same scenario and variables give the same GUID, any change another.
std::string GuidOf(const std::string& text);

/// `stem` made a C identifier (FMI's modelIdentifier): other characters become '_', and a leading
/// digit or an empty stem gets a '_' in front.
std::string ModelIdentifier(const std::string& stem);

}  // namespace hawser::cli
