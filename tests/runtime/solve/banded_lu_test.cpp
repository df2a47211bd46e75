// runtime/solve/banded_lu.h: the banded LU's solutions on diagonally dominant matrices (no row
// interchanges) and on matrices whose pivots must come from below the diagonal, for every shape
// of band, checked by their residual (LU with partial pivoting is backward stable, whatever the
// matrix's condition) and against Eigen's dense LU where the matrix is well conditioned; and a
// singular matrix.
#include "runtime/solve/banded_lu.h"

#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <algorithm>
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

}  // namespace
}  // namespace hawser
