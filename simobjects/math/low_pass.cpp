#include "simobjects/math/low_pass.h"

#include <algorithm>

namespace hawser {

LowPass::LowPass(ObjectArgs& args) : SimObject(args) {
  const int width = static_cast<int>(DeclareParameter(PortWidthParameter()));
  ratio_ = DeclareParameter<double>({.name = "ConvergenceRatio",
                                     .unit = "1/s",
                                     .doc = "r, the inverse time constant.",
                                     .check = Positive()});
  in_ = DeclareInput({.name = "In", .width = width, .unit = "-", .doc = "Signal to filter."});
  state_ = DeclareState({.name = "State",
                         .width = width,
                         .unit = "-",
                         .doc = "Filtered signal; starts at In(0) unless given."});
  DeclareOutputFromState(
      {.name = "Out", .width = width, .unit = "-", .doc = "Filtered signal (the state)."}, state_);
}

void LowPass::CalcDerivatives() {
  const auto u = in(in_);
  const auto y = state(state_);
  const auto ydot = derivative(state_);
  for (size_t i = 0; i < ydot.size(); ++i) ydot[i] = ratio_ * (u[i] - y[i]);
}

void LowPass::Initialize() {
  if (!state_given(state_)) std::ranges::copy(in(in_), initial_state(state_).begin());
}

}  // namespace hawser
