// Math/LinearMapping: a static linear map of two input vectors.
//
//   Out = Cu u + Cv v      u = InU (Nu), v = InV (Nv), Out (M)
//   Out<i> = Out[i-1]      i = 1..M, width 1 each (for connecting single elements by name)
//
// Cu is M x Nu and Cv is M x Nv (rows separated by ';'); their row counts must agree.
//
// FhSim compatibility (assumption): FhSim's reference gives only the equation above, not which
// parameters are optional, so both Cu and Cv are required and both inputs must be connected, as
// in FhSim's examples. For a map of one vector, give Cv as zeros and connect InV to a constant.
// Out and Out<i> read both inputs (direct feedthrough).
#pragma once

#include <vector>

#include "hawser/simobject.h"

namespace hawser {

class LinearMapping final : public SimObject {
 public:
  explicit LinearMapping(ObjectArgs& args);

 private:
  void CalcOut();

  Eigen::MatrixXd cu_, cv_;
  Input in_u_, in_v_;
  Output out_;
  std::vector<Output> elements_;
};

}  // namespace hawser
