// Math/LinearSystem: a linear time-invariant state-space system.
//
//   x' = A x + B u        State x (n), input In = u (m)
//   y  = C x + D u        Out = y (p)
//
// A is n x n, B n x m, C p x n, D p x m (matrices written as rows separated by ';'); any other
// shape is a scenario error naming the expected shape. D is optional, as FhSim documents it:
// without it D is the p x m zero matrix. The state starts at 0 unless an
// <InitialCondition Obj.State="..."/> gives it.
//
// Feedthrough: Out reads In only when D has a nonzero entry. A strictly proper system (D = 0)
// therefore computes Out from its state alone and breaks algebraic loops through it, as a body's
// position does; write D as zeros, not as a tiny number, to get this.
#pragma once

#include "hawser/simobject.h"

namespace hawser {

class LinearSystem final : public SimObject {
 public:
  explicit LinearSystem(ObjectArgs& args);
  void CalcDerivatives() override;

 private:
  void CalcOut();
  void CheckShapes() const;

  Eigen::MatrixXd a_, b_, c_, d_;
  bool feedthrough_ = false;
  Input in_;
  Output out_;
  State state_;
};

}  // namespace hawser
