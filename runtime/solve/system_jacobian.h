// The Jacobian df/dx of an OdeSystem on its sparsity pattern, for a sparse direct solver: the
// columns the system gives exactly (OdeSystem::ExactJacobianColumns, from SimObject::
// StateJacobian) filled by the system, colored forward differences (ColoredJacobian) for the
// others and for the columns of any block that declines at that point. Used by the CVODE
// integrator's sparse Jacobian.
#pragma once

#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "runtime/model/ode_system.h"
#include "runtime/solve/colored_jacobian.h"

namespace hawser {

class SystemJacobian {
 public:
  /// `system` must have a Sparsity() and outlive this. Without `exact_entries`, every column is
  /// differenced (a benchmark's baseline).
  explicit SystemJacobian(OdeSystem& system, bool exact_entries = true);

  const SparsityPattern& pattern() const { return differenced_->pattern(); }

  /// At state x, where the system's last evaluation was an Rhs at x that returned fx (the base
  /// point): fills every entry of the pattern into `values` (compressed sparse column), the
  /// exact columns from the system and the others by ColoredJacobian::Evaluate with `f` (the
  /// right-hand side at a perturbed x, evaluated with the system's SetEstimatingJacobian on).
  /// Returns false when f is not finite at a perturbed x.
  bool Evaluate(const ColoredJacobian::Function& f, std::span<const double> x,
                std::span<const double> fx, std::span<const double> increments,
                std::span<double> values);

  /// "18 column groups" without exact columns (or when no block ever gave them); else "exact
  /// entries for 594 columns, 1 column group" as of the last Evaluate (before any: what the
  /// system offers), with how many evaluations some block declined at, if any.
  std::string Describe() const;
  /// Columns with exact entries at the last Evaluate (-1 before any) and the column groups it
  /// evaluated f for.
  int last_exact_columns() const { return last_exact_columns_; }
  int last_groups() const { return last_groups_; }

 private:
  /// The differences for the columns of the blocks that declined, and of no block.
  ColoredJacobian& DifferencedIfDeclined();

  OdeSystem& system_;
  std::vector<int> block_of_;  ///< Per column: its exact block, or -1.
  int blocks_ = 0;
  std::unique_ptr<ColoredJacobian> differenced_;  ///< The columns of no block.
  std::vector<bool> declined_;                    ///< Per block, at the current Evaluate.
  /// For each set of blocks that declined (made when first needed; usually never).
  std::map<std::vector<bool>, std::unique_ptr<ColoredJacobian>> differenced_if_declined_;
  int last_exact_columns_ = -1, last_groups_ = 0;
  long evaluations_ = 0, evaluations_declined_ = 0;
  bool given_ = false;  ///< Whether any block gave its entries yet.
};

}  // namespace hawser
