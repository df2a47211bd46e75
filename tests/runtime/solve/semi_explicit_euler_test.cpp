// Semi-explicit Euler against closed forms on the damped oscillator q'' = -w^2 q - 2 z w q':
// its stability limit, its order, and its refusal of velocities without positions.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "runtime/solve/integrator.h"
#include "tests/runtime/solve/integrator_test_support.h"

namespace hawser::integrator_test {
namespace {

TEST_CASE("semi-explicit Euler is stable up to h w = 2 (sqrt(z^2 + 1) - z)") {
  // In (q, v / w) one step is M = [[1 - a^2, a (1 - 2 z a)], [-a, 1 - 2 z a]], a = h w:
  // det M = 1 - 2 z a, tr M = 2 - a^2 - 2 z a. Jury's conditions |det| < 1 and
  // 1 + det > |tr| hold while a^2 + 4 z a - 4 < 0, i.e. a < 2 (sqrt(z^2 + 1) - z): 2 undamped
  // (the leapfrog limit), 1.035 at z = 1/sqrt(2) (a cable's fastest axial mode at DampingRatio
  // 0.5). 2 % below the limit the eigenvalues' modulus is at most 1 (exactly 1 undamped, whose
  // motion stays on an ellipse: growth 1 up to sampling, hence 1.01); 2 % above it is 1.06 or
  // more, so 3000 steps grow the motion past 1e3 (or overflow).
  const double w = 50.0;
  for (const double zeta : {0.0, 0.3, 1.0 / std::sqrt(2.0), 1.0}) {
    const double limit = 2 * (std::sqrt(zeta * zeta + 1) - zeta) / w;
    CAPTURE(zeta);
    CHECK(Growth(IntegratorKind::kSemiExplicitEuler, w, zeta, 0.98 * limit) <= 1.01);
    CHECK(Growth(IntegratorKind::kSemiExplicitEuler, w, zeta, 1.02 * limit) > 1e3);
  }
}

TEST_CASE("semi-explicit Euler converges at first order") {
  // The damped oscillator to t = 1 against its closed form q = e^{-z w t} (cos(wd t) +
  // z w / wd sin(wd t)), wd = w sqrt(1 - z^2). Halving h halves the error up to O(h) terms (a
  // few % at h = 1e-3): [1.8, 2.2] rejects orders 0 and 2 (ratios 1 and 4).
  const double w = 3.0, zeta = 0.2;
  const double wd = w * std::sqrt(1 - zeta * zeta);
  const double exact = std::exp(-zeta * w) * (std::cos(wd) + zeta * w / wd * std::sin(wd));
  auto error = [&](double h) {
    DampedOscillator system(w, zeta);
    auto integrator =
        MakeIntegrator(system, Settings(IntegratorKind::kSemiExplicitEuler, 1.0, 0.0, h));
    std::vector<double> x{1.0, 0.0};
    integrator->Reset(0.0, x);
    integrator->AdvanceTo(1.0, x);
    return std::abs(x[0] - exact);
  };
  const double ratio = error(1e-3) / error(5e-4);
  CAPTURE(ratio);
  CHECK(ratio > 1.8);
  CHECK(ratio < 2.2);
}

TEST_CASE("semi-explicit Euler moves the position with the new velocity, the rest as Euler") {
  // One step of h = 0.1 from (q, v) = (1, 0) on q'' = -q (w = 1, z = 0): v1 = -0.1, then
  // q1 = 1 + 0.1 v1 = 0.99 (explicit Euler would leave q1 = 1).
  DampedOscillator system(1.0, 0.0);
  auto integrator =
      MakeIntegrator(system, Settings(IntegratorKind::kSemiExplicitEuler, 0.1, 0.0, 0.1));
  std::vector<double> x{1.0, 0.0};
  integrator->Reset(0.0, x);
  integrator->AdvanceTo(0.1, x);
  CHECK(x[0] == doctest::Approx(0.99).epsilon(1e-15));
  CHECK(x[1] == doctest::Approx(-0.1).epsilon(1e-15));
  CHECK(integrator->stats().rhs_evals == 1);
  CHECK(integrator->name() == "semi-explicit-euler");
}

TEST_CASE("semi-explicit Euler refuses velocities that no position is paired with") {
  class Unpaired : public Oscillator {
   public:
    Unpaired() : Oscillator(1.0) {}
    std::vector<std::string> UnpairedVelocities() const override { return {"B.Vel", "B.AngVel"}; }
  } system;
  try {
    MakeIntegrator(system, Settings(IntegratorKind::kSemiExplicitEuler, 1.0, 0.0, 0.1));
    FAIL("accepted");
  } catch (const ScenarioError& e) {
    const std::string what = e.what();
    CAPTURE(what);
    CHECK(what.rfind("test.xml:3: error: ", 0) == 0);  // The <Engine>'s line.
    CHECK(what.find("B.Vel, B.AngVel do not") != std::string::npos);
    CHECK(what.find("use rk4 or cvode-bdf") != std::string::npos);
  }
}

}  // namespace
}  // namespace hawser::integrator_test
