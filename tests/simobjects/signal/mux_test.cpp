#include <doctest/doctest.h>
#include <fmt/format.h>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {

TEST_CASE("Signal/Mux concatenates its inputs in order") {
  const MemorySink sink = Run(ScenarioXml(
      R"(<Lib LibName="base" SimObject="Signal/Mux" Name="M" NumInput="3" InPortWidth1="2" )"
      R"(InPortWidth3="3"/>)"
      "\n"
      R"(<Lib LibName="base" SimObject="Src/Clock" Name="C"/>)",
      R"(<Connection M.In1="1,2"/><Connection M.In2="C.SimTime"/>)"
      R"(<Connection M.In3="7,8,9"/>)"));
  const std::vector<double>& t = sink.times();
  // Expected by hand: [In1 (2); In2 = t (default width 1); In3 (3)]; copies, so exact.
  for (size_t i = 0; i < t.size(); ++i) {
    const std::vector<double> expected = {1, 2, t[i], 7, 8, 9};
    for (int k = 0; k < 6; ++k) CHECK(sink.Column(fmt::format("M.Out[{}]", k))[i] == expected[k]);
  }
}

TEST_CASE("Signal/Mux rejects bad counts and widths") {
  // The errors of a Mux M with `attributes`, on line 3 of a scenario beside a clock.
  const auto errors = [](const std::string& attributes) {
    return AssemblyErrors(ScenarioXml(R"(<Lib LibName="base" SimObject="Src/Clock" Name="C"/>)"
                                      "\n"
                                      R"(<Lib LibName="base" SimObject="Signal/Mux" Name="M" )" +
                                      attributes + "/>"));
  };
  SUBCASE("NumInput missing") {
    const std::string e = errors("");
    CHECK(Contains(e, "test.xml:3:"));
    CHECK(Contains(e, "M (Signal/Mux)"));
    CHECK(Contains(e, "'NumInput'"));
  }
  SUBCASE("NumInput = 0") {
    const std::string e = errors(R"(NumInput="0")");
    CHECK(Contains(e, "test.xml:3:"));
    CHECK(Contains(e, "parameter 'NumInput'"));
    CHECK(Contains(e, "an integer from 1 to 1000"));
  }
  SUBCASE("InPortWidth2 = 0") {
    const std::string e = errors(R"(NumInput="2" InPortWidth2="0")");
    CHECK(Contains(e, "test.xml:3:"));
    CHECK(Contains(e, "parameter 'InPortWidth2'"));
  }
}

TEST_CASE("Signal/Mux describes itself with one input") {
  const std::vector<std::string> params = DescribedParameters("Signal/Mux");
  CHECK(params == std::vector<std::string>{"NumInput", "InPortWidth1"});
}

}  // namespace hawser::test
