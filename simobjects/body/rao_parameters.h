// The RAO file parameters shared by Body/RAOVessel and Body/FloatingBody: the file (resolved
// from the scenario's folder) and the unit of its frequency column.
#pragma once

#include <string>

#include "hawser/simobject.h"
#include "simobjects/body/rao_table.h"

namespace hawser {

/// ParamSpec check of FrequencyUnit: "" for rad/s, Hz or s.
std::string CheckRaoFrequencyUnit(const std::string& unit);
/// The FrequencyUnit parameter: the unit of an RAO file's first column (rad/s by default, Hz
/// times kRadPerHertz, or a period in s), checked by CheckRaoFrequencyUnit.
ParamSpec<std::string> FrequencyUnitParameter();

/// Reads the RAO table `file` (a parameter value, resolved by object.ResolvePath) with frequency
/// column `unit`; errors point at the file's line or at the RAOFile attribute.
RaoTable ReadRaoTable(const SimObject& object, const ObjectArgs& args, const std::string& file,
                      const std::string& unit);

}  // namespace hawser
