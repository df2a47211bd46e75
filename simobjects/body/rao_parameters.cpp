#include "simobjects/body/rao_parameters.h"

namespace hawser {

std::string CheckRaoFrequencyUnit(const std::string& unit) {
  return unit == "rad/s" || unit == "Hz" || unit == "s" ? "" : "rad/s, Hz or s (period)";
}

ParamSpec<std::string> FrequencyUnitParameter() {
  return {.name = "FrequencyUnit",
          .unit = "-",
          .doc = "The RAO file's first column: rad/s, Hz, or s (period).",
          .fallback = "rad/s",
          .check = CheckRaoFrequencyUnit};
}

RaoTable ReadRaoTable(const SimObject& object, const ObjectArgs& args, const std::string& file,
                      const std::string& unit) {
  const auto given = args.values.find("RAOFile");
  const SourceLocation where = given == args.values.end() ? args.loc : given->second.second;
  const RaoFrequencyUnit frequency_unit = unit == "Hz"  ? RaoFrequencyUnit::kHertz
                                          : unit == "s" ? RaoFrequencyUnit::kPeriodSeconds
                                                        : RaoFrequencyUnit::kRadPerSecond;
  try {
    return RaoTable::Read(object.ResolvePath(file), frequency_unit, where);
  } catch (const ScenarioError& e) {
    // Errors at the attribute read better with the object's name; rows keep their CSV line.
    if (e.location().file == where.file && e.location().line == where.line)
      throw ScenarioError(where, object.name() + " (" + object.type() + "): " + e.message());
    throw;
  }
}

}  // namespace hawser
