// The sweep's value grammar: what it expands to, and the limits that keep a typo from hanging.
#include "runtime/sweep/sweep_values.h"

#include <doctest/doctest.h>

#include <chrono>
#include <string>

namespace hawser {
namespace {

std::string ErrorOf(const std::string& setting) {
  try {
    ParseSweepSetting(setting);
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "";
}

TEST_CASE("sweep values: lists, ranges and linspace expand as written") {
  // linspace(0, 1, 5) = 0, 0.25, ..., 1 (exact in binary); 0:0.5:2 = 0, 0.5, ..., 2.
  CHECK(ParseSweepSetting("k=linspace(0,1,5)").values ==
        std::vector<std::string>{"0", "0.25", "0.5", "0.75", "1"});
  CHECK(ParseSweepSetting("k=0:0.5:2, 7").values ==
        std::vector<std::string>{"0", "0.5", "1", "1.5", "2", "7"});
}

TEST_CASE("sweep values: a value in double quotes is taken verbatim, commas and colons kept") {
  CHECK(ParseSweepSetting(R"(Engine.TOutput="0, 0.1, 10", "0:1:2", 3)").values ==
        std::vector<std::string>{"0, 0.1, 10", "0:1:2", "3"});
  CHECK(ErrorOf(R"(Engine.TOutput="0, 0.1, 10)").find("unmatched or misplaced quote") !=
        std::string::npos);
  CHECK(ErrorOf(R"(k=1"2")").find("unmatched or misplaced quote") != std::string::npos);
  // The canonical definition (compared on --resume) quotes them again, and reads back the same.
  SweepDefinition d;
  d.parameters.push_back(ParseSweepSetting(R"(Engine.TOutput="0, 0.1, 10", "0:1:2", 3)"));
  const std::string canonical = d.Canonical();
  CHECK(canonical == "product\nEngine.TOutput = \"0, 0.1, 10\", \"0:1:2\", 3");
  const std::string line = canonical.substr(canonical.find('\n') + 1);
  CHECK(ParseSweepSetting(line).values == d.parameters[0].values);
}

TEST_CASE("sweep values: counts beyond the limit fail at once, naming the count") {
  const auto start = std::chrono::steady_clock::now();
  CHECK(ErrorOf("k=linspace(0,1,2e9)") ==
        "error: --set k: 'linspace(0,1,2e9)' asks for 2e9 values; expected at most 1000000");
  CHECK(ErrorOf("k=0:1e-9:10") ==
        "error: --set k: range '0:1e-9:10' has 10000000001 values; expected at most 1000000");
  CHECK(ErrorOf("k=linspace(0,1e400,3)").find("'1e400' is not a finite number") !=
        std::string::npos);
  // Without the limits these build billions of strings (minutes and gigabytes): a generous bound
  // on a loaded machine for what takes microseconds.
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
}

TEST_CASE("sweep values: a product of more than a million cases is refused before expanding") {
  SweepDefinition def;
  def.parameters = {ParseSweepSetting("a=linspace(0,1,1000)"),
                    ParseSweepSetting("b=linspace(0,1,1000)"), ParseSweepSetting("c=1,2")};
  std::string message;
  try {
    ExpandCases(def);
  } catch (const ScenarioError& e) {
    message = e.what();
  }
  CHECK(message ==
        "error: sweep: the product of every parameter's values has more than 1000000 cases (at "
        "'c'); expected fewer values or --zip");
  def.parameters.pop_back();  // 1000 x 1000 = 10^6: exactly the limit, allowed.
  CHECK(ExpandCases(def).size() == 1000000);
}

}  // namespace
}  // namespace hawser
