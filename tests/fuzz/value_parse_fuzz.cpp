// libFuzzer harness: attribute text through every value parser (hawser/value_parse.h). A
// ScenarioError is the expected outcome of bad text; anything else (another exception, a crash, a
// sanitizer report, a hang in the expression parser) is a finding. What they return must keep the
// header's promises: every value finite (infinities and NaN are errors), and a single number is
// a vector of length 1. A broken promise aborts, so libFuzzer reports it with its input.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "hawser/value_parse.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

const hawser::fuzz::Promises Check{"value_parse_fuzz"};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const hawser::SourceLocation loc{"fuzz.xml", 1};
  hawser::fuzz::IgnoringScenarioErrors([&] { hawser::ParseInteger(text, loc, "fuzz"); });
  hawser::fuzz::IgnoringScenarioErrors([&] { hawser::ParseBool(text, loc, "fuzz"); });
  hawser::fuzz::IgnoringScenarioErrors([&] {
    const Eigen::MatrixXd m = hawser::ParseMatrix(text, loc, "fuzz");
    Check(m.size() > 0 && m.allFinite(), "the matrix is empty or not finite", text);
  });
  hawser::fuzz::IgnoringScenarioErrors([&] {
    const std::vector<double> vector = hawser::ParseVector(text, loc, "fuzz");
    Check(!vector.empty(), "the vector is empty", text);
    for (double v : vector) Check(std::isfinite(v), "a vector element is not finite", text);
  });
  hawser::fuzz::IgnoringScenarioErrors([&] {
    const double number = hawser::ParseNumber(text, loc, "fuzz");
    Check(std::isfinite(number), "the number is not finite", text);
    std::vector<double> vector;
    try {
      vector = hawser::ParseVector(text, loc, "fuzz");
    } catch (const hawser::ScenarioError&) {
    }
    Check(vector.size() == 1 && vector[0] == number, "the number is not a one-element vector",
          text);
  });
  hawser::Trim(text);
  return 0;
}
