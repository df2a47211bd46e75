// Src/Constant: a constant vector signal.
//
//   Out = Value   (width = number of elements of Value)
//
// No inputs, no states. The unit is whatever the receiving input expects ("-" here).
#pragma once

#include "hawser/simobject.h"

namespace hawser {

class Constant final : public SimObject {
 public:
  explicit Constant(ObjectArgs& args);

 private:
  Eigen::VectorXd value_;
  Output out_;
};

}  // namespace hawser
