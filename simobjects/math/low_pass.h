// Math/LowPass: a first-order low-pass filter, element by element.
//
//   State' = r (In - State),   Out = State       (transfer function r / (s + r))
//
// r = ConvergenceRatio [1/s] is the inverse time constant: after a step the output closes the
// fraction 1 - exp(-r t) of the gap. Out is the state, so it reads no input and breaks loops.
// Start: unless the scenario gives State, it starts at In(0), so a filter whose input starts
// steady has no start-up transient (FhSim's choice is not documented; this is hawser's).
#pragma once

#include "hawser/simobject.h"

namespace hawser {

class LowPass final : public SimObject {
 public:
  explicit LowPass(ObjectArgs& args);
  void CalcDerivatives() override;
  void Initialize() override;

 private:
  double ratio_;
  Input in_;
  State state_;
};

}  // namespace hawser
