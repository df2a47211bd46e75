#include <doctest/doctest.h>
#include <fmt/format.h>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {

TEST_CASE("Src/Constant outputs its Value at every time") {
  const MemorySink sink = Run(ScenarioXml(
      R"(<Lib LibName="base" SimObject="Src/Constant" Name="K" Value="1.5, -2, 1e3"/>)"));
  const double expected[] = {1.5, -2.0, 1e3};  // As written in the scenario.
  for (int i = 0; i < 3; ++i) {
    for (double v : sink.Column(fmt::format("K.Out[{}]", i))) CHECK(v == expected[i]);  // Copied.
  }
}

TEST_CASE("Src/Constant requires Value") {
  const std::string errors =
      AssemblyErrors(ScenarioXml("\n"
                                 R"(<Lib LibName="base" SimObject="Src/Constant" Name="K"/>)"));
  CHECK(Contains(errors, "test.xml:3:"));
  CHECK(Contains(errors, "K (Src/Constant)"));
  CHECK(Contains(errors, "'Value'"));
}

TEST_CASE("Src/Constant describes itself") {
  const std::vector<std::string> params = DescribedParameters("Src/Constant");
  CHECK(params == std::vector<std::string>{"Value"});
}

}  // namespace hawser::test
