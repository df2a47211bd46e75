// The CVODE integrator against closed-form solutions: its linear solvers (dense, band, sparse,
// GMRES, auto), Reset, the stop time at the end of the scenario, and the work limit.
#include "runtime/solve/cvode_integrator.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "runtime/solve/integrator.h"
#include "tests/runtime/solve/integrator_test_support.h"

namespace hawser::integrator_test {
namespace {

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

const IntegratorKind kCvodeKinds[] = {IntegratorKind::kCvodeBdf, IntegratorKind::kCvodeAdams};

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
  // 20 + 2 x 19 entries; the two end rows couple to one neighbour each and are condensed.
  CHECK(names[2] ==
        "sparse, 58 nonzeros, 3 column groups; 20 unknowns condensed to 18 (2 rows with a "
        "single coupling eliminated), factored as a band of half-bandwidths 1 and 1");
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

TEST_CASE(
    "MaxOrder caps CVODE's order: at 1 (backward Euler) the same accuracy costs far more "
    "steps") {
  // x' = -x to t = 5 at RelTol 1e-8. Backward Euler's local error is O(h^2), so its steps go as
  // tol^(-1/2) (~1e4 here); order 5's as tol^(-1/6) (~1e2): a factor far above 10. Both still
  // meet the tolerance: exp(-5) to 1e-5 relative (global error a few hundred times RelTol).
  long steps[2] = {0, 0};
  for (int cap : {0, 1}) {
    Decay decay;
    EngineSettings settings = Settings(IntegratorKind::kCvodeBdf, 5.0, 1e-8);
    settings.max_order = cap;
    auto integrator = MakeIntegrator(decay, settings);
    std::vector<double> x{1.0};
    integrator->Reset(0.0, x);
    integrator->AdvanceTo(5.0, x);
    CHECK(x[0] == doctest::Approx(std::exp(-5.0)).epsilon(1e-5));
    steps[cap] = integrator->stats().steps;
  }
  CHECK(steps[1] > 10 * steps[0]);
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
}  // namespace hawser::integrator_test
