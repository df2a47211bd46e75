// libFuzzer harness: a scenario's XML text as far as `hawser run` goes before the integrator:
// load, assemble, the initial state (each object's Initialize(), e.g. a cable's catenary), the
// outputs at the start time and one right-hand side. Expected outcomes as in scenario_fuzz.cpp;
// a non-finite value is reported by EvaluateOutputs/Rhs returning false, not a finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "runtime/model/model.h"
#include "runtime/scenario/scenario.h"
#include "simobjects/register_base.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string xml(reinterpret_cast<const char*>(data), size);
  hawser::fuzz::IgnoringHawserErrors([&] {
    const hawser::Scenario scenario = hawser::LoadScenarioFromString(xml, "fuzz.xml");
    const std::unique_ptr<hawser::Model> model =
        hawser::Model::Assemble(scenario, hawser::BuiltinRegistry());
    const double t0 = scenario.engine.output.start;
    std::vector<double> x = model->InitialState(t0);
    std::vector<double> xdot(x.size());
    if (model->EvaluateOutputs(t0, x.data())) model->Rhs(t0, x.data(), xdot.data());
  });
  return 0;
}
