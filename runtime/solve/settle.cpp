#include "runtime/solve/settle.h"

#include <fmt/format.h>

#include <Eigen/SparseCore>
#include <Eigen/SparseLU>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "hawser/errors.h"
#include "runtime/solve/colored_jacobian.h"

namespace hawser {
namespace {

/// The entries of df/dx settle works on: the system's pattern, else its band, else dense.
SparsityPattern PatternFor(const OdeSystem& system) {
  if (const SparsityPattern* p = system.Sparsity()) return *p;
  const int n = system.size();
  auto [lower, upper] = system.Bandwidth();
  return PatternOf(n, {{.offset = 0, .width = n, .band = std::pair(lower, upper)}}, {});
}

/// I / dtau - J on the pattern, in Eigen's compressed column storage, whose values line up with
/// the pattern's (rows ascending in each column), factored by SparseLU (COLAMD ordering; the
/// symbolic analysis is done once).
class IterationMatrix {
 public:
  explicit IterationMatrix(const SparsityPattern& p) : m_(p.n, p.n), diagonal_(p.n, -1) {
    std::vector<Eigen::Triplet<double>> entries;
    entries.reserve(p.nonzeros());
    for (int j = 0; j < p.n; ++j) {
      for (int k = p.column_start[j]; k < p.column_start[j + 1]; ++k) {
        entries.emplace_back(p.rows[k], j, 0.0);
        if (p.rows[k] == j) diagonal_[j] = k;
      }
    }
    m_.setFromTriplets(entries.begin(), entries.end());
    m_.makeCompressed();
    lu_.analyzePattern(m_);
  }

  /// Factors I / dtau - J for the Jacobian values `jac`; a held row i becomes x_i = 0.
  bool Factor(const std::vector<double>& jac, double dtau, const std::vector<bool>& held,
              const SparsityPattern& p) {
    double* v = m_.valuePtr();
    for (size_t k = 0; k < jac.size(); ++k) v[k] = held[p.rows[k]] ? 0.0 : -jac[k];
    for (int i = 0; i < p.n; ++i) v[diagonal_[i]] += held[i] ? 1.0 : 1.0 / dtau;
    lu_.factorize(m_);
    return lu_.info() == Eigen::Success;
  }
  /// Solves with the last factorisation; false when the result is not finite.
  bool Solve(const std::vector<double>& b, std::vector<double>& x) {
    Eigen::Map<const Eigen::VectorXd> rhs(b.data(), static_cast<Eigen::Index>(b.size()));
    Eigen::Map<Eigen::VectorXd>(x.data(), static_cast<Eigen::Index>(x.size())) = lu_.solve(rhs);
    return lu_.info() == Eigen::Success &&
           std::all_of(x.begin(), x.end(), [](double d) { return std::isfinite(d); });
  }

 private:
  Eigen::SparseMatrix<double> m_;
  std::vector<int> diagonal_;  ///< Position of each diagonal entry in the values.
  Eigen::SparseLU<Eigen::SparseMatrix<double>, Eigen::COLAMDOrdering<int>> lu_;
};

/// max_i |v_i| over the states not held (see Settle).
double MaxNorm(const std::vector<double>& v, const std::vector<bool>& held) {
  double m = 0.0;
  for (size_t i = 0; i < v.size(); ++i)
    if (!held[i]) m = std::max(m, std::abs(v[i]));
  return m;
}

/// Weighted RMS norm of a step d taken from x: sqrt(mean((d_i / (rel_tol |x_i| + abs_tol))^2)).
double StepNorm(const double* d, const std::vector<double>& x, const SettleOptions& options) {
  double sum = 0.0;
  for (size_t i = 0; i < x.size(); ++i) {
    const double wi = options.rel_tol * std::abs(x[i]) + options.abs_tol;
    sum += (d[i] / wi) * (d[i] / wi);
  }
  return std::sqrt(sum / static_cast<double>(x.size()));
}

}  // namespace

SettleResult Settle(OdeSystem& system, double t, std::vector<double>& x,
                    const SettleOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  SettleResult r;
  const int n = system.size();
  auto finish = [&](std::string message) {
    r.message = std::move(message);
    r.wall_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
  };
  std::vector<double> f(n), f_new(n), x_new(n);
  // f at `at`; false when a value is not finite (OdeSystem::Rhs checks every entry).
  const auto counted_rhs = [&](const double* at, double* out) {
    ++r.rhs_evals;
    return system.Rhs(t, at, out);
  };
  const auto rhs = [&](const std::vector<double>& at, std::vector<double>& out) {
    return counted_rhs(at.data(), out.data());
  };
  if (n == 0) {
    r.converged = true;
    return finish("no states: nothing to settle");
  }
  if (!rhs(x, f)) {
    throw SimulationError(
        fmt::format("settle: non-finite value at the initial state: {}", system.Diagnose()));
  }
  ColoredJacobian jacobian(PatternFor(system));
  const SparsityPattern& pattern = jacobian.pattern();
  r.column_groups = jacobian.groups();
  IterationMatrix matrix(pattern);
  const double sqrt_eps = std::sqrt(std::numeric_limits<double>::epsilon());

  double dtau = 1e-2;
  // An accumulator (e.g. a DissipatedEnergy, StateSpec::accumulator) cannot be moved towards
  // f = 0: no derivative depends on it. Its row would read dx_j = f_j dtau, huge once dtau is
  // large, and its f (a power, in other units; not zero while an input moves an end) would swamp
  // the residual that steers dtau. Hold it (row j of the system becomes dx_j = 0) and leave it
  // out of the residual. Every other state must come to rest.
  std::vector<bool> held = system.Accumulators();
  held.resize(static_cast<size_t>(n), false);
  // Kinetic damping: the velocities (OdeSystem::Velocities) are set to zero after every accepted
  // step (settle.h).
  std::vector<bool> velocity = system.Velocities();
  velocity.resize(static_cast<size_t>(n), false);
  const bool has_velocities = std::find(velocity.begin(), velocity.end(), true) != velocity.end();
  const auto come_to_rest = [&] {
    if (!has_velocities) return;
    for (int i = 0; i < n; ++i) x_new[i] = velocity[i] ? 0.0 : x[i];
    // Already at rest, or f not finite at rest: keep the state the step reached.
    if (x_new == x || !rhs(x_new, f_new)) return;
    x.swap(x_new);
    f.swap(f_new);
  };
  double res = MaxNorm(f, held);
  std::vector<double> best = x;
  double best_res = res;
  std::vector<double> inc(n), jac(pattern.nonzeros()), b(n), dx(n), correction(n);
  for (r.iterations = 0; r.iterations < options.max_iterations; ++r.iterations) {
    // Finite-difference Jacobian on the pattern, one evaluation per column group.
    ++r.jacobian_evals;
    for (int j = 0; j < n; ++j) inc[j] = sqrt_eps * std::max(std::abs(x[j]), 1.0);
    if (!jacobian.Evaluate(counted_rhs, x, f, inc, jac)) {
      return finish(fmt::format("settle failed: non-finite value while forming the Jacobian: {}",
                                system.Diagnose()));
    }
    // Pseudo-time steps on this Jacobian until one is accepted.
    bool accepted = false;
    double step_norm = 0.0;
    for (int attempt = 0; attempt < 30 && !accepted; ++attempt) {
      for (int i = 0; i < n; ++i) b[i] = held[i] ? 0.0 : f[i];
      const bool solved = matrix.Factor(jac, dtau, held, pattern) && matrix.Solve(b, dx);
      if (solved) {
        for (int i = 0; i < n; ++i) x_new[i] = x[i] + dx[i];
        step_norm = StepNorm(dx.data(), x, options);
      }
      const bool finite = solved && rhs(x_new, f_new);
      const double res_new =
          finite ? MaxNorm(f_new, held) : std::numeric_limits<double>::infinity();
      // Natural monotonicity test (Deuflhard, Newton Methods for Nonlinear Problems, 2004): the
      // step solved the implicit Euler equation x_new = x + dtau f(x_new) to first order; the
      // simplified Newton correction of that equation at x_new, with the matrix already factored,
      // is dx_bar = (I / dtau - J)^-1 (f(x_new) - dx / dtau) (-J^-1 f(x_new) as dtau -> inf). The
      // linear model held if |dx_bar| <= |dx| in the step norm. Unlike max|f|, this norm weighs
      // each mode by the displacement that corrects it: the force error of a stiff spring, huge in
      // max|f| but corrected by a tiny displacement, no longer vetoes the step (settle.h). Only
      // needed when max|f| rose more than twofold.
      bool ok = finite && res_new <= 2.0 * res;
      if (finite && !ok) {
        for (int i = 0; i < n; ++i) b[i] = held[i] ? 0.0 : f_new[i] - dx[i] / dtau;
        ok = matrix.Solve(b, correction) && StepNorm(correction.data(), x, options) <= step_norm;
      }
      // Damped steps along the same direction (Deuflhard's NLEQ-ERR): x + lambda dx for lambda =
      // 1/2, 1/4, 1/8, kept when the simplified Newton correction there has shrunk, |dx_bar| <=
      // (1 - lambda / 4) |dx|, with dx_bar = (I / dtau - J)^-1 (f(x + lambda dx) - lambda dx /
      // dtau). Each costs one evaluation and one back-substitution, no new Jacobian, and keeps
      // dtau where it is instead of cutting it fourfold: a far start (a buoy metres from its
      // equilibrium, slack segments) otherwise chatters at a tiny dtau.
      bool damped = false;
      for (double lambda = 0.5; solved && !ok && lambda > 0.1; lambda /= 2.0) {
        for (int i = 0; i < n; ++i) x_new[i] = x[i] + lambda * dx[i];
        if (!rhs(x_new, f_new)) continue;
        for (int i = 0; i < n; ++i) b[i] = held[i] ? 0.0 : f_new[i] - lambda * dx[i] / dtau;
        ok = matrix.Solve(b, correction) &&
             StepNorm(correction.data(), x, options) <= (1.0 - lambda / 4.0) * step_norm;
        damped = ok;
      }
      if (ok) {
        accepted = true;
        const double res_taken = damped ? MaxNorm(f_new, held) : res_new;
        const double ratio = res_taken > 0.0 ? res / res_taken : 10.0;
        x.swap(x_new);
        f.swap(f_new);
        come_to_rest();
        res = MaxNorm(f, held);
        const bool newton = dtau >= 1e6;
        if (res < best_res) {
          best_res = res;
          best = x;
        }
        if (!damped) dtau = std::min(dtau * std::max(1.5, std::min(10.0, ratio)), 1e15);
        if (newton && step_norm < options.step_tol) {
          ++r.iterations;
          r.converged = true;
          x = best;
          r.residual = best_res;
          return finish(
              fmt::format("settled to static equilibrium in {} iterations ({} Jacobians of {} "
                          "column groups, {} RHS evaluations), residual max|f| = {:.3g}",
                          r.iterations, r.jacobian_evals, r.column_groups, r.rhs_evals, best_res));
        }
      } else {
        dtau /= 4.0;
      }
    }
    if (!accepted) break;
  }
  x = best;
  r.residual = best_res;
  return finish(
      fmt::format("settle did not converge in {} iterations; continuing from the state "
                  "with the smallest residual max|f| = {:.3g}",
                  r.iterations, best_res));
}

}  // namespace hawser
