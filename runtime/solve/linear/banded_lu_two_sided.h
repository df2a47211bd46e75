// Two-sided ("twisted", burn-at-both-ends) LU of a banded matrix without row interchanges, for
// BandedLu. The top rows are eliminated downward (columns 0 .. m-1) and the bottom rows upward
// (columns n-1 .. m+w, w = max(lower, upper)), the two in one loop: each pivot waits on the one
// before it, and two independent chains of such waits overlap where one chain left the
// processor idle. They meet in the middle w x w block, rows and columns m .. m+w-1: the top's
// updates reach it from above and left, the bottom's from below and right, and neither side
// reads a row or column the other writes (a band of half-width w leaves no entry between rows
// or columns m-1 and m+w), so that the block holds the Schur complement of both sides,
// S = A_MM - A_MT A_TT^-1 A_TM - A_MB A_BB^-1 A_BM, factored densely. Solve runs the two
// forward sweeps interleaved, solves S, then the two back sweeps interleaved.
//
// It is the elimination of the symmetrically reordered matrix (rows and columns 0, n-1, 1,
// n-2, .. then the middle), so that the error analysis of Gaussian elimination holds as for
// the one-sided LU.
#pragma once

#include <array>
#include <vector>

namespace hawser {

/// The pivoting rule of BandedLu (banded_lu.cpp): a pivot stays in place while it is at least
/// this fraction of the largest entry in the part of its column being eliminated.
inline constexpr double kBandPivotThreshold = 0.1;

class TwoSidedBandLu {
 public:
  /// The widest half-bandwidth handled: the sweeps' widths are template arguments.
  static constexpr int kMaxWidth = 8;

  /// Whether an n x n band with these half-bandwidths is factored two-sided: a band of
  /// 1 .. kMaxWidth and at least one row on each side of the middle block (n > 2 w).
  static bool Fits(int n, int lower, int upper);
  /// Sizes the factors' storage if the shape Fits, else frees it.
  void Resize(int n, int lower, int upper);
  /// Factors the band kept at band[column * stride + diagonal + row] (BandedLu's storage, read
  /// only). False if a pivot fails BandedLu's threshold test (its row would be swapped) or a
  /// column's largest entry is zero or not finite: then nothing here is usable and BandedLu
  /// factors with interchanges instead.
  bool Factor(const double* band, int stride, int diagonal);
  /// Solves A x = b in place with the last successful Factor().
  void Solve(double* b) const;
  /// Whether the middle block's factorisation swapped rows.
  bool middle_interchanged() const { return middle_interchanged_; }

 private:
  int n_ = 0, lower_ = 0, upper_ = 0;
  int width_ = 0;  ///< w = max(lower, upper): every column is kept w above and below.
  int split_ = 0;  ///< m: rows 0 .. m-1 eliminated downward, m .. m+w-1 the middle.
  /// Column j of the factors at rows j-w .. j+w (entry (i, j) at (j + w)(2w + 1) + w + i - j),
  /// with w zero columns before the first and after the last, so that the sweeps' first rows
  /// read zeros instead of testing for the matrix's edge. Top rows: L's multipliers left of the
  /// diagonal, U's row over its pivot right of it, the pivot's reciprocal on it; bottom rows
  /// the mirror image (multipliers right of the diagonal, the scaled row left of it).
  std::vector<double> factors_;
  /// The middle block's LU, row-major with stride kMaxWidth: multipliers below the diagonal,
  /// U's row over its pivot above it, the pivot's reciprocal on it.
  std::array<double, kMaxWidth * kMaxWidth> middle_{};
  std::array<int, kMaxWidth> middle_pivot_{};  ///< Row swapped with row k at step k.
  bool middle_interchanged_ = false;
};

}  // namespace hawser
