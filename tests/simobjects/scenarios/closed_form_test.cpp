// Whole scenarios against their closed-form solutions, for every integrator.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>

#include "runtime/run/simulation.h"
#include "simobjects/register_base.h"
#include "tests/runtime/scenario/fhsim_example.h"

namespace hawser {
namespace {

// A 2 kg body on a spring (k = 50 N/m, L0 = 1 m) under gravity, released 0.5 m above the static
// equilibrium: z(t) = z_eq + 0.5 cos(w t), w = sqrt(k/m), z_eq = -(L0 + m g / k).
std::string MassOnSpring(const std::string& integrator, const std::string& tolerances,
                         double step) {
  return fmt::format(R"(<Contents><OBJECTS>
  <Lib LibName="base" SimObject="Cable/LinearSpring" Name="Spring" Stiffness="50" RelaxedLength="1" />
  <Lib LibName="base" SimObject="Body/3DBody" Name="Ball" Mass="2" />
</OBJECTS><INTERCONNECTIONS>
  <Connection Spring.PosA="0,0,0" Spring.PosB="Ball.Pos" Ball.Force="Spring.ForceB" />
</INTERCONNECTIONS><INITIALIZATION>
  <InitialCondition Ball.Pos="0,0,-0.8924" />
</INITIALIZATION><INTEGRATION>
  <Engine Integrator="{}" {} stepsize="{}" TOutput="0, 0.1, 5" FileOutput="object.Ball.Pos" />
</INTEGRATION></Contents>)",
                     integrator, tolerances, step);
}

double MassOnSpringZ(double t) {
  const double k = 50, m = 2, g = 9.81, l0 = 1;
  return -(l0 + m * g / k) + 0.5 * std::cos(std::sqrt(k / m) * t);
}

// Largest error over all output times, relative to the oscillation amplitude 0.5 m.
double MassOnSpringError(const std::string& integrator, const std::string& tolerances,
                         double step) {
  MemorySink result =
      RunScenarioText(MassOnSpring(integrator, tolerances, step), BuiltinRegistry());
  REQUIRE(result.result().status == RunStatus::kCompleted);
  REQUIRE(result.times().size() == 51);
  const auto z = result.Column("Ball.Pos[2]");
  double worst = 0;
  for (size_t i = 0; i < z.size(); ++i)
    worst = std::max(worst, std::abs(z[i] - MassOnSpringZ(result.times()[i])));
  return worst / 0.5;
}

// The damped oscillator of configs/linear_system_oscillator.xml, step response:
// x = 1 - exp(-zeta w t) (cos(wd t) + zeta w / wd sin(wd t)), w = 2, zeta = 0.1.
double OscillatorX(double t) {
  const double w = 2, zeta = 0.1, wd = w * std::sqrt(1 - zeta * zeta);
  return 1 - std::exp(-zeta * w * t) * (std::cos(wd * t) + zeta * w / wd * std::sin(wd * t));
}

double OscillatorError(const std::string& integrator, const std::string& tolerances, double step) {
  const std::string xml = fmt::format(R"(<Contents><OBJECTS>
  <Lib LibName="base" SimObject="Math/LinearSystem" Name="Osc" A="0,1;-4,-0.4" B="0;4" C="1,0" D="0" />
</OBJECTS><INTERCONNECTIONS><Connection Osc.In="1" /></INTERCONNECTIONS>
<INITIALIZATION><InitialCondition Osc.State="0,0" /></INITIALIZATION><INTEGRATION>
  <Engine Integrator="{}" {} stepsize="{}" TOutput="0, 0.1, 20" FileOutput="object.Osc.Out" />
</INTEGRATION></Contents>)",
                                      integrator, tolerances, step);
  MemorySink result = RunScenarioText(xml, BuiltinRegistry());
  REQUIRE(result.result().status == RunStatus::kCompleted);
  const auto x = result.Column("Osc.Out");
  double worst = 0;
  // The step response's overshoot peak is ~1.73; errors are relative to the unit step size.
  for (size_t i = 0; i < x.size(); ++i)
    worst = std::max(worst, std::abs(x[i] - OscillatorX(result.times()[i])));
  return worst;
}

// Tight solver tolerances so that the integrators' global error is below 1e-6, the accuracy these
// closed-form checks require; the assertion tolerance itself is that requirement.
const char* kTight = R"(AbsTol="1e-12" RelTol="1e-12")";

TEST_CASE("mass on spring matches cos(w t) to 1e-6 for CVODE BDF, CVODE Adams and RK4") {
  CHECK(MassOnSpringError("cvode-bdf", kTight, 0) < 1e-6);
  CHECK(MassOnSpringError("cvode-adams", kTight, 0) < 1e-6);
  // RK4's error ~ (w h)^4 t w / 120 per unit amplitude: h = 1e-3 gives ~1e-11.
  CHECK(MassOnSpringError("rk4", "", 1e-3) < 1e-6);
}

TEST_CASE("LinearSystem oscillator matches its closed-form step response to 1e-6") {
  CHECK(OscillatorError("cvode-bdf", kTight, 0) < 1e-6);
  CHECK(OscillatorError("cvode-adams", kTight, 0) < 1e-6);
  CHECK(OscillatorError("rk4", "", 1e-3) < 1e-6);
}

TEST_CASE("explicit Euler converges at first order: halving the step halves the error") {
  const double e1 = MassOnSpringError("euler", "", 1e-4);
  const double e2 = MassOnSpringError("euler", "", 5e-5);
  const double e4 = MassOnSpringError("euler", "", 2.5e-5);
  // First order: ratio 2 plus O(h) terms; at w h = 5e-4 those are far below 5 %.
  CHECK(e1 / e2 == doctest::Approx(2.0).epsilon(0.05));
  CHECK(e2 / e4 == doctest::Approx(2.0).epsilon(0.05));
}

TEST_CASE("FhSim's LinearSpring example: 31 rows, ForceA = (0,0,-50), ForceB = (0,0,50)") {
  // The page's example: k = 10, L0 = 10, A = origin, B = (0,0,5): |F| = k (L0 - L) = 50, pushing
  // the ends apart (compression), so A is pushed down and B up.
  MemorySink r = RunScenarioText(kFhSimLinearSpring, BuiltinRegistry());
  REQUIRE(r.times().size() == 31);
  for (size_t i = 0; i < 31; ++i) {
    CHECK(r.times()[i] == static_cast<double>(i));
    CHECK(r.rows()[i][0] == 0.0);    // ForceA[0]
    CHECK(r.rows()[i][2] == -50.0);  // ForceA[2]: exact in floating point (10 * (5 - 10) * 5 / 5)
    CHECK(r.rows()[i][5] == 50.0);   // ForceB[2]
  }
}

}  // namespace
}  // namespace hawser
