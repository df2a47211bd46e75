#include "runtime/solve/system_jacobian.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "hawser/check.h"

namespace hawser {

namespace {

std::string Groups(int g) { return fmt::format("{} column group{}", g, g == 1 ? "" : "s"); }

}  // namespace

SystemJacobian::SystemJacobian(OdeSystem& system, bool exact_entries)
    : system_(system),
      block_of_(exact_entries ? system.ExactJacobianColumns() : std::vector<int>{}) {
  const SparsityPattern* pattern = system.Sparsity();
  HAWSER_CHECK(pattern != nullptr, "SystemJacobian of a system without a pattern");
  std::vector<bool> differenced;  // Empty: every column.
  if (!block_of_.empty()) {
    HAWSER_CHECK(static_cast<int>(block_of_.size()) == pattern->n, "one block per column");
    differenced.resize(block_of_.size());
    for (size_t j = 0; j < block_of_.size(); ++j) {
      differenced[j] = block_of_[j] < 0;
      blocks_ = std::max(blocks_, block_of_[j] + 1);
    }
  }
  declined_.assign(static_cast<size_t>(blocks_), false);
  differenced_ = std::make_unique<ColoredJacobian>(*pattern, differenced);
}

ColoredJacobian& SystemJacobian::DifferencedIfDeclined() {
  std::unique_ptr<ColoredJacobian>& c = differenced_if_declined_[declined_];
  if (c == nullptr) {
    std::vector<bool> differenced(block_of_.size());
    for (size_t j = 0; j < block_of_.size(); ++j) {
      differenced[j] = block_of_[j] < 0 || declined_[static_cast<size_t>(block_of_[j])];
    }
    c = std::make_unique<ColoredJacobian>(pattern(), differenced);
  }
  return *c;
}

bool SystemJacobian::Evaluate(const ColoredJacobian::Function& f, std::span<const double> x,
                              std::span<const double> fx, std::span<const double> increments,
                              std::span<double> values) {
  ++evaluations_;
  // The exact columns first, while the objects hold the base point's values.
  bool any_declined = false;
  for (int b = 0; b < blocks_; ++b) {
    declined_[b] = !system_.FillExactJacobian(b, values);
    any_declined = any_declined || declined_[b];
  }
  if (any_declined) ++evaluations_declined_;
  given_ = given_ || std::find(declined_.begin(), declined_.end(), false) != declined_.end();
  ColoredJacobian& differenced = any_declined ? DifferencedIfDeclined() : *differenced_;
  last_exact_columns_ = pattern().n - differenced.columns();
  last_groups_ = differenced.groups();
  if (differenced.groups() == 0) return true;
  struct Estimating {  // Off again however Evaluate ends (an object may throw).
    OdeSystem& system;
    explicit Estimating(OdeSystem& s) : system(s) { system.SetEstimatingJacobian(true); }
    ~Estimating() { system.SetEstimatingJacobian(false); }
  } estimating(system_);
  return differenced.Evaluate(f, x, fx, increments, values);
}

std::string SystemJacobian::Describe() const {
  if (blocks_ == 0) return Groups(differenced_->groups());
  // Objects that never give their entries (the default) change nothing worth a word.
  if (evaluations_ > 0 && !given_) return Groups(last_groups_);
  if (last_exact_columns_ < 0) {
    return fmt::format("exact entries offered for {} columns, the others in {}",
                       pattern().n - differenced_->columns(), Groups(differenced_->groups()));
  }
  std::string text =
      fmt::format("exact entries for {} columns, {}", last_exact_columns_, Groups(last_groups_));
  if (evaluations_declined_ > 0) {
    text +=
        fmt::format(" (some declined at {} of {} Jacobians)", evaluations_declined_, evaluations_);
  }
  return text;
}

}  // namespace hawser
