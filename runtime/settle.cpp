#include "runtime/settle.h"

#include <fmt/format.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_band.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_band.h>
#include <sunmatrix/sunmatrix_dense.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "runtime/errors.h"

namespace hawser {
namespace {

/// The SUNDIALS objects of one linear solve, freed in reverse order.
struct LinearSystem {
  SUNContext ctx = nullptr;
  N_Vector x = nullptr, b = nullptr;
  SUNMatrix a = nullptr;
  SUNLinearSolver ls = nullptr;
  bool banded = false;
  int lower = 0, upper = 0;

  LinearSystem(int n, int lower_bw, int upper_bw) : lower(lower_bw), upper(upper_bw) {
    banded = 2 * (lower + upper + 1) < n;
    if (SUNContext_Create(nullptr, &ctx) != 0) throw SimulationError("settle: SUNContext_Create");
    x = N_VNew_Serial(n, ctx);
    b = N_VNew_Serial(n, ctx);
    a = banded ? SUNBandMatrix(n, upper, lower, ctx) : SUNDenseMatrix(n, n, ctx);
    if (x == nullptr || b == nullptr || a == nullptr)
      throw SimulationError("settle: out of memory");
    ls = banded ? SUNLinSol_Band(x, a, ctx) : SUNLinSol_Dense(x, a, ctx);
    if (ls == nullptr || SUNLinSolInitialize(ls) != 0)
      throw SimulationError("settle: linear solver");
  }
  ~LinearSystem() {
    if (ls != nullptr) static_cast<void>(SUNLinSolFree(ls));
    if (a != nullptr) SUNMatDestroy(a);
    if (b != nullptr) N_VDestroy(b);
    if (x != nullptr) N_VDestroy(x);
    if (ctx != nullptr) static_cast<void>(SUNContext_Free(&ctx));
  }
  LinearSystem(const LinearSystem&) = delete;
  LinearSystem& operator=(const LinearSystem&) = delete;
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
  std::vector<double> f(n), f_new(n), f_pert(n), x_new(n), x_pert(n);
  auto rhs = [&](const std::vector<double>& at, std::vector<double>& out) {
    ++r.rhs_evals;
    if (!system.Rhs(t, at.data(), out.data())) return false;
    for (double v : out)
      if (!std::isfinite(v)) return false;
    return true;
  };
  if (n == 0) {
    r.converged = true;
    return finish("no states: nothing to settle");
  }
  if (!rhs(x, f)) {
    throw SimulationError(
        fmt::format("settle: non-finite value at the initial state: {}", system.Diagnose()));
  }
  auto [lower, upper] = system.Bandwidth();
  lower = std::clamp(lower, 0, n - 1);
  upper = std::clamp(upper, 0, n - 1);
  LinearSystem lin(n, lower, upper);
  r.banded = lin.banded;
  const int groups = lin.banded ? lower + upper + 1 : n;
  const double sqrt_eps = std::sqrt(std::numeric_limits<double>::epsilon());

  double dtau = 1e-2;
  std::vector<bool> held(n, false);
  double res = MaxNorm(f, held);
  std::vector<double> best = x;
  double best_res = res;
  std::vector<double> inc(n);
  for (r.iterations = 0; r.iterations < options.max_iterations; ++r.iterations) {
    // Finite-difference Jacobian, columns j = g, g + groups, ... perturbed together (their
    // rows do not overlap inside the band).
    SUNMatZero(lin.a);
    ++r.jacobian_evals;
    for (int g = 0; g < groups; ++g) {
      x_pert = x;
      for (int j = g; j < n; j += groups) {
        inc[j] = sqrt_eps * std::max(std::abs(x[j]), 1.0);
        x_pert[j] += inc[j];
      }
      if (!rhs(x_pert, f_pert)) {
        return finish(fmt::format("settle failed: non-finite value while forming the Jacobian: {}",
                                  system.Diagnose()));
      }
      for (int j = g; j < n; j += groups) {
        const int i0 = lin.banded ? std::max(0, j - upper) : 0;
        const int i1 = lin.banded ? std::min(n - 1, j + lower) : n - 1;
        for (int i = i0; i <= i1; ++i) {
          const double d = (f_pert[i] - f[i]) / inc[j];
          if (lin.banded) {
            SM_ELEMENT_B(lin.a, i, j) = -d;
          } else {
            SM_ELEMENT_D(lin.a, i, j) = -d;
          }
        }
      }
    }
    // A state no derivative depends on (a zero column: an accumulator such as a
    // DissipatedEnergy) cannot be moved towards f = 0; its row would read dx_j = f_j dtau, huge
    // once dtau is large, and its f (a power, in other units) would swamp the residual that
    // steers dtau. Hold it (row j of the system becomes dx_j = 0) and leave it out of the
    // residual; at rest its f vanishes anyway. Found on the first Jacobian (the structure does
    // not change). The grouped differences can leave a spurious diagonal entry in such a column
    // when its own derivative reads columns outside the declared band (Cable/Cable's
    // DissipatedEnergy): a column whose off-diagonal entries are all zero is checked alone.
    if (r.iterations == 0) {
      for (int j = 0; j < n; ++j) {
        const int i0 = lin.banded ? std::max(0, j - upper) : 0;
        const int i1 = lin.banded ? std::min(n - 1, j + lower) : n - 1;
        bool candidate = true;
        for (int i = i0; i <= i1 && candidate; ++i) {
          if (i != j && (lin.banded ? SM_ELEMENT_B(lin.a, i, j) : SM_ELEMENT_D(lin.a, i, j)) != 0.0)
            candidate = false;
        }
        if (!candidate) continue;
        x_pert = x;
        x_pert[j] += sqrt_eps * std::max(std::abs(x[j]), 1.0);
        if (!rhs(x_pert, f_pert)) {
          return finish(fmt::format(
              "settle failed: non-finite value while forming the Jacobian: {}", system.Diagnose()));
        }
        held[j] = f_pert[j] == f[j];
      }
      res = best_res = MaxNorm(f, held);
    }
    for (int i = 0; i < n; ++i) {
      if (!held[i]) continue;
      const int j0 = lin.banded ? std::max(0, i - lower) : 0;
      const int j1 = lin.banded ? std::min(n - 1, i + upper) : n - 1;
      for (int j = j0; j <= j1; ++j) {
        (lin.banded ? SM_ELEMENT_B(lin.a, i, j) : SM_ELEMENT_D(lin.a, i, j)) = 0.0;
      }
    }
    // Pseudo-time steps on this Jacobian until one is accepted.
    bool accepted = false;
    double step_norm = 0.0;
    for (int attempt = 0; attempt < 30 && !accepted; ++attempt) {
      SUNMatrix m = SUNMatClone(lin.a);
      if (m == nullptr || SUNMatCopy(lin.a, m) != 0) throw SimulationError("settle: out of memory");
      for (int i = 0; i < n; ++i) {
        const double diagonal = held[i] ? 1.0 : 1.0 / dtau;
        if (lin.banded) {
          SM_ELEMENT_B(m, i, i) += diagonal;
        } else {
          SM_ELEMENT_D(m, i, i) += diagonal;
        }
      }
      double* b = N_VGetArrayPointer(lin.b);
      for (int i = 0; i < n; ++i) b[i] = held[i] ? 0.0 : f[i];
      const bool solved =
          SUNLinSolSetup(lin.ls, m) == 0 && SUNLinSolSolve(lin.ls, m, lin.x, lin.b, 0.0) == 0;
      const double* dx = N_VGetArrayPointer(lin.x);
      if (solved) {
        for (int i = 0; i < n; ++i) x_new[i] = x[i] + dx[i];
        step_norm = StepNorm(dx, x, options);
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
        ok = SUNLinSolSolve(lin.ls, m, lin.x, lin.b, 0.0) == 0 &&
             StepNorm(N_VGetArrayPointer(lin.x), x, options) <= step_norm;
      }
      SUNMatDestroy(m);
      if (ok) {
        accepted = true;
        const double ratio = res_new > 0.0 ? res / res_new : 10.0;
        x.swap(x_new);
        f.swap(f_new);
        res = res_new;
        if (res < best_res) {
          best_res = res;
          best = x;
        }
        const bool newton = dtau >= 1e6;
        dtau = std::min(dtau * std::max(1.5, std::min(10.0, ratio)), 1e15);
        if (newton && step_norm < options.step_tol) {
          r.converged = true;
          ++r.iterations;
          x = best;
          r.residual = best_res;
          return finish(
              fmt::format("settled to static equilibrium in {} iterations ({} {} Jacobians, {} RHS "
                          "evaluations), residual max|f| = {:.3g}",
                          r.iterations, r.jacobian_evals, lin.banded ? "banded" : "dense",
                          r.rhs_evals, best_res));
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
