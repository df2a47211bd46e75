// Math/Derivative: a filtered (realizable) time derivative of its input.
//
//   Out = (In - s) / Tf,   s' = (In - s) / Tf          transfer function In -> Out: s / (Tf s + 1)
//
// A pure derivative has no ODE realization, so this is the standard first-order filtered
// derivative with time constant Tf = TimeConstant [s]: Out is In's derivative passed through a
// first-order lag, Out' = (In' - Out) / Tf. Its error e = Out - In' obeys e' = -e/Tf - In'', so
//   |e(t)| <= |e(0)| exp(-t/Tf) + Tf max|In''|.
// Smaller Tf tracks better and makes the system stiffer (use cvode-bdf, or a step well below Tf).
// Start: unless the scenario gives State, s(0) = In(0), so Out starts at 0 (no initial kick).
// Per element; units: Out has In's unit per second.
#pragma once

#include "hawser/simobject.h"

namespace hawser {

class Derivative final : public SimObject {
 public:
  explicit Derivative(ObjectArgs& args);
  void CalcDerivatives() override;
  void Initialize() override;

 private:
  double time_constant_;
  Input in_;
  Output out_;
  State state_;
};

}  // namespace hawser
