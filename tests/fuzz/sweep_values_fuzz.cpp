// libFuzzer harness: text through the sweep's value grammar (runtime/sweep/sweep_values.h) as a
// sweep file, as one VALUES list and as one --summary. A ScenarioError is the expected outcome of
// bad text; anything else is a finding. What they return must keep the header's promises: at
// most 1e6 values per name and 1e6 cases, and every value that is a number finite. A broken
// promise aborts, so libFuzzer reports it with its input.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "runtime/sweep/sweep_values.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

constexpr size_t kMaxValues = 1000000;  // sweep_values.cpp's kMaxSweepValues.
constexpr double kMaxExpanded = 1e5;    // The most cases one input expands (see below).

const hawser::fuzz::Promises Check{"sweep_values_fuzz"};

// Every value that reads whole as a number is finite.
void CheckValues(const std::vector<std::string>& values, const std::string& text) {
  Check(values.size() <= kMaxValues, "a name has more than 1e6 values", text);
  for (const std::string& v : values) {
    char* end = nullptr;
    const double x = std::strtod(v.c_str(), &end);
    if (!v.empty() && end == v.c_str() + v.size())
      Check(std::isfinite(x), "a value is not finite", text);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  hawser::fuzz::IgnoringScenarioErrors([&] {
    hawser::SweepDefinition def;
    hawser::ParseSweepText(text, "fuzz.sweep", def);
    double most_cases = 1.0;  // The product of the counts: no more cases than that.
    for (const hawser::SweepParameter& p : def.parameters) {
      CheckValues(p.values, text);
      most_cases *= static_cast<double>(p.values.size());
    }
    // Up to a million cases are valid, but expanding them under this build's instrumentation
    // takes longer than libFuzzer's timeout (12 s): the million-case product and its refusal
    // beyond are sweep_values_test's; here the sweeps that expand within the timeout.
    if (most_cases > kMaxExpanded) return;
    const std::vector<hawser::SweepCase> cases = hawser::ExpandCases(def);
    Check(!cases.empty() && cases.size() <= kMaxValues, "the case count is out of bounds", text);
    for (const hawser::SweepCase& c : cases)
      Check(c.values.size() == def.parameters.size(), "a case lacks a value", text);
    def.Canonical();
  });
  hawser::fuzz::IgnoringScenarioErrors(
      [&] { CheckValues(hawser::ParseSweepValues(text, "fuzz"), text); });
  hawser::fuzz::IgnoringScenarioErrors([&] { hawser::ParseSummarySpec(text); });
  return 0;
}
