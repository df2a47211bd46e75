// Helpers for the built-in SimObjects' tests: scenario text, runs, errors, descriptions.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "runtime/model/model.h"
#include "runtime/run/simulation.h"
#include "simobjects/register_base.h"

namespace hawser::test {

/// Tolerances tight enough that the integrator's error sits far below every tolerance asserted.
inline constexpr const char* kTightEngine =
    R"(<Engine Integrator="cvode-bdf" AbsTol="1e-11" RelTol="1e-11" TOutput="0, 0.1, 2" )"
    R"(LogStates="1" FileOutput="objects:all"/>)";

/// A scenario whose <Lib> lines start at line 2 (the i-th line of `objects` is on line i + 1).
inline std::string ScenarioXml(const std::string& objects, const std::string& connections = "",
                               const std::string& initial = "<InitialCondition/>",
                               const std::string& engine = kTightEngine) {
  return "<Contents><OBJECTS>\n" + objects + "\n</OBJECTS><INTERCONNECTIONS>" + connections +
         "</INTERCONNECTIONS><INITIALIZATION>" + initial + "</INITIALIZATION>\n<INTEGRATION>" +
         engine + "</INTEGRATION></Contents>\n";
}

/// Runs a scenario in memory and checks that it completed.
inline MemorySink Run(const std::string& xml) {
  MemorySink sink = RunScenarioText(xml, BuiltinRegistry());
  REQUIRE_MESSAGE(sink.result().status == RunStatus::kCompleted, sink.result().message);
  return sink;
}

/// The current values of output `port` of object `object` (as of the model's last evaluation);
/// fails the test when there is no such object or output.
inline std::span<const double> OutputOf(const Model& model, const std::string& object,
                                        const std::string& port) {
  const SimObject* o = model.FindObject(object);
  REQUIRE_MESSAGE(o != nullptr, "no object " << object);
  const auto& outputs = o->interface().outputs;
  for (size_t k = 0; k < outputs.size(); ++k) {
    if (outputs[k].spec.name == port) return o->output_view(static_cast<int>(k));
  }
  FAIL("no output " << object << "." << port);
  return {};
}

/// The diagnostics ("test.xml:LINE: error: ...") assembling the scenario reports, "" if none.
inline std::string AssemblyErrors(const std::string& xml) {
  try {
    Model::Assemble(LoadScenarioFromString(xml, "test.xml"), BuiltinRegistry());
  } catch (const ScenarioErrors& e) {
    return e.what();
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "";
}

inline bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// Parameter names `hawser describe PATH` lists; fails the test if construction throws.
inline std::vector<std::string> DescribedParameters(const std::string& path) {
  const TypeInfo* type = BuiltinRegistry().Find(path);
  REQUIRE_MESSAGE(type != nullptr, path);
  std::unique_ptr<SimObject> object = BuiltinRegistry().MakeForDescription(*type);
  std::vector<std::string> names;
  for (const ParamInfo& p : object->interface().params) names.push_back(p.name);
  return names;
}

inline bool Has(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace hawser::test
