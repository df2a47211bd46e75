#include <doctest/doctest.h>

#include <cmath>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {

// Integrator tolerances are 1e-11; over these short, smooth runs the global error stays below
// 1e-8, the tolerance asserted.
constexpr double kTol = 1e-8;

TEST_CASE("Math/LinearSystem: damped oscillator matches its closed form") {
  // x'' + 2 zeta w x' + w^2 x = 0, x(0) = 1, x'(0) = 0, with w = 3, zeta = 0.2.
  const double w = 3.0, zeta = 0.2;
  const double a = zeta * w, b = w * std::sqrt(1.0 - zeta * zeta);
  const MemorySink sink = Run(ScenarioXml(
      R"(<Lib LibName="base" SimObject="Math/LinearSystem" Name="L" A="0,1;-9,-1.2" B="0;1" )"
      R"(C="1,0" D="0"/>)",
      R"(<Connection L.In="0"/>)", R"(<InitialCondition L.State="1,0"/>)"));
  const auto y = sink.Column("L.Out");
  const auto x0 = sink.Column("L:State[0]");
  const auto x1 = sink.Column("L:State[1]");
  for (size_t i = 0; i < y.size(); ++i) {
    const double t = sink.times()[i];
    const double decay = std::exp(-a * t);
    const double x = decay * (std::cos(b * t) + a / b * std::sin(b * t));
    const double v = -decay * w * w / b * std::sin(b * t);
    CHECK(y[i] == doctest::Approx(x).scale(1).epsilon(kTol));
    CHECK(x0[i] == doctest::Approx(x).scale(1).epsilon(kTol));
    CHECK(x1[i] == doctest::Approx(v).scale(1).epsilon(kTol));
  }
}

TEST_CASE("Math/LinearSystem: feedthrough D u under a constant input") {
  // x' = -2 x + u, y = 3 x + 0.5 u, u = 1, x(0) = 0: x = (1 - exp(-2t)) / 2.
  const MemorySink sink = Run(ScenarioXml(
      R"(<Lib LibName="base" SimObject="Math/LinearSystem" Name="L" A="-2" B="1" C="3" D="0.5"/>)",
      R"(<Connection L.In="1"/>)"));
  const auto y = sink.Column("L.Out");
  for (size_t i = 0; i < y.size(); ++i) {
    const double t = sink.times()[i];
    CHECK(y[i] == doctest::Approx(1.5 * (1.0 - std::exp(-2.0 * t)) + 0.5).scale(1).epsilon(kTol));
  }
}

TEST_CASE("Math/LinearSystem: Out reads In only when D is nonzero") {
  SUBCASE("strictly proper: feedback through itself is no algebraic loop") {
    // x' = u, y = x, u = -y: x = exp(-t).
    const MemorySink sink = Run(ScenarioXml(
        R"(<Lib LibName="base" SimObject="Math/LinearSystem" Name="L" A="0" B="1" C="1" D="0"/>)",
        R"(<Connection L.In="-1*L.Out"/>)", R"(<InitialCondition L.State="1"/>)"));
    const auto y = sink.Column("L.Out");
    for (size_t i = 0; i < y.size(); ++i) {
      CHECK(y[i] == doctest::Approx(std::exp(-sink.times()[i])).scale(1).epsilon(kTol));
    }
  }
  SUBCASE("with feedthrough: the same wiring is an algebraic loop") {
    const std::string e = AssemblyErrors(ScenarioXml(
        R"(<Lib LibName="base" SimObject="Math/LinearSystem" Name="L" A="0" B="1" C="1" D="1"/>)",
        R"(<Connection L.In="-1*L.Out"/>)"));
    CHECK(Contains(e, "loop"));
    CHECK(Contains(e, "L.Out"));
  }
}

TEST_CASE("Math/LinearSystem rejects mismatched shapes, naming the parameter and expected shape") {
  const std::string line2 = R"(<Lib LibName="base" SimObject="Src/Clock" Name="C"/>)"
                            "\n";
  const auto errors = [&](const std::string& matrices) {
    return AssemblyErrors(
        ScenarioXml(line2 + R"(<Lib LibName="base" SimObject="Math/LinearSystem" Name="L" )" +
                    matrices + "/>"));
  };
  std::string e = errors(R"(A="0,1" B="0" C="1" D="0")");
  CHECK(Contains(e, "test.xml:3:"));
  CHECK(Contains(e, "L (Math/LinearSystem)"));
  CHECK(Contains(e, "parameter 'A' is 1x2; expected a square matrix"));
  e = errors(R"(A="0,1;-1,0" B="0;1;2" C="1,0" D="0")");
  CHECK(Contains(e, "test.xml:3:"));
  CHECK(Contains(e, "parameter 'B' is 3x1; expected 2 rows"));
  e = errors(R"(A="0,1;-1,0" B="0;1" C="1" D="0")");
  CHECK(Contains(e, "parameter 'C' is 1x1; expected 2 columns"));
  e = errors(R"(A="0,1;-1,0" B="0;1" C="1,0" D="0,0")");
  CHECK(Contains(e, "parameter 'D' is 1x2; expected 1x1"));
}

TEST_CASE(
    "Math/LinearSystem without D, as FhSim allows: a first-order lag matches its closed form") {
  // A whole file in FhSim's own syntax, D left out. x' = -2 x + 2 u, u = 1, x(0) = 0:
  // x = 1 - exp(-2 t); y = C x with C = (1; 3), so D defaults to the 2x1 zero matrix.
  const MemorySink sink = Run(R"(<Contents>
<OBJECTS>
<Lib LibName="fhsim_base" SimObject="Math/LinearSystem" Name="Lag" A="-2" B="2" C="1;3" />
</OBJECTS>
<INTERCONNECTIONS>
<Connection Lag.In="1" />
</INTERCONNECTIONS>
<INITIALIZATION>
<InitialCondition />
</INITIALIZATION>
<INTEGRATION>
<Engine IntegratorMethod="2" TOutput="0, 0.1, 3" AbsTol="1e-11" RelTol="1e-11" FileOutput="objects:all" />
</INTEGRATION>
</Contents>
)");
  const auto y0 = sink.Column("Lag.Out[0]");
  const auto y1 = sink.Column("Lag.Out[1]");
  REQUIRE(y0.size() == 31);
  for (size_t i = 0; i < y0.size(); ++i) {
    const double x = 1.0 - std::exp(-2.0 * sink.times()[i]);
    CHECK(y0[i] == doctest::Approx(x).scale(1).epsilon(kTol));
    CHECK(y1[i] == doctest::Approx(3.0 * x).scale(1).epsilon(kTol));
  }
}

TEST_CASE("Math/LinearSystem without D reads no input in Out: feedback through it is no loop") {
  // x' = u, y = x, u = -y: x = exp(-t); with D absent Out must not depend on In.
  const MemorySink sink = Run(ScenarioXml(
      R"(<Lib LibName="base" SimObject="Math/LinearSystem" Name="L" A="0" B="1" C="1"/>)",
      R"(<Connection L.In="-1*L.Out"/>)", R"(<InitialCondition L.State="1"/>)"));
  const auto y = sink.Column("L.Out");
  for (size_t i = 0; i < y.size(); ++i) {
    CHECK(y[i] == doctest::Approx(std::exp(-sink.times()[i])).scale(1).epsilon(kTol));
  }
}

TEST_CASE("Math/LinearSystem describes itself") {
  CHECK(DescribedParameters("Math/LinearSystem") == std::vector<std::string>{"A", "B", "C", "D"});
}

}  // namespace hawser::test
