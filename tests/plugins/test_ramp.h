// Test/Ramp, the SimObject of the test plugins (tests/plugins/): X' = Rate, Out = X, X(0) = 0, so
// X(t) = Rate t exactly (any integrator is exact on a constant derivative, up to round-off).
// Optionally it throws: in its constructor (ThrowInConstructor = 1), or in its calculation of Out
// from t = ThrowAt on, to test how hawser reports a plugin's exceptions.
#pragma once

#include <stdexcept>

#include "hawser/simobject.h"

namespace hawser_test {

class Ramp final : public hawser::SimObject {
 public:
  explicit Ramp(hawser::ObjectArgs& args) : SimObject(args) {
    rate_ = DeclareParameter<double>({.name = "Rate", .unit = "1/s", .doc = "X' = Rate."});
    const double throw_in_constructor = DeclareParameter<double>(
        {.name = "ThrowInConstructor", .unit = "-", .doc = "1: throw.", .fallback = 0.0});
    throw_at_ = DeclareParameter<double>(
        {.name = "ThrowAt", .unit = "s", .doc = "Throw from then on.", .fallback = 1e300});
    if (throw_in_constructor == 1.0) throw std::runtime_error("ramp generator jammed");
    x_ = DeclareState({.name = "X", .width = 1, .unit = "-", .doc = "Rate t."});
    out_ = DeclareOutput({.name = "Out", .width = 1, .unit = "-", .doc = "X."});
    DeclareCalc({out_}, {}, [this] {
      if (time() >= throw_at_) throw std::runtime_error("ramp generator overheated");
      out(out_)[0] = state(x_)[0];
    });
  }
  void CalcDerivatives() override { derivative(x_)[0] = rate_; }

 private:
  double rate_, throw_at_;
  hawser::State x_;
  hawser::Output out_;
};

}  // namespace hawser_test
