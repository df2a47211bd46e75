#include <doctest/doctest.h>
#include <fmt/format.h>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {

TEST_CASE("Math/LinearMapping computes Cu u + Cv v and its elements") {
  const MemorySink sink = Run(
      ScenarioXml(R"(<Lib LibName="base" SimObject="Math/LinearMapping" Name="L" Cu="1,2;3,4;5,6" )"
                  R"(Cv="0.5;-1;2"/>)"
                  "\n"
                  R"(<Lib LibName="base" SimObject="Src/Clock" Name="C"/>)",
                  R"(<Connection L.InU="2,3"/><Connection L.InV="C.SimTime"/>)"));
  for (size_t i = 0; i < sink.times().size(); ++i) {
    const double t = sink.times()[i];
    // By hand: Cu (2,3) = (1*2 + 2*3, 3*2 + 4*3, 5*2 + 6*3) = (8, 18, 28); Cv t = (t/2, -t, 2t).
    const double expected[] = {8.0 + 0.5 * t, 18.0 - t, 28.0 + 2.0 * t};
    for (int k = 0; k < 3; ++k) {
      // A few roundings in a 2-term dot product: 1e-14 relative.
      CHECK(sink.Column(fmt::format("L.Out[{}]", k))[i] ==
            doctest::Approx(expected[k]).epsilon(1e-14));
      CHECK(sink.Column(fmt::format("L.Out{}", k + 1))[i] ==
            sink.Column(fmt::format("L.Out[{}]", k))[i]);
    }
  }
}

TEST_CASE("Math/LinearMapping rejects Cu and Cv with different row counts") {
  const std::string e = AssemblyErrors(ScenarioXml(
      R"(<Lib LibName="base" SimObject="Src/Clock" Name="C"/>)"
      "\n"
      R"(<Lib LibName="base" SimObject="Math/LinearMapping" Name="L" Cu="1,2;3,4" Cv="1"/>)"));
  CHECK(Contains(e, "test.xml:3:"));
  CHECK(Contains(e, "L (Math/LinearMapping)"));
  CHECK(Contains(e, "parameter 'Cv' is 1x1"));
  CHECK(Contains(e, "expected Cv with 2 rows"));
}

TEST_CASE("Math/LinearMapping requires both matrices") {
  const std::string e = AssemblyErrors(
      ScenarioXml("\n"
                  R"(<Lib LibName="base" SimObject="Math/LinearMapping" Name="L" Cu="1,2"/>)"));
  CHECK(Contains(e, "test.xml:3:"));
  CHECK(Contains(e, "'Cv'"));
}

TEST_CASE("Math/LinearMapping describes itself") {
  CHECK(DescribedParameters("Math/LinearMapping") == std::vector<std::string>{"Cu", "Cv"});
}

}  // namespace hawser::test
