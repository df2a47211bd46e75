#include "runtime/model/connection_units.h"

#include <fmt/format.h>

#include <algorithm>

namespace hawser {

namespace {

std::string WithoutSpaces(std::string unit) {
  unit.erase(std::remove(unit.begin(), unit.end(), ' '), unit.end());
  return unit;
}

const PortSpec* FindInput(const SimObject& o, const std::string& port) {
  for (const InputInfo& in : o.interface().inputs)
    if (in.spec.name == port) return &in.spec;
  return nullptr;
}

const PortSpec* FindOutput(const SimObject& o, const std::string& port) {
  for (const OutputInfo& out : o.interface().outputs)
    if (out.spec.name == port) return &out.spec;
  return nullptr;
}

}  // namespace

bool UnitsCompatible(const std::string& from, const std::string& to) {
  const std::string a = WithoutSpaces(from), b = WithoutSpaces(to);
  return a == "-" || b == "-" || a.empty() || b.empty() || a == b;
}

std::vector<UnitMismatch> FindUnitMismatches(const Model& model) {
  std::vector<UnitMismatch> found;
  for (const ConnectionDecl& c : model.scenario().connections) {
    const SimObject* target = model.FindObject(c.object);
    const PortSpec* input = target != nullptr ? FindInput(*target, c.port) : nullptr;
    if (input == nullptr) continue;  // Assembly has reported it already.
    for (const ConnectionTerm& term : c.terms) {
      if (!term.is_reference()) continue;
      const SimObject* source = model.FindObject(term.object);
      const PortSpec* output = source != nullptr ? FindOutput(*source, term.port) : nullptr;
      if (output == nullptr) continue;
      const bool unit_list = output->unit.find(',') != std::string::npos;
      if (unit_list && term.slice_begin.has_value()) continue;
      if (UnitsCompatible(output->unit, input->unit)) continue;
      found.push_back(
          {c.loc, fmt::format("units differ: output {}.{} [{}] feeds input {}.{} [{}]; expected "
                              "an output in {} (or a unitless '-' signal)",
                              term.object, term.port, output->unit, c.object, c.port, input->unit,
                              input->unit)});
    }
  }
  return found;
}

}  // namespace hawser
