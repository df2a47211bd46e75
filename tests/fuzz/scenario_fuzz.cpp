// libFuzzer harness: a scenario's XML text through the loader, model assembly and what
// `hawser validate` prints (wiring and evaluation order). hawser's own errors for bad input
// (ScenarioError(s), SimulationError, IoError for a missing table file) are expected outcomes;
// any other exception, a crash, a sanitizer report, a leak, a hang or a huge allocation is a
// finding. Run by tools/fuzz.
#include <cstddef>
#include <cstdint>
#include <string>

#include "tests/fuzz/scenario_fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  hawser::fuzz::WithAssembledScenario(data, size,
                                      [](const hawser::Scenario&, hawser::Model& model) {
                                        model.DescribeWiring();
                                        model.DescribeEvaluationOrder();
                                      });
  return 0;
}
