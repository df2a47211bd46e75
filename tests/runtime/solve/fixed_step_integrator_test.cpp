// The fixed-step integrators (explicit Euler, RK4) against closed-form solutions: convergence
// order, output times between steps, and the overflow check.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "hawser/errors.h"
#include "runtime/solve/integrator.h"
#include "tests/runtime/solve/integrator_test_support.h"

namespace hawser::integrator_test {
namespace {

/// x' = 3 t^2: x = t^3 from x(0) = 0. RK4 reduces to Simpson's rule here, exact for cubics.
class Cubic : public OdeSystem {
 public:
  int size() const override { return 1; }
  bool Rhs(double t, const double* /*x*/, double* xdot) override {
    xdot[0] = 3 * t * t;
    return true;
  }
};

/// x' = 1: x = t from x(0) = 0, which forward Euler integrates exactly.
class Ramp : public OdeSystem {
 public:
  int size() const override { return 1; }
  bool Rhs(double /*t*/, const double* /*x*/, double* xdot) override {
    xdot[0] = 1;
    return true;
  }
};

TEST_CASE("explicit Euler converges at first order") {
  // x' = -x to t = 1: Euler gives (1 - h)^(1/h), whose error is e^-1 h / 2 (1 + O(h)). Halving h
  // halves the error, so the ratio is 2 up to the O(h) term (~1% at h = 0.01); [1.8, 2.2] accepts
  // that and rejects order 0 or 2 (ratios 1 or 4).
  auto error = [](double h) {
    Decay system;
    auto integrator = MakeIntegrator(system, Settings(IntegratorKind::kEuler, 1.0, 0.0, h));
    std::vector<double> x{1.0};
    integrator->Reset(0.0, x);
    integrator->AdvanceTo(1.0, x);
    return std::abs(x[0] - std::exp(-1.0));
  };
  const double ratio = error(0.01) / error(0.005);
  CAPTURE(ratio);
  CHECK(ratio > 1.8);
  CHECK(ratio < 2.2);
}

TEST_CASE("RK4 converges at fourth order") {
  // Same problem: the ratio for h and h/2 is 2^4 = 16 up to the next-order term (a few percent at
  // h = 0.1); [14, 18] rejects orders 3 and 5 (8 and 32).
  auto error = [](double h) {
    Decay system;
    auto integrator = MakeIntegrator(system, Settings(IntegratorKind::kRk4, 1.0, 0.0, h));
    std::vector<double> x{1.0};
    integrator->Reset(0.0, x);
    integrator->AdvanceTo(1.0, x);
    return std::abs(x[0] - std::exp(-1.0));
  };
  const double ratio = error(0.1) / error(0.05);
  CAPTURE(ratio);
  CHECK(ratio > 14);
  CHECK(ratio < 18);
}

TEST_CASE("fixed-step methods land exactly on output times that are not step multiples") {
  SUBCASE("rk4 on x' = 3t^2 gives t^3 exactly") {
    Cubic system;
    auto integrator = MakeIntegrator(system, Settings(IntegratorKind::kRk4, 2.0, 0.0, 0.1));
    std::vector<double> x{0.0};
    integrator->Reset(0.0, x);
    integrator->AdvanceTo(0.37, x);
    // Exact method, so only round-off (1e-14) separates the result from 0.37^3 = 0.050653; the
    // nearest step (0.4^3 = 0.064) would miss by 1e-2.
    CHECK(std::abs(x[0] - 0.37 * 0.37 * 0.37) < 1e-14);
    // Three full steps and one of 0.07; four RHS evaluations per step.
    CHECK(integrator->stats().steps == 4);
    CHECK(integrator->stats().rhs_evals == 16);
    CHECK(integrator->stats().last_step == doctest::Approx(0.07).epsilon(1e-12));
    integrator->AdvanceTo(1.0, x);  // From 0.37: six full steps and one of 0.03.
    CHECK(std::abs(x[0] - 1.0) < 1e-14);
    CHECK(integrator->stats().steps == 11);
    integrator->AdvanceTo(1.0, x);  // Already there: no step.
    CHECK(integrator->stats().steps == 11);
  }
  SUBCASE("euler on x' = 1 gives t exactly") {
    Ramp system;
    auto integrator = MakeIntegrator(system, Settings(IntegratorKind::kEuler, 2.0, 0.0, 0.1));
    std::vector<double> x{0.0};
    integrator->Reset(0.0, x);
    for (double t : {0.37, 0.5, 1.0, 1.23, 2.0}) {
      integrator->AdvanceTo(t, x);
      CHECK(std::abs(x[0] - t) < 1e-14);  // Round-off of a sum of ~20 steps.
    }
    // 1.0 = 10 steps of 0.1 (no sliver step from round-off), rhs_evals == steps for Euler.
    CHECK(integrator->stats().steps == 4 + 2 + 5 + 3 + 8);
    CHECK(integrator->stats().rhs_evals == integrator->stats().steps);
  }
}

TEST_CASE("a state that overflows in a fixed step is reported") {
  // Euler on x' = -1000 x with h = 1 multiplies x by -999 each step: overflow after ~103 steps.
  class Stiff : public OdeSystem {
   public:
    int size() const override { return 1; }
    bool Rhs(double, const double* x, double* xdot) override {
      xdot[0] = -1000 * x[0];
      return true;  // Deliberately unchecked: the integrator's own check must catch it.
    }
  } system;
  auto integrator = MakeIntegrator(system, Settings(IntegratorKind::kEuler, 1000.0, 0.0, 1.0));
  std::vector<double> x{1.0};
  integrator->Reset(0.0, x);
  CHECK_THROWS_WITH_AS(integrator->AdvanceTo(1000.0, x),
                       doctest::Contains("the step is probably too large"), SimulationError);
}

}  // namespace
}  // namespace hawser::integrator_test
