#include "simobjects/signal/external.h"

#include <algorithm>

namespace hawser {

External::External(ObjectArgs& args) : SimObject(args) {
  value_ = DeclareParameter<Eigen::VectorXd>(
      {.name = "Value",
       .unit = "-",
       .doc = "The value until the driver sets one; its count sets the width of Out."});
  out_ = DeclareOutput({.name = "Out",
                        .width = static_cast<int>(value_.size()),
                        .unit = "-",
                        .doc = "The value last set from outside."});
  DeclareCalc({out_}, {}, [this] {
    std::span<double> o = out(out_);
    for (Eigen::Index i = 0; i < value_.size(); ++i) o[i] = value_[i];
  });
}

void External::Set(std::span<const double> values) {
  std::copy(values.begin(), values.end(), value_.data());
}

}  // namespace hawser
