// Every integrator behind the Integrator interface against closed-form solutions: dense output,
// failures and exceptions from the system, statistics and unusable settings. Tests of one
// integrator alone are in cvode_integrator_test.cpp and fixed_step_integrator_test.cpp.
#include "runtime/solve/integrator.h"

#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "runtime/model/ode_system.h"
#include "runtime/scenario/engine_settings.h"
#include "tests/runtime/solve/integrator_test_support.h"

namespace hawser::integrator_test {
namespace {

/// x' = -x until t_fail, then a non-finite derivative reported through Diagnose().
class FailsAfter : public OdeSystem {
 public:
  explicit FailsAfter(double t_fail) : t_fail_(t_fail) {}
  int size() const override { return 1; }
  bool Rhs(double t, const double* x, double* xdot) override {
    if (t > t_fail_) {
      xdot[0] = std::nan("");
      return false;
    }
    xdot[0] = -x[0];
    return true;
  }
  std::string Diagnose() const override {
    return "object 'Blob' (Test/Blob): state 'x' rate is NaN";
  }
  /// So that LinearSolver="sparse" takes its own path (colored differences and KLU).
  const SparsityPattern* Sparsity() const override { return &pattern_; }

 private:
  double t_fail_;
  SparsityPattern pattern_ = PatternOf(1, {}, {});
};

struct RhsBoom : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// x' = -x, throwing RhsBoom after t_throw while `armed`.
class ThrowsAfter : public OdeSystem {
 public:
  explicit ThrowsAfter(double t_throw) : t_throw_(t_throw) {}
  int size() const override { return 1; }
  bool Rhs(double t, const double* x, double* xdot) override {
    if (armed && t > t_throw_) throw RhsBoom("boom");
    xdot[0] = -x[0];
    return true;
  }
  bool armed = true;

 private:
  double t_throw_;
};

/// A model with no states (only signal blocks, say).
class Empty : public OdeSystem {
 public:
  int size() const override { return 0; }
  bool Rhs(double, const double*, double*) override { return true; }
};

const IntegratorKind kAllKinds[] = {IntegratorKind::kCvodeBdf, IntegratorKind::kCvodeAdams,
                                    IntegratorKind::kRk4, IntegratorKind::kEuler};

TEST_CASE("harmonic oscillator matches cos/sin at every output time") {
  const double w = 2.0;
  // 0.37 k is never a multiple of a fixed step or of CVODE's steps: values come from dense output.
  std::vector<double> times;
  for (int k = 1; k <= 27; ++k) times.push_back(0.37 * k);
  times.push_back(10.0);

  struct Case {
    IntegratorKind kind;
    double tol;
    double step;
  };
  // CVODE at AbsTol = RelTol = 1e-10 keeps the global error over ~3 periods near 1e-8; RK4 with
  // h = 1e-3 has global error ~ T w^5 h^4 / 120 ~ 3e-12. 1e-6 of the amplitude leaves a wide
  // margin, yet an output taken at the nearest step instead of t (|dt| ~ 1e-3 or more) would be
  // off by ~ w |dt| ~ 2e-3.
  for (const Case c :
       {Case{IntegratorKind::kCvodeBdf, 1e-10, 0.0}, Case{IntegratorKind::kCvodeAdams, 1e-10, 0.0},
        Case{IntegratorKind::kRk4, 0.0, 1e-3}}) {
    CAPTURE(ToString(c.kind));
    Oscillator system(w);
    EngineSettings settings = Settings(c.kind, 10.0, c.tol, c.step);
    auto integrator = MakeIntegrator(system, settings);
    CHECK(integrator->name() == ToString(c.kind));
    std::vector<double> x{1.0, 0.0};
    integrator->Reset(0.0, x);
    for (double t : times) {
      CAPTURE(t);
      integrator->AdvanceTo(t, x);
      CHECK(std::abs(x[0] - std::cos(w * t)) < 1e-6);          // Amplitude of q: 1.
      CHECK(std::abs(x[1] + w * std::sin(w * t)) < 1e-6 * w);  // Amplitude of v: w.
    }
  }
}

TEST_CASE("a non-finite derivative becomes a SimulationError with the Diagnose text") {
  for (IntegratorKind kind : kAllKinds) {
    for (LinearSolverKind ls : {LinearSolverKind::kAuto, LinearSolverKind::kSparse}) {
      if (ls == LinearSolverKind::kSparse && kind != IntegratorKind::kCvodeBdf) continue;
      CAPTURE(ToString(kind));
      CAPTURE(ToString(ls));
      FailsAfter system(1.0);
      EngineSettings settings = Settings(kind, 2.0, 1e-8, 0.1);
      settings.linear_solver = ls;
      auto integrator = MakeIntegrator(system, settings);
      std::vector<double> x{1.0};
      integrator->Reset(0.0, x);
      integrator->AdvanceTo(0.5, x);
      // Before the failure the solution is normal: CVODE (RelTol 1e-8) and RK4 (h = 0.1, error
      // ~ 1e-7) within 1e-4 relative; Euler (0.9^5 vs e^-0.5, 2.6 % low) within 5 %.
      CHECK(x[0] ==
            doctest::Approx(std::exp(-0.5)).epsilon(kind == IntegratorKind::kEuler ? 5e-2 : 1e-4));
      try {
        integrator->AdvanceTo(2.0, x);
        FAIL("no SimulationError");
      } catch (const SimulationError& e) {
        const std::string message = e.what();
        MESSAGE(message);
        CHECK(message.find("object 'Blob' (Test/Blob): state 'x' rate is NaN") !=
              std::string::npos);
        CHECK(message.find("non-finite value at t = 1") != std::string::npos);
        if (kind == IntegratorKind::kCvodeBdf || kind == IntegratorKind::kCvodeAdams) {
          CHECK(message.find("solver failed at t = ") == 0);
          CHECK(message.find("CV_") != std::string::npos);
          // Past t = 1 no step can succeed: CVODE shrinks h until t + h == t, and the integrator
          // must give up there rather than take MaxSteps (500000) steps of zero length.
          CHECK(integrator->stats().steps < 1000);
        }
      }
    }
  }
}

TEST_CASE("an exception thrown by the system propagates unchanged") {
  for (IntegratorKind kind : kAllKinds) {
    CAPTURE(ToString(kind));
    ThrowsAfter system(0.5);
    auto integrator = MakeIntegrator(system, Settings(kind, 1.0, 1e-8, 0.01));
    std::vector<double> x{1.0};
    integrator->Reset(0.0, x);
    CHECK_THROWS_AS(integrator->AdvanceTo(1.0, x), RhsBoom);
    // The integrator is still usable after a Reset.
    system.armed = false;
    x = {1.0};
    integrator->Reset(0.0, x);
    integrator->AdvanceTo(1.0, x);
    // CVODE (RelTol 1e-8) and RK4 (h = 0.01, error ~ 1e-10) are far inside 1e-4 relative; Euler's
    // error is about h/2 = 0.5 % relative, so it gets 1e-2.
    const double tol = kind == IntegratorKind::kEuler ? 1e-2 : 1e-4;
    CHECK(x[0] == doctest::Approx(std::exp(-1.0)).epsilon(tol));
  }
}

TEST_CASE("solver statistics are counted") {
  for (IntegratorKind kind : kAllKinds) {
    CAPTURE(ToString(kind));
    Decay system;
    auto integrator = MakeIntegrator(system, Settings(kind, 1.0, 1e-8, 0.01));
    std::vector<double> x{1.0};
    integrator->Reset(0.0, x);
    integrator->AdvanceTo(1.0, x);
    const SolverStats s = integrator->stats();
    CHECK(s.steps > 0);
    CHECK(s.rhs_evals >= s.steps);  // Every step evaluates the RHS at least once.
    CHECK(s.last_step > 0);
    if (kind == IntegratorKind::kRk4) CHECK(s.rhs_evals == 4 * s.steps);
    if (kind == IntegratorKind::kEuler) CHECK(s.rhs_evals == s.steps);
    if (kind == IntegratorKind::kRk4 || kind == IntegratorKind::kEuler) CHECK(s.steps == 100);
    if (kind == IntegratorKind::kCvodeBdf || kind == IntegratorKind::kCvodeAdams) {
      // Newton iteration with a finite-difference Jacobian for both methods.
      CHECK(s.nonlinear_iterations > 0);
      CHECK(s.jacobian_evals > 0);
      CHECK(s.linear_setups > 0);
    }
  }
}

TEST_CASE("a system without states just advances time") {
  for (IntegratorKind kind : kAllKinds) {
    CAPTURE(ToString(kind));
    Empty system;
    auto integrator = MakeIntegrator(system, Settings(kind, 1.0, 1e-8, 0.1));
    std::vector<double> x;
    integrator->Reset(0.0, x);
    integrator->AdvanceTo(0.5, x);
    integrator->AdvanceTo(1.0, x);
    CHECK(integrator->stats().rhs_evals == 0);
  }
}

TEST_CASE("unusable settings are scenario errors at the Engine element") {
  Decay system;
  SUBCASE("fixed-step methods need a step") {
    for (IntegratorKind kind : {IntegratorKind::kRk4, IntegratorKind::kEuler}) {
      CHECK_THROWS_WITH_AS(MakeIntegrator(system, Settings(kind, 1.0, 0.0, 0.0)),
                           doctest::Contains("stepsize=0 cannot be used"), ScenarioError);
    }
  }
  SUBCASE("negative tolerances and HMin > HMax") {
    EngineSettings settings = Settings(IntegratorKind::kCvodeBdf, 1.0, -1.0);
    CHECK_THROWS_AS(MakeIntegrator(system, settings), ScenarioError);
    settings = Settings(IntegratorKind::kCvodeBdf, 1.0);
    settings.h_min = 1.0;
    settings.h_max = 0.1;
    CHECK_THROWS_WITH_AS(MakeIntegrator(system, settings),
                         doctest::Contains("HMin=1 is greater than HMax=0.1"), ScenarioError);
  }
}

}  // namespace
}  // namespace hawser::integrator_test
