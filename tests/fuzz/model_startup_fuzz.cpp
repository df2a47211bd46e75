// libFuzzer harness: a scenario's XML text as far as `hawser run` goes before the integrator:
// load, assemble, the initial state (each object's Initialize(), e.g. a cable's catenary), the
// outputs at the start time and one right-hand side. Expected outcomes as in scenario_fuzz.cpp;
// a non-finite value is reported by EvaluateOutputs/Rhs returning false, not a finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "tests/fuzz/scenario_fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  hawser::fuzz::WithAssembledScenario(data, size,
                                      [](const hawser::Scenario& scenario, hawser::Model& model) {
                                        const double t0 = scenario.engine.output.start;
                                        std::vector<double> x = model.InitialState(t0);
                                        std::vector<double> xdot(x.size());
                                        if (model.EvaluateOutputs(t0, x.data()))
                                          model.Rhs(t0, x.data(), xdot.data());
                                      });
  return 0;
}
