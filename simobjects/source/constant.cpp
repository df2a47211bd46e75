#include "simobjects/source/constant.h"

namespace hawser {

Constant::Constant(ObjectArgs& args) : SimObject(args) {
  value_ = DeclareParameter<Eigen::VectorXd>(
      {.name = "Value", .unit = "-", .doc = "The values; their count sets the width of Out."});
  out_ = DeclareOutput({.name = "Out",
                        .width = static_cast<int>(value_.size()),
                        .unit = "-",
                        .doc = "Value, unchanged."});
  DeclareCalc({out_}, {}, [this] {
    std::span<double> o = out(out_);
    for (Eigen::Index i = 0; i < value_.size(); ++i) o[i] = value_[i];
  });
}

}  // namespace hawser
