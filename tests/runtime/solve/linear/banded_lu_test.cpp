// runtime/solve/linear/banded_lu.h: the banded LU's solutions on diagonally dominant matrices (no
// row interchanges) and on matrices whose pivots must come from below the diagonal, for every shape
// of band, checked by their residual (LU with partial pivoting is backward stable, whatever the
// matrix's condition) and against Eigen's dense LU where the matrix is well conditioned; and a
// singular matrix.
#include "runtime/solve/linear/banded_lu.h"

#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace hawser {
namespace {

/// A random n x n matrix with `lower` and `upper` diagonals, into both `lu` and a dense copy.
/// With `dominant` the diagonal outweighs each row (no interchanges); without, the diagonal is
/// small, so that partial pivoting must swap rows.
Eigen::MatrixXd RandomBand(BandedLu& lu, int n, int lower, int upper, bool dominant,
                           std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  lu.Resize(n, lower, upper);
  Eigen::MatrixXd dense = Eigen::MatrixXd::Zero(n, n);
  for (int j = 0; j < n; ++j) {
    for (int i = std::max(0, j - upper); i <= std::min(n - 1, j + lower); ++i) {
      double v = u(rng);
      if (i == j) v = dominant ? 2.0 * (lower + upper + 1) + v : 1e-3 * v;
      dense(i, j) = v;
      lu.at(i, j) = v;
    }
  }
  return dense;
}

struct Errors {
  double backward;  ///< |A x - b| / (|A| |x| + |b|), infinity norms.
  double forward;   ///< |x - x_dense| / |x_dense|.
};

/// Factors and solves with the band, and compares with the dense matrix's residual and LU.
Errors SolveAgainstDense(BandedLu& lu, const Eigen::MatrixXd& dense, std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  const int n = static_cast<int>(dense.rows());
  Eigen::VectorXd b(n);
  for (int i = 0; i < n; ++i) b[i] = u(rng);
  const Eigen::VectorXd expected = dense.partialPivLu().solve(b);
  std::vector<double> x(b.data(), b.data() + n);
  REQUIRE(lu.Factor());
  lu.Solve(x.data());
  const Eigen::VectorXd xv = Eigen::Map<const Eigen::VectorXd>(x.data(), n);
  const double norm_a = dense.cwiseAbs().rowwise().sum().maxCoeff();
  return {(dense * xv - b).cwiseAbs().maxCoeff() /
              (norm_a * xv.cwiseAbs().maxCoeff() + b.cwiseAbs().maxCoeff()),
          (xv - expected).cwiseAbs().maxCoeff() / expected.cwiseAbs().maxCoeff()};
}

/// Backward error bound: partial pivoting's growth on these random bands stays below ~10, so
/// the residual is a few times n eps at most; 1e-13 (~ 450 eps) fails at once for a wrong
/// multiplier, interchange or fill-in entry, which leaves residuals of order 1.
constexpr double kBackward = 1e-13;

TEST_CASE(
    "banded LU: solutions equal the dense LU's for every band shape, with and without "
    "row interchanges") {
  std::mt19937 rng(5);
  BandedLu lu;
  struct Shape {
    int n, lower, upper;
  };
  for (const Shape s :
       {Shape{1, 0, 0}, Shape{7, 0, 0}, Shape{9, 1, 1}, Shape{30, 5, 5}, Shape{30, 0, 4},
        Shape{30, 4, 0}, Shape{40, 2, 7}, Shape{40, 7, 2}, Shape{12, 11, 11}, Shape{300, 5, 5},
        // The substitutions' fixed widths 1..8 (and 9, the general loop again), each on a band
        // long enough to use them.
        Shape{50, 8, 3}, Shape{50, 3, 6}, Shape{60, 9, 9}}) {
    for (const bool dominant : {true, false}) {
      CAPTURE(s.n);
      CAPTURE(s.lower);
      CAPTURE(s.upper);
      CAPTURE(dominant);
      const Eigen::MatrixXd dense = RandomBand(lu, s.n, s.lower, s.upper, dominant, rng);
      const Errors e = SolveAgainstDense(lu, dense, rng);
      // Both ways of applying L are tested: the pivots of the small diagonals come from below.
      CHECK(lu.interchanged() == (!dominant && s.lower > 0));
      CHECK(e.backward < kBackward);
      // Diagonally dominant: condition ~ 3, so the solution itself is the dense one to round-off.
      if (dominant) CHECK(e.forward < 1e-13);
    }
  }
}

TEST_CASE("banded LU: refactoring after new values gives the new solution") {
  // Zero() and new entries, as each Newton matrix of a run: nothing of the old factors stays
  // (the fill-in room in particular).
  std::mt19937 rng(9);
  BandedLu lu;
  Eigen::MatrixXd dense = RandomBand(lu, 50, 3, 2, false, rng);
  CHECK(SolveAgainstDense(lu, dense, rng).backward < kBackward);
  lu.Zero();
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (int j = 0; j < 50; ++j)
    for (int i = std::max(0, j - 2); i <= std::min(49, j + 3); ++i)
      lu.at(i, j) = dense(i, j) = (i == j ? 10.0 : 0.0) + u(rng);
  const Errors e = SolveAgainstDense(lu, dense, rng);
  CHECK(e.backward < kBackward);
  CHECK(e.forward < 1e-13);  // Diagonally dominant: condition ~ 2.
}

TEST_CASE("banded LU: a singular matrix is reported, not divided by zero") {
  BandedLu lu;
  lu.Resize(4, 1, 1);
  for (int i = 0; i < 4; ++i) lu.at(i, i) = 1.0;
  lu.at(2, 2) = 0.0;  // Column 2 is zero: no pivot below or on the diagonal.
  CHECK_FALSE(lu.Factor());
}

/// The two-sided factorisation (banded_lu_two_sided.h) takes every band of half-width
/// w = max(lower, upper) in 1 .. 8 on more than 2 w rows, if no pivot would be swapped. Its
/// backward error: Gaussian elimination in any order of pivots (here 0, n-1, 1, n-2, .., then
/// the middle block) gives (A + dA) x = b with |dA| <= gamma_3k |L||U| (Higham, Accuracy and
/// Stability of Numerical Algorithms, Thm 9.4), k the longest sum, at most 2 w + 1 terms in a
/// band; on these diagonally dominant matrices the multipliers are below 1/2 and |L||U| stays
/// within a few |A|, so the normwise backward error is a few times 3 (2 w + 1) eps ~ 1e-14,
/// inside kBackward.
bool TwoSidedFits(int n, int lower, int upper) {
  const int w = std::max(lower, upper);
  return w >= 1 && w <= 8 && n > 2 * w;
}

TEST_CASE("banded LU: the two-sided factorisation solves every band shape it takes") {
  std::mt19937 rng(17);
  BandedLu lu;
  struct Shape {
    int n, lower, upper;
  };
  for (const Shape s :
       {Shape{297, 5, 5}, Shape{298, 5, 5}, Shape{57, 5, 5}, Shape{597, 5, 5},
        // Just below, at and above 2 w + 1 rows (the middle block and one row
        // on each side), odd and even.
        Shape{10, 5, 5}, Shape{11, 5, 5}, Shape{12, 5, 5}, Shape{13, 5, 5}, Shape{3, 1, 1},
        Shape{4, 1, 1}, Shape{5, 1, 1}, Shape{40, 1, 1}, Shape{41, 2, 7}, Shape{41, 7, 2},
        Shape{30, 0, 4}, Shape{31, 4, 0}, Shape{50, 3, 6}, Shape{17, 8, 8}, Shape{18, 8, 8},
        Shape{40, 8, 1}, Shape{40, 9, 9}}) {
    CAPTURE(s.n);
    CAPTURE(s.lower);
    CAPTURE(s.upper);
    const Eigen::MatrixXd dense = RandomBand(lu, s.n, s.lower, s.upper, true, rng);
    const Errors e = SolveAgainstDense(lu, dense, rng);
    CHECK(lu.two_sided() == TwoSidedFits(s.n, s.lower, s.upper));
    CHECK_FALSE(lu.interchanged());  // Diagonally dominant: the middle block keeps its rows.
    CHECK(e.backward < kBackward);
    CHECK(e.forward < 1e-13);  // Diagonally dominant: condition ~ 3, as above.
  }
}

TEST_CASE("banded LU: a pivot that fails the threshold test on either side means interchanges") {
  // A tiny first pivot of the top side, then of the bottom side (no update changes it before
  // its test): the two-sided factorisation gives up and the one-sided LU takes over, with the
  // same accuracy.
  std::mt19937 rng(23);
  BandedLu lu;
  for (const int row : {0, 296}) {
    CAPTURE(row);
    Eigen::MatrixXd dense = RandomBand(lu, 297, 5, 5, true, rng);
    lu.at(row, row) = dense(row, row) = 1e-6;
    const Errors e = SolveAgainstDense(lu, dense, rng);
    CHECK_FALSE(lu.two_sided());
    // The one-sided LU swaps the first row; it reaches the last one after the rows above have
    // updated it, and there is no row left below it to swap with.
    CHECK(lu.interchanged() == (row == 0));
    CHECK(e.backward < kBackward);
  }
}

TEST_CASE("banded LU: the two-sided middle block pivots within itself") {
  // A zero diagonal in the middle block (rows (n - w) / 2 .. + w - 1, banded_lu_two_sided.h)
  // beside a large entry below it: the block's own partial pivoting swaps the two rows, and the
  // sides stay two-sided.
  std::mt19937 rng(29);
  BandedLu lu;
  const int n = 41, w = 3, middle = (n - w) / 2;
  Eigen::MatrixXd dense = RandomBand(lu, n, w, w, true, rng);
  lu.at(middle, middle) = dense(middle, middle) = 0.0;
  lu.at(middle + 1, middle) = dense(middle + 1, middle) = 100.0;
  const Errors e = SolveAgainstDense(lu, dense, rng);
  CHECK(lu.two_sided());
  CHECK(lu.interchanged());
  CHECK(e.backward < kBackward);
}

TEST_CASE("banded LU: singular and non-finite matrices are reported on the two-sided shape") {
  BandedLu lu;
  std::mt19937 rng(31);
  // A zero column in the middle block: no pivot for it on either side (its Schur complement's
  // column is exactly zero), as for the one-sided LU.
  const int n = 40, w = 2, middle = (n - w) / 2;
  for (const int column : {3, middle, 35}) {
    CAPTURE(column);
    RandomBand(lu, n, w, w, true, rng);
    for (int i = std::max(0, column - w); i <= std::min(n - 1, column + w); ++i) {
      lu.at(i, column) = 0.0;
    }
    CHECK_FALSE(lu.Factor());
  }
  for (const double bad : {std::nan(""), HUGE_VAL}) {
    for (const int row : {3, middle, 35}) {
      CAPTURE(row);
      RandomBand(lu, n, w, w, true, rng);
      lu.at(row, row) = bad;
      CHECK_FALSE(lu.Factor());
    }
  }
}

}  // namespace
}  // namespace hawser
