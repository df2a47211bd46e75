#include "simobjects/math/derivative.h"

#include <algorithm>

namespace hawser {

Derivative::Derivative(ObjectArgs& args) : SimObject(args) {
  const int width = static_cast<int>(DeclareParameter(PortWidthParameter()));
  time_constant_ = DeclareParameter<double>({.name = "TimeConstant",
                                             .unit = "s",
                                             .doc = "Filter time constant Tf.",
                                             .fallback = 1e-3,
                                             .check = Positive()});
  in_ =
      DeclareInput({.name = "In", .width = width, .unit = "-", .doc = "Signal to differentiate."});
  out_ = DeclareOutput({.name = "Out",
                        .width = width,
                        .unit = "-",
                        .doc = "Filtered derivative (In - s) / Tf (In's unit per second)."});
  state_ = DeclareState({.name = "State",
                         .width = width,
                         .unit = "-",
                         .doc = "Filter state s (lagged In); starts at In(0) unless given."});
  DeclareCalc({out_}, {in_}, [this] {
    const auto u = in(in_);
    const auto s = state(state_);
    const auto y = out(out_);
    for (size_t i = 0; i < y.size(); ++i) y[i] = (u[i] - s[i]) / time_constant_;
  });
}

void Derivative::CalcDerivatives() {
  const auto u = in(in_);
  const auto s = state(state_);
  const auto sdot = derivative(state_);
  for (size_t i = 0; i < sdot.size(); ++i) sdot[i] = (u[i] - s[i]) / time_constant_;
}

void Derivative::Initialize() {
  if (!state_given(state_)) std::ranges::copy(in(in_), initial_state(state_).begin());
}

}  // namespace hawser
