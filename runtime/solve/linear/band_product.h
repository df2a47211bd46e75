// A banded matrix stored by diagonals, for the product y -= A x: each diagonal is a contiguous
// array, so the product is one vectorisable pass per diagonal with no chain of dependent
// additions (row-wise sparse dot products wait on each term's subtraction in turn). Used for
// the condensed Newton right-hand side (condensed_solver.cpp).
#pragma once

#include <vector>

namespace hawser {

class BandProduct {
 public:
  /// An n x n matrix with `lower` diagonals below and `upper` above the main one, all zero.
  void Resize(int n, int lower, int upper);
  /// Where entry (row, column) is kept; -lower <= column - row <= upper.
  int Position(int row, int column) const { return (column - row + lower_) * n_ + row; }
  /// The entries, by Position (zero until set; they stay as set).
  double* data() { return values_.data(); }

  /// Element j of the x of the next product (zero until set). x is kept with `lower` zeros
  /// before it and `upper` after, so that every diagonal reads it without a bounds check.
  double& x(int j) { return padded_[lower_ + j]; }

  /// y -= A x, with x as set through x() (entries not set since Resize are zero). Per row the
  /// terms are subtracted in the order of their columns.
  void SubtractProduct(double* y) const;

  int size() const { return n_; }
  int lower() const { return lower_; }
  int upper() const { return upper_; }

 private:
  int n_ = 0, lower_ = 0, upper_ = 0;
  std::vector<double> values_;  ///< Diagonal d = column - row: [(d + lower) n, (d + lower + 1) n).
  std::vector<double> padded_;
};

}  // namespace hawser
