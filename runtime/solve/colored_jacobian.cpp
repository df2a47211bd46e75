#include "runtime/solve/colored_jacobian.h"

#include <utility>

namespace hawser {

ColoredJacobian::ColoredJacobian(SparsityPattern pattern)
    : ColoredJacobian(std::move(pattern), {}) {}

ColoredJacobian::ColoredJacobian(SparsityPattern pattern, const std::vector<bool>& differenced)
    : pattern_(std::move(pattern)),
      groups_(ColumnGroups(pattern_, differenced)),
      x_(pattern_.n),
      f_(pattern_.n) {
  for (const std::vector<int>& group : groups_) columns_ += static_cast<int>(group.size());
}

bool ColoredJacobian::Evaluate(const Function& f, std::span<const double> x,
                               std::span<const double> fx, std::span<const double> increments,
                               std::span<double> values) {
  const SparsityPattern& p = pattern_;
  std::copy(x.begin(), x.end(), x_.begin());
  for (const std::vector<int>& group : groups_) {
    // The perturbed value minus the original, rather than inc itself: the step actually taken
    // after rounding.
    for (int j : group) x_[j] = x[j] + increments[j];
    if (!f(x_.data(), f_.data())) return false;
    for (int j : group) {
      const double inc = x_[j] - x[j];
      for (int k = p.column_start[j]; k < p.column_start[j + 1]; ++k) {
        values[k] = (f_[p.rows[k]] - fx[p.rows[k]]) / inc;
      }
      x_[j] = x[j];
    }
  }
  return true;
}

}  // namespace hawser
