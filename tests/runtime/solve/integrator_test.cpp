// Integrators against closed-form solutions, with test-local ODE systems.
#include "runtime/solve/integrator.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "runtime/model/ode_system.h"
#include "runtime/scenario/engine_settings.h"
#include "runtime/solve/cvode_integrator.h"

namespace hawser {
namespace {

/// q'' = -w^2 q as x = (q, v): q = cos(w t), v = -w sin(w t) from q(0) = 1, v(0) = 0.
class Oscillator : public OdeSystem {
 public:
  explicit Oscillator(double w) : w_(w) {}
  int size() const override { return 2; }
  bool Rhs(double /*t*/, const double* x, double* xdot) override {
    xdot[0] = x[1];
    xdot[1] = -w_ * w_ * x[0];
    return true;
  }

 private:
  double w_;
};

/// x' = -x: x = exp(-t) from x(0) = 1.
class Decay : public OdeSystem {
 public:
  int size() const override { return 1; }
  bool Rhs(double /*t*/, const double* x, double* xdot) override {
    xdot[0] = -x[0];
    return true;
  }
};

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

/// Heat-equation chain x_i' = x_{i-1} - 2 x_i + x_{i+1}, x_0 = x_{n+1} = 0 (tridiagonal).
/// Mode k, x_i = sin(k pi i / (n+1)), decays as exp(lambda t), lambda = -4 sin^2(k pi / (2(n+1))).
class HeatChain : public OdeSystem {
 public:
  explicit HeatChain(int n)
      : n_(n), pattern_(PatternOf(n, {{.offset = 0, .width = n, .band = std::pair{1, 1}}}, {})) {}
  int size() const override { return n_; }
  std::pair<int, int> Bandwidth() const override { return {1, 1}; }
  const SparsityPattern* Sparsity() const override { return &pattern_; }
  bool Rhs(double /*t*/, const double* x, double* xdot) override {
    for (int i = 0; i < n_; ++i) {
      const double left = i > 0 ? x[i - 1] : 0.0;
      const double right = i + 1 < n_ ? x[i + 1] : 0.0;
      xdot[i] = left - 2 * x[i] + right;
    }
    return true;
  }
  double Mode(int k, int i) const { return std::sin(k * std::numbers::pi * (i + 1) / (n_ + 1)); }
  double Lambda(int k) const {
    const double s = std::sin(k * std::numbers::pi / (2.0 * (n_ + 1)));
    return -4 * s * s;
  }

 private:
  int n_;
  SparsityPattern pattern_;
};

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

/// x' = -x that must never be evaluated after t_end (counts violations).
class EndGuard : public OdeSystem {
 public:
  explicit EndGuard(double t_end) : t_end_(t_end) {}
  int size() const override { return 1; }
  bool Rhs(double t, const double* x, double* xdot) override {
    if (t > t_end_) ++evaluations_past_end;
    xdot[0] = -x[0];
    return true;
  }
  int evaluations_past_end = 0;

 private:
  double t_end_;
};

/// A model with no states (only signal blocks, say).
class Empty : public OdeSystem {
 public:
  int size() const override { return 0; }
  bool Rhs(double, const double*, double*) override { return true; }
};

EngineSettings Settings(IntegratorKind kind, double end, double tol = 1e-8, double step = 0.0) {
  EngineSettings s;
  s.integrator = kind;
  s.abs_tol = tol;
  s.rel_tol = tol;
  s.step_size = step;
  s.output.start = 0.0;
  s.output.end = end;
  s.loc = {"test.xml", 3};
  return s;
}

const IntegratorKind kCvodeKinds[] = {IntegratorKind::kCvodeBdf, IntegratorKind::kCvodeAdams};
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

TEST_CASE(
    "band, sparse and GMRES solvers on a tridiagonal system agree with dense and the closed form") {
  const int n = 20, k = 3;
  std::vector<SolverStats> stats;
  std::vector<std::vector<double>> results;
  std::vector<std::string> names;
  for (LinearSolverKind ls : {LinearSolverKind::kDense, LinearSolverKind::kBand,
                              LinearSolverKind::kSparse, LinearSolverKind::kGmres}) {
    CAPTURE(ToString(ls));
    HeatChain system(n);
    EngineSettings settings = Settings(IntegratorKind::kCvodeBdf, 5.0, 1e-9);
    settings.linear_solver = ls;
    auto integrator = MakeIntegrator(system, settings);
    std::vector<double> x(n);
    for (int i = 0; i < n; ++i) x[i] = system.Mode(k, i);
    integrator->Reset(0.0, x);
    integrator->AdvanceTo(5.0, x);
    // Tolerance 1e-9 per step; 1e-6 of the initial amplitude 1 covers the global error.
    const double decay = std::exp(system.Lambda(k) * 5.0);
    for (int i = 0; i < n; ++i) CHECK(std::abs(x[i] - system.Mode(k, i) * decay) < 1e-6);
    results.push_back(x);
    stats.push_back(integrator->stats());
    names.push_back(integrator->linear_solver());
  }
  // Same method and tolerances; only the Jacobian's storage (and for sparse its difference
  // increments) differs, so the results agree far below the tolerance-driven error (1e-7 is
  // 100 x RelTol).
  for (int i = 0; i < n; ++i) {
    CHECK(std::abs(results[0][i] - results[1][i]) < 1e-7);
    CHECK(std::abs(results[0][i] - results[2][i]) < 1e-7);
  }
  CHECK(names[0] == "dense");
  CHECK(names[1] == "band, half-bandwidths 1 and 1");
  CHECK(names[2] == "sparse (KLU), 58 nonzeros, 3 column groups");  // 20 + 2 x 19 entries.
  CHECK(names[3] == "GMRES, matrix-free, no preconditioner");
  CHECK(stats[3].jacobian_evals == 0);  // Matrix-free: Jacobian-vector products only.
  // A finite-difference band or colored Jacobian costs 3 RHS evaluations, a dense one n = 20:
  // those runs must have used fewer, which shows their solver was really attached.
  for (int s : {1, 2}) {
    CHECK(stats[s].jacobian_evals > 0);
    CHECK(stats[s].rhs_evals < stats[0].rhs_evals);
  }
}

TEST_CASE("LinearSolver=auto: dense for small systems, sparse for large sparse ones") {
  for (int n : {20, 40}) {
    HeatChain system(n);
    auto integrator = MakeIntegrator(system, Settings(IntegratorKind::kCvodeBdf, 1.0, 1e-8));
    std::vector<double> x(n, 1.0);
    integrator->Reset(0.0, x);
    CHECK(integrator->linear_solver().starts_with(n < 32 ? "dense" : "sparse"));
  }
  // A system that knows no pattern gets dense, even when sparse is asked for.
  Decay decay;
  EngineSettings settings = Settings(IntegratorKind::kCvodeBdf, 1.0, 1e-8);
  settings.linear_solver = LinearSolverKind::kSparse;
  auto integrator = MakeIntegrator(decay, settings);
  std::vector<double> x{1.0};
  integrator->Reset(0.0, x);
  CHECK(integrator->linear_solver() == "dense");
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

TEST_CASE("Reset restarts CVODE: identical results and counters") {
  for (IntegratorKind kind : kCvodeKinds) {
    CAPTURE(ToString(kind));
    Oscillator system(2.0);
    auto integrator = MakeIntegrator(system, Settings(kind, 3.0));
    std::vector<std::vector<double>> runs;
    std::vector<long> steps;
    for (int run = 0; run < 2; ++run) {
      std::vector<double> x{1.0, 0.0};
      integrator->Reset(0.0, x);
      integrator->AdvanceTo(1.5, x);
      integrator->AdvanceTo(3.0, x);
      runs.push_back(x);
      steps.push_back(integrator->stats().steps);
    }
    CHECK(runs[0] == runs[1]);  // Same arithmetic, so bit-identical.
    CHECK(steps[0] == steps[1]);
  }
}

TEST_CASE("CVODE never evaluates the system past the end time") {
  for (IntegratorKind kind : kCvodeKinds) {
    CAPTURE(ToString(kind));
    EndGuard system(1.0);
    auto integrator = MakeIntegrator(system, Settings(kind, 1.0));
    std::vector<double> x{1.0};
    integrator->Reset(0.0, x);
    for (int k = 1; k <= 10; ++k) integrator->AdvanceTo(0.1 * k, x);
    integrator->AdvanceTo(1.0, x);
    CHECK(system.evaluations_past_end == 0);
    CHECK(x[0] == doctest::Approx(std::exp(-1.0)).epsilon(1e-6));  // RelTol 1e-8, 100x margin.
  }
  // Control: without a stop time CVODE does step past 1, so the check above is meaningful.
  EndGuard system(1.0);
  CvodeIntegrator integrator(system, Settings(IntegratorKind::kCvodeBdf, 1.0));
  integrator.SetStopTime(std::numeric_limits<double>::infinity());
  std::vector<double> x{1.0};
  integrator.Reset(0.0, x);
  for (int k = 1; k <= 10; ++k) integrator.AdvanceTo(0.1 * k, x);
  CHECK(system.evaluations_past_end > 0);
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

TEST_CASE("too much work between outputs is a SimulationError naming CV_TOO_MUCH_WORK") {
  Oscillator system(2.0);
  EngineSettings settings = Settings(IntegratorKind::kCvodeBdf, 100.0);
  settings.max_steps = 10;
  auto integrator = MakeIntegrator(system, settings);
  std::vector<double> x{1.0, 0.0};
  integrator->Reset(0.0, x);
  CHECK_THROWS_WITH_AS(integrator->AdvanceTo(100.0, x), doctest::Contains("CV_TOO_MUCH_WORK"),
                       SimulationError);
}

}  // namespace
}  // namespace hawser
