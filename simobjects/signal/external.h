// Signal/External: a signal whose value is set from outside the model, between integration
// steps, by the program that drives it (the C API's hawser_set_input, the Python module, an FMU's
// fmi2SetReal): the inputs of a co-simulation.
//
//   Out = the value last set (Value until then)   (width = number of elements of Value)
//
// No inputs, no states. Held constant while the integrator advances (a zero-order hold); a
// driver that changes it restarts the integrator, as the value jumps (the same value again
// does not).
#pragma once

#include <span>

#include "hawser/simobject.h"

namespace hawser {

class External final : public SimObject {
 public:
  explicit External(ObjectArgs& args);

  int width() const { return static_cast<int>(value_.size()); }
  std::span<const double> value() const {
    return {value_.data(), static_cast<size_t>(value_.size())};
  }
  /// Sets the value; `values` has width() entries (the caller checks).
  void Set(std::span<const double> values);

 private:
  Eigen::VectorXd value_;
  Output out_;
};

}  // namespace hawser
