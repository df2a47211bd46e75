// Settling: bringing a model to static equilibrium before a run (Engine Settle="1").
//
// Pseudo-transient continuation (Kelley & Keyes 1998): implicit Euler steps in a pseudo time
// tau on x' = f(t0, x), with time t0 frozen,
//   (I / dtau - J) dx = f(x),   x <- x + dx,
// where J = df/dx is a finite-difference Jacobian on the system's sparsity pattern
// (OdeSystem::Sparsity(), else its band), one evaluation of f per column group
// (ColoredJacobian), factored by Eigen's SparseLU, and dtau grows as the residual falls (switched
// evolution relaxation, dtau <- dtau max(1.5, min(10, |f_old| / |f_new|))), so that the iteration
// turns into Newton's method near the equilibrium. Implicit Euler damps every mode, so the start
// may be far from equilibrium (e.g. a straight cable). A step is accepted when the residual max|f|
// at most doubles, or when it passes the natural monotonicity test (Deuflhard 2004): the
// simplified Newton correction of the implicit Euler equation at the new state, solved with the
// same factored matrix, (I / dtau - J)^-1 (f(x_new) - dx / dtau), is no longer than the step dx
// in the weighted norm of SettleOptions. Otherwise damped steps x + lambda dx (lambda = 1/2,
// 1/4, 1/8) are tried on the same factored matrix with Deuflhard's test for damped Newton
// steps, |dx_bar(lambda)| <= (1 - lambda / 4) |dx|, keeping dtau; only when all fail (or values
// are not finite) is the step retried with dtau / 4. The monotonicity test matters for stiff
// springs that turn, such as cable segments with a large EA on a slack mooring line: a linear step
// along a soft swinging mode stretches each turning segment to second order (l0 theta^2 / 2), and
// with EA / l0 ~ 1e8 N/m that stretch is a force error that multiplies max|f| a thousandfold
// although the next step removes it with a sub-millimetre displacement. Judged by max|f| alone,
// such steps were all rejected and dtau stayed too small to damp the soft mode
// (configs/cable_buoyed_line.xml stalled at max|f| ~ 0.04). The damped steps matter for far starts
// (a buoy metres from its equilibrium, slack segments), where full steps failed both tests and dtau
// chattered at ~1e-3. Kinetic damping (the dynamic relaxation of Cundall 1976 and Barnes 1999):
// after every accepted step the velocities (StateSpec::velocities) are set to zero, so that each
// step starts at rest. An implicit Euler step of length dtau from rest moves a mode of period T
// >> dtau by about dtau^2 times its acceleration, without building momentum; without the reset a
// soft mode (a moored floater's surge, T ~ 100 s) swung in pseudo time whenever dtau reached a
// fraction of T, and max|f| rose and fell for hundreds of steps: the OC3-Hywind spar under a
// 1 MN surge force settled at N = 20 segments per line but failed at N = 30..80. Equilibria are
// unchanged (their velocities are zero), and near one the Newton steps leave velocities at zero.
// At equilibrium f = 0: velocities and accelerations vanish, so the model
// starts at rest. An accumulator (OdeSystem::Accumulators, e.g. a DissipatedEnergy) keeps its
// value: no derivative depends on it, so the iteration cannot move it towards f = 0, and its f
// (a power) is not part of the residual. Every other state must come to rest, including one
// that nothing depends on by accident (the depth of a fully submerged buoy): a steady motion is
// not an equilibrium.
#pragma once

#include <string>
#include <vector>

#include "runtime/model/ode_system.h"

namespace hawser {

struct SettleOptions {
  double abs_tol = 1e-6;  ///< Weights of the step norm: 1 / (rel_tol |x| + abs_tol).
  double rel_tol = 1e-6;
  /// Converged when the weighted RMS norm of a Newton step (dtau >= 1e6) is below this
  /// (Engine SettleTolerance).
  double step_tol = 1e-3;
  int max_iterations = 200;  ///< Jacobians at most (Engine SettleIterations).
};

struct SettleResult {
  bool converged = false;
  int iterations = 0;
  long rhs_evals = 0;
  long jacobian_evals = 0;
  /// max_i |f_i(x)| at the returned state over the states not held, in the states' units per s.
  double residual = 0.0;
  double wall_seconds = 0.0;
  int column_groups = 0;  ///< RHS evaluations per Jacobian (ColoredJacobian).
  std::string message;    ///< One line for the user.
};

/// Moves x towards a state where f(t, x) = 0. Returns the state with the smallest residual
/// found (the equilibrium when converged). Never throws for a failure to converge (see
/// `converged` and `message`); exceptions from the system's Rhs propagate.
SettleResult Settle(OdeSystem& system, double t, std::vector<double>& x,
                    const SettleOptions& options = {});

}  // namespace hawser
