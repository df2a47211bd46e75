// The interface an integrator sees: an ODE x' = f(t, x) of fixed size.
#pragma once

#include <limits>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "runtime/model/jacobian_structure.h"

namespace hawser {

class OdeSystem {
 public:
  virtual ~OdeSystem() = default;
  virtual int size() const = 0;
  /// Computes xdot = f(t, x). Returns false when a value is not finite (the integrator then
  /// retries a smaller step or fails, reporting Diagnose()).
  virtual bool Rhs(double t, const double* x, double* xdot) = 0;
  /// Lower and upper half-bandwidth of df/dx (n-1, n-1 when unknown).
  virtual std::pair<int, int> Bandwidth() const { return {size() - 1, size() - 1}; }
  /// The entries of df/dx that may be nonzero; nullptr when unknown (dense).
  virtual const SparsityPattern* Sparsity() const { return nullptr; }
  /// Exact Jacobian columns (SimObject::StateJacobian): per column of df/dx, the block that
  /// FillExactJacobian fills it in (one block per object that may give exact entries), or -1
  /// when the column needs finite differences. Empty when no column has exact entries.
  virtual std::vector<int> ExactJacobianColumns() const { return {}; }
  /// Right after an Rhs(t, x) that returned true, before any other evaluation: writes every
  /// entry of Sparsity() in the columns of `block` into `values` (the pattern's order) and
  /// returns true; or returns false, leaving `values` alone, when the block's object declines
  /// (those columns then need finite differences, this time).
  virtual bool FillExactJacobian(int /*block*/, std::span<double> /*values*/) { return false; }
  /// Right after an Rhs(t, x, xdot) that returned true, before any other evaluation: replaces
  /// `xdot` (n values) by previous + F (xdot - previous), F taking every object's linear
  /// damping and stiffness implicitly over damping_h and stiffness_h2 (SimObject::
  /// SolveImplicitPart: the leapfrog's centred damping, the Newmark integrator's implicit
  /// part); entries no object takes keep xdot's value (to rounding).
  virtual void SolveImplicitPart(double /*damping_h*/, double /*stiffness_h2*/,
                                 const double* /*previous*/, double* /*xdot*/) {}
  /// On while an integrator evaluates Rhs at perturbed states for a finite-difference Jacobian,
  /// right after an ordinary Rhs at the same time and the unperturbed state (see
  /// SimObject::estimating_jacobian()); off again before any other evaluation.
  virtual void SetEstimatingJacobian(bool /*on*/) {}
  /// Whether the system has discrete events (SimObject::UpdateDiscreteState); without them an
  /// integrator never calls AfterStep or NextEventTime.
  virtual bool HasEvents() const { return false; }
  /// After an accepted step to (t, x): lets the discrete state change; true when it did (the
  /// integrator must then restart at t from x, its history being of other equations).
  virtual bool AfterStep(double /*t*/, const double* /*x*/) { return false; }
  /// The earliest scheduled event time > t, or +inf: an integrator stops exactly there.
  virtual double NextEventTime(double /*t*/) const {
    return std::numeric_limits<double>::infinity();
  }
  /// Describes what went wrong in the last Rhs call that returned false (object, quantity).
  virtual std::string Diagnose() const { return {}; }
  /// Per state, whether it is an accumulator (StateSpec::accumulator: an integral nothing
  /// reads back, which Settle holds); empty when there are none.
  virtual std::vector<bool> Accumulators() const { return {}; }
  /// Per state, whether it is a velocity (StateSpec::velocities: zero at every equilibrium,
  /// which Settle resets after each step); empty when there are none.
  virtual std::vector<bool> Velocities() const { return {}; }
  /// Per state, the index of the state that is exactly its rate (StateSpec::positions: x' =
  /// x[j], a cable node's position and velocity), or -1; empty when there are none.
  virtual std::vector<int> PositionRates() const { return {}; }
  /// "object.State" of each state with velocities not all paired with positions: what the
  /// semi-explicit Euler integrator cannot move (it refuses such a model).
  virtual std::vector<std::string> UnpairedVelocities() const { return {}; }
};

}  // namespace hawser
