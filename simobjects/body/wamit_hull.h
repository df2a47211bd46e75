// Body/FloatingBody's hull data from one WAMIT file set (WamitFile="base": base.1, base.3,
// base.hst; wamit_files.h): the hydrostatic stiffness, the force RAOs, the infinite-frequency
// added mass (the PER = 0 rows, or Ogilvie's relation when the file has none) and the radiation
// memory fitted per DOF pair (radiation_fit.h), whose states the body integrates.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <vector>

#include "hawser/simobject.h"
#include "simobjects/body/radiation_fit.h"
#include "simobjects/body/rao_table.h"
#include "simobjects/body/wamit_files.h"

namespace hawser {

/// mu(t) = sum over the fitted pairs (i, j) of c x, x' = a x + b nu_j (body frame).
class RadiationMemory {
 public:
  struct Pair {
    int i = 0, j = 0;
    int offset = 0;  ///< First state of this pair.
    RadiationStateSpace model;
  };
  void Add(int i, int j, RadiationStateSpace model);
  int size() const { return size_; }
  const std::vector<Pair>& pairs() const { return pairs_; }
  /// mu [N, N m], body frame, from the states x.
  Eigen::Matrix<double, 6, 1> Force(const double* x) const;
  /// dx = a x + b nu_j per pair.
  void Derivative(const double* x, const Eigen::Matrix<double, 6, 1>& nu, double* dx) const;

 private:
  std::vector<Pair> pairs_;
  int size_ = 0;
};

struct WamitHull {
  Eigen::Matrix<double, 6, 6> stiffness, added_mass_infinite;
  RaoTable excitation;
  RadiationMemory memory;
};

/// Reads `base`.1, .3 and .hst (resolved by object.ResolvePath); errors at the data file's line
/// or at the WamitFile attribute. The .1 and .3 files must list the same periods. Each pair's
/// fit (tolerance `tolerance`) is reported by a Note with its order and error, and a Warn when
/// the error exceeds the tolerance.
WamitHull ReadWamitHull(const SimObject& object, const ObjectArgs& args, const std::string& base,
                        const WamitScales& scales, double tolerance);

}  // namespace hawser
