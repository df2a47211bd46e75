// Settling: bringing a model to static equilibrium before a run (Engine Settle="1").
//
// Pseudo-transient continuation (Kelley & Keyes 1998): implicit Euler steps in a pseudo time
// tau on x' = f(t0, x), with time t0 frozen,
//   (I / dtau - J) dx = f(x),   x <- x + dx,
// where J = df/dx is a finite-difference Jacobian, banded when the system's bandwidth is small
// (OdeSystem::Bandwidth()), and dtau grows as the residual falls (switched evolution
// relaxation, dtau <- dtau max(1.5, min(10, |f_old| / |f_new|))), so that the iteration turns
// into Newton's method near the equilibrium. Implicit Euler damps every mode, so the start may
// be far from equilibrium (e.g. a straight cable). A step that raises the residual more than
// twofold or gives a non-finite value is retried with dtau / 4. At equilibrium f = 0: velocities
// and accelerations vanish, so the model starts at rest. A state that no derivative depends
// on (a zero column of J, e.g. a DissipatedEnergy accumulator) keeps its value: the iteration
// cannot move it towards f = 0, and its f (a power) vanishes at rest anyway.
#pragma once

#include <string>
#include <vector>

#include "runtime/ode_system.h"

namespace hawser {

struct SettleOptions {
  double abs_tol = 1e-6;  ///< Weights of the step norm: 1 / (rel_tol |x| + abs_tol).
  double rel_tol = 1e-6;
  /// Converged when the weighted RMS norm of a Newton step (dtau >= 1e6) is below this.
  double step_tol = 1e-3;
  int max_iterations = 200;
};

struct SettleResult {
  bool converged = false;
  int iterations = 0;
  long rhs_evals = 0;
  long jacobian_evals = 0;
  /// max_i |f_i(x)| at the returned state over the states not held, in the states' units per s.
  double residual = 0.0;
  double wall_seconds = 0.0;
  bool banded = false;  ///< Whether the Jacobian was banded.
  std::string message;  ///< One line for the user.
};

/// Moves x towards a state where f(t, x) = 0. Returns the state with the smallest residual
/// found (the equilibrium when converged). Never throws for a failure to converge (see
/// `converged` and `message`); exceptions from the system's Rhs propagate.
SettleResult Settle(OdeSystem& system, double t, std::vector<double>& x,
                    const SettleOptions& options = {});

}  // namespace hawser
