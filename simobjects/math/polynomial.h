// Math/Polynomial: a static polynomial of its input, element by element.
//
//   Out_i = c0 + c1 In_i + c2 In_i^2 + ... + cn In_i^n     (Coefficients = "c0, c1, ..., cn")
//
// With Connector/AxialSpringDamper's ForceInput it builds nonlinear force laws from blocks, for
// example a hardening spring f = k x + k3 x^3 (configs/exudyn_mini_example.xml). Evaluated by
// Horner's rule. Out depends directly on In.
#pragma once

#include "hawser/simobject.h"

namespace hawser {

class Polynomial final : public SimObject {
 public:
  explicit Polynomial(ObjectArgs& args);

 private:
  void CalcOut();

  Eigen::VectorXd coefficients_;
  Input in_;
  Output out_;
};

}  // namespace hawser
