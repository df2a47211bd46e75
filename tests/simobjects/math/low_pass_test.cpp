#include <doctest/doctest.h>

#include <cmath>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {

TEST_CASE("Math/LowPass step response is 1 - exp(-r t)") {
  const MemorySink sink = Run(
      ScenarioXml(R"(<Lib LibName="base" SimObject="Math/LowPass" Name="L" ConvergenceRatio="2"/>)",
                  R"(<Connection L.In="1"/>)", R"(<InitialCondition L.State="0"/>)"));
  const auto y = sink.Column("L.Out");
  const auto s = sink.Column("L:State");
  for (size_t i = 0; i < y.size(); ++i) {
    // Integrator tolerances 1e-11 over 2 s of a stable scalar ODE: 1e-9 absolute.
    CHECK(y[i] == doctest::Approx(1.0 - std::exp(-2.0 * sink.times()[i])).scale(1).epsilon(1e-9));
    CHECK(y[i] == s[i]);  // Out is the state.
  }
}

TEST_CASE("Math/LowPass starts at In(0) unless State is given") {
  const MemorySink sink =
      Run(ScenarioXml(R"(<Lib LibName="base" SimObject="Math/LowPass" Name="L" PortWidth="2" )"
                      R"(ConvergenceRatio="5"/>)",
                      R"(<Connection L.In="3,-4"/>)"));
  for (double v : sink.Column("L.Out[0]")) CHECK(v == 3.0);  // y = u: derivative exactly 0.
  for (double v : sink.Column("L.Out[1]")) CHECK(v == -4.0);
}

TEST_CASE("Math/LowPass parameter errors") {
  SUBCASE("missing ConvergenceRatio") {
    const std::string e =
        AssemblyErrors(ScenarioXml("\n"
                                   R"(<Lib LibName="base" SimObject="Math/LowPass" Name="L"/>)",
                                   R"(<Connection L.In="1"/>)"));
    CHECK(Contains(e, "test.xml:3:"));
    CHECK(Contains(e, "L (Math/LowPass)"));
    CHECK(Contains(e, "'ConvergenceRatio'"));
  }
  SUBCASE("ConvergenceRatio <= 0") {
    const std::string e = AssemblyErrors(ScenarioXml(
        "\n"
        R"(<Lib LibName="base" SimObject="Math/LowPass" Name="L" ConvergenceRatio="-1"/>)",
        R"(<Connection L.In="1"/>)"));
    CHECK(Contains(e, "test.xml:3:"));
    CHECK(Contains(e, "L: parameter 'ConvergenceRatio'"));
    CHECK(Contains(e, "a value > 0"));
  }
}

TEST_CASE("Math/LowPass describes itself") {
  CHECK(DescribedParameters("Math/LowPass") ==
        std::vector<std::string>{"PortWidth", "ConvergenceRatio"});
}

}  // namespace hawser::test
