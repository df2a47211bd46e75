#include <doctest/doctest.h>

#include <cmath>
#include <numbers>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {

TEST_CASE("Body/Buoy submerged, no drag: constant acceleration (rho V - m) g / (m + Ca rho V)") {
  const double r = 0.5, m = 200.0, rho = 1025.0, g = 9.81, ca = 0.5;
  const double v = 4.0 / 3.0 * std::numbers::pi * r * r * r;
  const double a = (rho * v - m) * g / (m + ca * rho * v);
  const MemorySink sink = Run(ScenarioXml(
      R"(<Lib LibName="base" SimObject="Body/Buoy" Name="B" Mass="200" Diameter="1" Cd="0"/>)", "",
      R"(<InitialCondition B.Pos="1,2,-50"/>)"));
  for (size_t i = 0; i < sink.times().size(); ++i) {
    const double t = sink.times()[i];
    // Polynomial solution; tolerances 1e-11 keep the error below 1e-8.
    CHECK(sink.Column("B.Pos[2]")[i] == doctest::Approx(-50.0 + 0.5 * a * t * t).epsilon(1e-8));
    CHECK(sink.Column("B.Pos[0]")[i] == doctest::Approx(1.0).epsilon(1e-12));
  }
}

TEST_CASE("Body/Buoy with drag reaches the terminal velocity sqrt(2 (rho V - m) g / (rho Cd A))") {
  const double r = 0.5, m = 200.0, rho = 1025.0, g = 9.81, cd = 0.5;
  const double v = 4.0 / 3.0 * std::numbers::pi * r * r * r;
  const double terminal =
      std::sqrt(2.0 * (rho * v - m) * g / (rho * cd * std::numbers::pi * r * r));
  const MemorySink sink = Run(ScenarioXml(
      R"(<Lib LibName="base" SimObject="Body/Buoy" Name="B" Mass="200" Diameter="1"/>)", "",
      R"(<InitialCondition B.Pos="0,0,-500"/>)",
      R"(<Engine Integrator="cvode-bdf" AbsTol="1e-10" RelTol="1e-10" TOutput="0, 10, 60"/>)"));
  // The approach is exponential-like with time constant ~ (m + a) / (rho Cd A u_t) ~ 0.3 s:
  // after 60 s the velocity equals the terminal one to rounding (1e-9 relative).
  CHECK(sink.Column("B.Vel[2]").back() == doctest::Approx(terminal).epsilon(1e-9));
}

TEST_CASE("Body/Buoy settles at the surface where buoyancy equals weight (Settle)") {
  const double m = 300.0, g = 9.81;
  const MemorySink sink = Run(ScenarioXml(
      R"(<Lib LibName="base" SimObject="Body/Buoy" Name="B" Mass="300" Diameter="1.2"/>)", "",
      R"(<InitialCondition B.Pos="0,0,0.3"/>)",
      R"(<Engine Integrator="cvode-bdf" AbsTol="1e-10" RelTol="1e-10" TOutput="0, 1, 1" Settle="1"/>)"));
  // Static equilibrium: rho V_s g = m g; settled to a residual far below 1e-9 relative.
  CHECK(sink.Column("B.Buoyancy")[0] == doctest::Approx(m * g).epsilon(1e-9));
  CHECK(sink.Column("B.Buoyancy")[1] == doctest::Approx(m * g).epsilon(1e-7));  // Stays there.
  CHECK(sink.Column("B.Vel[2]")[0] == doctest::Approx(0.0).scale(1e-9));
}

}  // namespace hawser::test
