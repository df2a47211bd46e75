#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {
namespace {

TEST_CASE("Math/Polynomial evaluates c0 + c1 x + c2 x^2 + c3 x^3 element-wise") {
  const MemorySink r = Run(ScenarioXml(
      R"(<Lib LibName="base" SimObject="Src/Clock" Name="C"/>)"
      R"(<Lib LibName="base" SimObject="Signal/Mux" Name="X" NumInput="2"/>)"
      R"(<Lib LibName="base" SimObject="Math/Polynomial" Name="P" PortWidth="2" Coefficients="1, -2, 0.5, 3"/>)",
      R"(<Connection X.In1="C.SimTime" X.In2="-1*C.SimTime"/><Connection P.In="X.Out"/>)"));
  const auto t = r.times();
  const auto p0 = r.Column("P.Out[0]"), p1 = r.Column("P.Out[1]");
  for (size_t i = 0; i < t.size(); ++i) {
    auto p = [](double x) { return 1 - 2 * x + 0.5 * x * x + 3 * x * x * x; };
    // Horner's rule and the expanded form differ by rounding only.
    CHECK(p0[i] == doctest::Approx(p(t[i])).epsilon(1e-14));
    CHECK(p1[i] == doctest::Approx(p(-t[i])).epsilon(1e-14));
  }
}

TEST_CASE("a cubic spring law built from blocks holds the static load k x + k3 x^3 = F") {
  // Exudyn's mini example with a hardening spring: unit force along x, k = 2000, k3 = 4e9,
  // damping 20 (as a scaled velocity term in the connection sum). The settled displacement solves
  // k x + k3 x^3 = 1, found here by Newton's method independently of the simulation.
  const double k = 2000, k3 = 4e9;
  double x = 1.0 / k;
  for (int i = 0; i < 50; ++i) x -= (k * x + k3 * x * x * x - 1.0) / (k + 3 * k3 * x * x);
  const std::string objects =
      R"(<Lib LibName="base" SimObject="Body/Mass" Name="Body" Mass="1"/>)"
      R"(<Lib LibName="base" SimObject="Connector/AxialSpringDamper" Name="S" Axis="1,0,0"/>)"
      R"(<Lib LibName="base" SimObject="Math/Polynomial" Name="Law" Coefficients="0, 2000, 0, 4e9"/>)";
  const std::string connections =
      R"(<Connection S.PosA="0,0,0" S.PosB="Body.Pos" S.VelB="Body.Vel"/>)"
      R"(<Connection Law.In="S.Displacement" S.ForceInput="Law.Out + 20*S.Velocity"/>)"
      R"(<Connection Body.Force="S.ForceB + 1,0,0"/>)";
  const MemorySink r = Run(ScenarioXml(
      objects, connections, "<InitialCondition/>",
      R"(<Engine Integrator="cvode-bdf" AbsTol="1e-12" RelTol="1e-10" TOutput="0, 1, 20" FileOutput="objects:all"/>)"));
  // After 20 s the damped transient (decay rate ~ d / 2m = 10 1/s) is gone: e^-200. What is left
  // is the solver's error, held by RelTol 1e-10 and AbsTol 1e-12 far below the 1e-8 asserted.
  CHECK(r.Column("S.Displacement").back() == doctest::Approx(x).epsilon(1e-8));
  CHECK(x < 0.9 / k);  // The cubic term matters: the linear spring alone would give 1/k.
}

}  // namespace
}  // namespace hawser::test
