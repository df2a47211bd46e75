// A finite-difference Jacobian over a known sparsity pattern (jacobian_structure.h): the columns
// of each group (ColumnGroups) are perturbed together, so a Jacobian costs one evaluation of f
// per group instead of one per column. Feeds a sparse direct solver (KLU) in the CVODE
// integrator.
#pragma once

#include <functional>
#include <span>
#include <vector>

#include "runtime/model/jacobian_structure.h"

namespace hawser {

class ColoredJacobian {
 public:
  /// f(x, fx): evaluates f at x into fx; false when a value is not finite.
  using Function = std::function<bool(const double* x, double* fx)>;

  /// Every column by differences.
  explicit ColoredJacobian(SparsityPattern pattern);
  /// The columns j with differenced[j] (one flag per column) only; Evaluate leaves the values
  /// of the others alone (exact entries, OdeSystem::FillExactJacobian).
  ColoredJacobian(SparsityPattern pattern, const std::vector<bool>& differenced);

  const SparsityPattern& pattern() const { return pattern_; }
  int groups() const { return static_cast<int>(groups_.size()); }
  /// How many columns Evaluate estimates.
  int columns() const { return columns_; }

  /// Forward differences at x, where f(x) = fx: column j is (f(x + inc_j e_j) - f(x)) / inc_j,
  /// for the pattern's entries only. Writes the values in the pattern's order (compressed
  /// sparse column), of the differenced columns only. Returns false (values undefined) when f
  /// is not finite at a perturbed x.
  bool Evaluate(const Function& f, std::span<const double> x, std::span<const double> fx,
                std::span<const double> increments, std::span<double> values);

 private:
  SparsityPattern pattern_;
  std::vector<std::vector<int>> groups_;
  int columns_ = 0;
  std::vector<double> x_, f_;  // Work: the perturbed state and f there.
};

}  // namespace hawser
