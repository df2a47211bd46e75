// libFuzzer harness: a scenario's XML text through the loader, model assembly and what
// `hawser validate` prints (wiring and evaluation order). hawser's own errors for bad input
// (ScenarioError(s), SimulationError, IoError for a missing table file) are expected outcomes;
// any other exception, a crash, a sanitizer report, a leak, a hang or a huge allocation is a
// finding. Run by tools/fuzz.
#include <cstddef>
#include <cstdint>
#include <string>

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
    model->DescribeWiring();
    model->DescribeEvaluationOrder();
  });
  return 0;
}
