// The Newmark integrator against closed forms on the damped oscillator q'' = -w^2 q - 2 z w q'
// with its damping and a share of its stiffness taken implicitly (SolveImplicitPart):
// unconditionally stable when the stiffness is implicit, the explicit limit h w < sqrt(2)
// otherwise, second order in position and velocity, the shortened last step, and its refusal
// of velocities without positions.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "runtime/solve/integrator.h"
#include "tests/runtime/solve/integrator_test_support.h"

namespace hawser::integrator_test {
namespace {

std::unique_ptr<Integrator> Newmark(OdeSystem& system, double end, double h) {
  return MakeIntegrator(system, Settings(IntegratorKind::kNewmark, end, 0.0, h));
}

TEST_CASE("newmark with the stiffness implicit is stable at any step") {
  // Linear and all implicit, the step is the trapezoidal (average acceleration) Newmark
  // exactly, whose amplification is <= 1 at every h w: undamped it keeps v^2 + w^2 q^2 (to
  // rounding over 4000 steps: 1e-9), damped it decays.
  for (const double zeta : {0.0, 0.3, 2.0}) {
    for (const double hw : {2.0, 20.0, 200.0}) {
      CAPTURE(zeta);
      CAPTURE(hw);
      CHECK(Growth(IntegratorKind::kNewmark, 10.0, zeta, hw / 10.0, 1.0) <=
            (zeta == 0.0 ? 1.0 + 1e-9 : 1.0));
    }
  }
}

TEST_CASE("newmark with the stiffness explicit is stable up to h w = sqrt(2)") {
  // The predictor x + h v + h^2/2 a puts the explicit limit at h w = sqrt(2) whatever the
  // (implicit) damping: the amplification's spectral radius is 0.96-0.99 at 0.99 sqrt(2) and
  // 1.010-1.041 at 1.01 sqrt(2) for these z (its 3x3 matrix), so the motion decays inside and
  // grows past 1e6 in 3000 steps outside (1.0104^3000 = 3e13).
  for (const double zeta : {0.0, 0.3, 1.0 / std::sqrt(2.0), 2.0}) {
    CAPTURE(zeta);
    CHECK(Growth(IntegratorKind::kNewmark, 10.0, zeta, 0.099 * std::sqrt(2.0)) <= 1.0);
    CHECK(Growth(IntegratorKind::kNewmark, 10.0, zeta, 0.101 * std::sqrt(2.0)) > 1e6);
  }
}

TEST_CASE("newmark with beta below 1/4 is stable to h w = 1 / sqrt(1/4 - beta)") {
  // NewmarkBeta 0.2, the stiffness implicit: the limit 1 / sqrt(0.05) = 4.472 (Newmark's
  // conditional stability), whatever the damping. 2 % either side: at 1.02 the amplification's
  // spectral radius is 1.0089 even at z = 2 (3e11 over 3000 steps); at 0.98 it is 1 undamped
  // and the sampled maxima of the invariant, an ellipse that eccentric there, stay within
  // 1e-9 (at 0.99 they do not quite).
  const double limit = 1.0 / std::sqrt(0.05);
  for (const double zeta : {0.0, 0.3, 2.0}) {
    CAPTURE(zeta);
    CHECK(Growth(IntegratorKind::kNewmark, 10.0, zeta, 0.098 * limit, 1.0, 0.2) <=
          (zeta == 0.0 ? 1.0 + 1e-9 : 1.0));
    CHECK(Growth(IntegratorKind::kNewmark, 10.0, zeta, 0.102 * limit, 1.0, 0.2) > 1e6);
  }
}

TEST_CASE("newmark's period error scales as beta / 2 - 1/24") {
  // Undamped, the stiffness implicit: Newmark keeps the amplitude, and its phase lags by
  // (beta / 2 - 1/24) (h w)^2 per radian, so at t = 1 (w = 3, h = 1e-3) the position errors of
  // beta 0.2 and 1/4 stand as (0.1 - 1/24) / (0.125 - 1/24) = 0.7, to O(h^2) (1e-5 here) and
  // the error's sine of 3 rad less its O(phase^2) terms.
  auto error = [](double beta) {
    DampedOscillator system(3.0, 0.0, 1.0);
    EngineSettings settings = Settings(IntegratorKind::kNewmark, 1.0, 0.0, 1e-3);
    settings.newmark_beta = beta;
    auto integrator = MakeIntegrator(system, settings);
    std::vector<double> x{1.0, 0.0};
    integrator->Reset(0.0, x);
    integrator->AdvanceTo(1.0, x);
    return std::abs(x[0] - std::cos(3.0));
  };
  CHECK(error(0.2) / error(0.25) == doctest::Approx(0.7).epsilon(1e-3));
}

TEST_CASE("newmark converges at second order in position and velocity") {
  // To t = 1 against the closed form (ErrorsAtOne) with none, half and all of the stiffness
  // implicit. Halving h quarters both errors up to O(h) terms (2.5 % at these steps; 14 % at
  // h = 1e-2 with the stiffness explicit, whose position error has a large third-order term):
  // [3.6, 4.4] rejects orders 1 and 3 (ratios 2, 8). The velocity needs no output correction:
  // Newmark's states are at the step's end.
  for (const double share : {0.0, 0.5, 1.0}) {
    for (const double h : {2e-3, 1e-3}) {
      const std::vector<double> coarse = ErrorsAtOne(IntegratorKind::kNewmark, h, share),
                                fine = ErrorsAtOne(IntegratorKind::kNewmark, h / 2, share);
      for (int k = 0; k < 2; ++k) {
        const double ratio = coarse[k] / fine[k];
        CAPTURE(share);
        CAPTURE(h);
        CAPTURE(k);
        CAPTURE(ratio);
        CHECK(ratio > 3.6);
        CHECK(ratio < 4.4);
      }
    }
  }
}

TEST_CASE("newmark evaluates once per step and once at the start") {
  // 0.1 s with stepsize 0.03: three steps of 0.03 and a last one of 0.01 that lands on the
  // output time; the acceleration at the initial state takes one more evaluation.
  DampedOscillator system(1.0, 0.1);
  auto integrator = Newmark(system, 0.1, 0.03);
  std::vector<double> x{1.0, 0.0};
  integrator->Reset(0.0, x);
  integrator->AdvanceTo(0.1, x);
  CHECK(integrator->stats().steps == 4);
  CHECK(integrator->stats().rhs_evals == 5);
  CHECK(integrator->stats().last_step == doctest::Approx(0.01).epsilon(1e-9));
  CHECK(integrator->name() == "newmark");
}

TEST_CASE("newmark refuses velocities that no position is paired with") {
  CheckRefusesUnpairedVelocities(IntegratorKind::kNewmark);
}

}  // namespace
}  // namespace hawser::integrator_test
