// The leapfrog against closed forms on the damped oscillator q'' = -w^2 q - 2 z w q' with its
// damping taken implicitly (SolveImplicitPart): the undamped stability limit h w < 2 at any
// damping ratio, second order in position and output velocity, equal steps that divide each
// output interval, and its refusal of velocities without positions.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "runtime/solve/integrator.h"
#include "tests/runtime/solve/integrator_test_support.h"

namespace hawser::integrator_test {
namespace {

std::unique_ptr<Integrator> Leapfrog(OdeSystem& system, double end, double h) {
  return MakeIntegrator(system, Settings(IntegratorKind::kLeapfrog, end, 0.0, h));
}

TEST_CASE("the leapfrog is stable up to h w = 2 at any damping ratio") {
  // The stiffness is explicit (the leapfrog's limit h w < 2 undamped) and the damping centred
  // implicitly, which does not narrow it: semi-explicit Euler stops at 2 (sqrt(z^2 + 1) - z),
  // 1.035 at z = 1/sqrt(2). 1 % either side of 2: bounded inside (growth <= 1; undamped,
  // 1 + 1e-3, since the leapfrog keeps a modified energy, not |(w q, v)|, whose sampled maxima
  // differ slightly between windows) and diverging outside (growth > 1e6 over 3000
  // steps: 1e13 at z = 2, more at smaller z).
  for (const double zeta : {0.0, 0.3, 1.0 / std::sqrt(2.0), 2.0}) {
    CAPTURE(zeta);
    CHECK(Growth(IntegratorKind::kLeapfrog, 10.0, zeta, 0.198) <= (zeta == 0.0 ? 1.0 + 1e-3 : 1.0));
    CHECK(Growth(IntegratorKind::kLeapfrog, 10.0, zeta, 0.202) > 1e6);
  }
}

TEST_CASE("the leapfrog converges at second order in position and output velocity") {
  // To t = 1 against the closed form (ErrorsAtOne). Halving h quarters both errors up to O(h)
  // terms (2 % at these steps): [3.6, 4.4] rejects orders 1 and 3 (ratios 2, 8). The velocity
  // is second order only with the output's half-step correction and the first step's half
  // kick; the step 1e-2 divides the interval (the steps are equal).
  for (const double h : {1e-2, 1e-3}) {
    const std::vector<double> coarse = ErrorsAtOne(IntegratorKind::kLeapfrog, h),
                              fine = ErrorsAtOne(IntegratorKind::kLeapfrog, h / 2);
    for (int k = 0; k < 2; ++k) {
      const double ratio = coarse[k] / fine[k];
      CAPTURE(h);
      CAPTURE(k);
      CAPTURE(ratio);
      CHECK(ratio > 3.6);
      CHECK(ratio < 4.4);
    }
  }
}

TEST_CASE("the leapfrog takes equal steps of at most stepsize that divide the interval") {
  // 0.1 s with stepsize 0.03: four steps of 0.025 (semi-explicit Euler: three of 0.03 and
  // one of 0.01), one evaluation each.
  DampedOscillator system(1.0, 0.1);
  auto integrator = Leapfrog(system, 0.1, 0.03);
  std::vector<double> x{1.0, 0.0};
  integrator->Reset(0.0, x);
  integrator->AdvanceTo(0.1, x);
  CHECK(integrator->stats().steps == 4);
  CHECK(integrator->stats().rhs_evals == 4);
  CHECK(integrator->stats().last_step == doctest::Approx(0.025).epsilon(1e-12));
  CHECK(integrator->name() == "leapfrog");
}

TEST_CASE("the leapfrog refuses velocities that no position is paired with") {
  CheckRefusesUnpairedVelocities(IntegratorKind::kLeapfrog);
}

}  // namespace
}  // namespace hawser::integrator_test
