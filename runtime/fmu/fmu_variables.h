// The variables of an FMU that `hawser fmu` writes: each scalar FMI variable, its value
// reference and the hawser name it maps to. `hawser fmu` writes them into the FMU's
// modelDescription.xml and, as this plain table, into resources/hawser_fmu.txt, which the FMU's
// binary (runtime/fmu/fmu_binary.cpp) reads at fmi2Instantiate instead of parsing the XML.
#pragma once

#include <string>
#include <vector>

namespace hawser::fmu {

/// kParameter: a scenario <Variable>, fixed (set before fmi2ExitInitializationMode); kTunable: a
/// SimObject parameter "Obj.Param" (`hawser fmu --tunable`), settable between steps.
enum class Causality { kInput, kOutput, kParameter, kTunable };

struct Variable {
  Causality causality = Causality::kOutput;
  unsigned value_reference = 0;
  /// The hawser name: a Signal/External object (input), an output "Obj.Port" or a state
  /// "Obj:State" (output), a scenario <Variable> (parameter), "Obj.Param" (tunable).
  std::string name;
  int index = 0;       ///< The element of a vector input or output.
  int width = 1;       ///< The width of `name` (1 for a parameter).
  double start = 0.0;  ///< Inputs and parameters: the value before any fmi2SetReal.
  std::string unit;    ///< As hawser declares it ("-" dimensionless, "" none known).
};

/// What the binary needs besides the scenario: the GUID modelDescription.xml carries, the
/// scenario's file name under resources/ and the variables in value-reference order.
struct Table {
  std::string guid;
  std::string scenario;
  std::vector<Variable> variables;
};

/// The variable's FMI name: `name` for a width of 1, else "name[index]".
std::string FmiName(const Variable& v);

/// The table as text: a "hawser-fmu 1" line, "guid G", "scenario FILE", then one line per
/// variable with tab-separated fields (causality, value reference, name, index, width, start,
/// unit), the start written so that it reads back exactly.
std::string WriteTable(const Table& table);
/// Parses WriteTable's text; throws std::runtime_error naming the line that is not as written.
Table ParseTable(const std::string& text);

}  // namespace hawser::fmu
