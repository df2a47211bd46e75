// ${...} expansion is bounded while it runs: a 1 KB file whose variables double ten times per
// level used to expand to 10^9 characters (a hang and 3.6 GB). The limits are those of
// runtime/scenario/input_limits.h; each test builds an input that passes one.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <chrono>
#include <string>

#include "runtime/scenario/input_limits.h"
#include "runtime/scenario/scenario.h"
#include "runtime/scenario/variables.h"

namespace hawser {
namespace {

const char* kTail = R"(
<OBJECTS><Lib LibName="base" SimObject="Src/Clock" Name="C" Tag="${v9}" /></OBJECTS>
<INTERCONNECTIONS/><INITIALIZATION/>
<INTEGRATION><Engine TOutput="0, 1, 2" /></INTEGRATION>
</Contents>
)";

// v0 = "xxxxxxxxxx", v(i+1) = ten copies of ${vi}: v9 has 10^10 characters.
std::string Exploding() {
  std::string xml = "<Contents>\n<VARIABLES>\n<Variable Name=\"v0\" Value=\"xxxxxxxxxx\" />\n";
  for (int i = 1; i <= 9; ++i) {
    std::string value;
    for (int k = 0; k < 10; ++k) value += fmt::format("${{v{}}}", i - 1);
    xml += fmt::format("<Variable Name=\"v{}\" Value=\"{}\" />\n", i, value);
  }
  return xml + "</VARIABLES>" + kTail;
}

std::string AllMessages(const std::string& xml) {
  try {
    LoadScenarioFromString(xml, "v.xml");
  } catch (const ScenarioErrors& es) {
    std::string all;
    for (const auto& e : es.errors()) {
      CHECK(e.location().line > 0);
      all += std::string(e.what()) + "\n";
    }
    return all;
  }
  FAIL("accepted");
  return "";
}

TEST_CASE("variables: exponential expansion stops at the 1 MiB limit, fast") {
  const std::string xml = Exploding();
  CHECK(xml.size() < 1200);
  const auto start = std::chrono::steady_clock::now();
  const std::string all = AllMessages(xml);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // v6 has 10^7 characters, the first past 2^20: v6 is reported (v7..v9 depend on it).
  CHECK(all.find("v.xml:9: error: variable 'v6': ${...} expansion makes the value longer than "
                 "1048576 characters") != std::string::npos);
  CHECK(all.find("expected a value of at most 1 MiB") != std::string::npos);
  CHECK(all.size() < 2000);
  // Building 1 MiB a few times takes milliseconds; 1 s leaves room for a loaded machine.
  CHECK(seconds < 1.0);
}

TEST_CASE("variables: an attribute that expands past 1 MiB is reported at its line") {
  // 600 000 characters in a variable (under the limit), used twice in one attribute (over it).
  const std::string tail = kTail;
  const std::string xml = fmt::format(
      "<Contents>\n<VARIABLES><Variable Name=\"b\" Value=\"{}\" /></VARIABLES>\n<OBJECTS>\n"
      "<Lib LibName=\"base\" SimObject=\"Src/Clock\" Name=\"C\" T=\"${{b}}${{b}}\" />\n"
      "</OBJECTS>{}",
      std::string(600000, '1'), tail.substr(tail.find("<INTERCONNECTIONS")));
  const std::string all = AllMessages(xml);
  CHECK(all.find("v.xml:4: error: '${b}${b}': ${...} expansion makes the value longer than "
                 "1048576 characters") != std::string::npos);
}

TEST_CASE("variables: a chain deeper than the limit is an error, not a stack overflow") {
  // a0 -> a1 -> ... -> a5000: deep recursion would overflow the stack without the limit.
  std::string xml = "<Contents>\n<VARIABLES>\n";
  const int n = 5000;
  for (int i = 0; i < n; ++i) {
    xml += fmt::format("<Variable Name=\"a{}\" Value=\"${{a{}}}\" />\n", i, i + 1);
  }
  const std::string tail = kTail;
  xml += fmt::format("<Variable Name=\"a{}\" Value=\"1\" />\n</VARIABLES><OBJECTS/>{}", n,
                     tail.substr(tail.find("<INTERCONNECTIONS")));
  const std::string all = AllMessages(xml);
  CHECK(all.find("variables refer to variables more than 100 deep") != std::string::npos);
  CHECK(all.find("expected a shorter chain") != std::string::npos);
}

TEST_CASE("variables: chains and values within the limits are unchanged") {
  // 100 levels deep and 1 MiB exactly are allowed.
  std::map<std::string, std::string> vars{{"one", std::string(kMaxAttributeLength, '7')}};
  CHECK(SubstituteVariables("${one}", vars, {"v.xml", 1}).size() == kMaxAttributeLength);
  CHECK_THROWS_AS(SubstituteVariables("${one}x", vars, {"v.xml", 1}), ScenarioError);
  std::vector<VariableDecl> decls;
  for (int i = 0; i < 99; ++i) {
    decls.push_back({fmt::format("c{}", i), fmt::format("${{c{}}}", i + 1), {"v.xml", 1}});
  }
  decls.push_back({"c99", "42", {"v.xml", 1}});
  CHECK(ResolveVariables(decls, {}, "v.xml").at("c0") == "42");
}

TEST_CASE("variables: the total of all expansions in a file is bounded") {
  std::map<std::string, std::string> vars{{"m", std::string(kMaxAttributeLength, '1')}};
  std::size_t budget = 3 * kMaxAttributeLength;
  for (int i = 0; i < 3; ++i) SubstituteVariables("${m}", vars, {"v.xml", 2}, &budget);
  try {
    SubstituteVariables("${m}", vars, {"v.xml", 2}, &budget);
    FAIL("accepted");
  } catch (const ScenarioError& e) {
    CHECK(e.message().find("expansions of this file add up to more than") != std::string::npos);
  }
}

}  // namespace
}  // namespace hawser
