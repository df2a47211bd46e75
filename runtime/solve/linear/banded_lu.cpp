#include "runtime/solve/linear/banded_lu.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "runtime/solve/linear/with_width.h"

namespace hawser {

void BandedLu::Resize(int n, int lower, int upper) {
  n_ = n;
  lower_ = lower;
  upper_ = upper;
  diagonal_ = lower + upper;
  stride_ = 2 * lower + upper;
  band_.assign(static_cast<size_t>(n) * (stride_ + 1) + 1, 0.0);
  pivot_.assign(n, 0);
  inverse_pivot_.assign(n, 0.0);
  scaled_rows_.assign(static_cast<size_t>(n) * (lower + upper), 0.0);
  lower_rows_.assign(static_cast<size_t>(n) * lower, 0.0);
  two_sided_lu_.Resize(n, lower, upper);
  two_sided_ = false;
}

void BandedLu::Zero() { std::fill(band_.begin(), band_.end(), 0.0); }

/// Step j of the factorisation after the pivot: L's multipliers (the K entries below the
/// diagonal, times `inverse`) and the update of columns j + 1 .. ju. K is the number of rows
/// below the diagonal, a template argument for the band's full width (the loops unroll), or 0
/// with the count given at run time (the last columns, or a wide band).
template <int K>
struct BandedLu::Eliminate {
  static void Run(BandedLu& lu, int j, int ju, double inverse, int rows = K) {
    const int km = K > 0 ? K : rows;
    double* l = &lu.at(j + 1, j);  // The column below the diagonal: contiguous.
    for (int r = 0; r < km; ++r) l[r] *= inverse;
    for (int c = j + 1; c <= ju; ++c) {
      const double t = lu.at(j, c);
      if (t == 0.0) continue;
      double* col = &lu.at(j + 1, c);
      for (int r = 0; r < km; ++r) col[r] -= l[r] * t;
    }
  }
};

bool BandedLu::Factor() {
  two_sided_ = two_sided_lu_.Factor(band_.data(), stride_, diagonal_);
  if (two_sided_) {
    interchanged_ = two_sided_lu_.middle_interchanged();
    return true;
  }
  return FactorOneSided();
}

bool BandedLu::FactorOneSided() {
  // dgbtf2: for each column, a pivot on or below the diagonal (threshold pivoting, below); its
  // row is swapped into place across the columns it reaches (ju), the column below the diagonal
  // becomes L's multipliers, and the trailing band is updated.
  int ju = 0;  // The last column that the interchanges so far reach.
  interchanged_ = false;
  for (int j = 0; j < n_; ++j) {
    const int km = std::min(lower_, n_ - 1 - j);
    int jp = 0;
    double largest = std::abs(at(j, j));
    for (int r = 1; r <= km; ++r) {
      const double v = std::abs(at(j + r, j));
      if (v > largest) largest = v, jp = r;
    }
    // Threshold partial pivoting (as sparse LU codes: UMFPACK's default threshold is 0.1,
    // KLU's 0.001): the diagonal stays the pivot while it is at least a tenth of the column's
    // largest entry. Each step then grows entries by at most 1 + 1/0.1 = 11 instead of 2, which
    // a Newton matrix's solve can afford, and CVODE's matrices, near the identity, keep their
    // rows in place, so that Solve takes its row-by-row path.
    if (std::abs(at(j, j)) >= kBandPivotThreshold * largest) jp = 0;
    pivot_[j] = j + jp;
    if (!(largest > 0.0) || !std::isfinite(largest)) return false;
    ju = std::max(ju, std::min(j + upper_ + jp, n_ - 1));
    if (jp != 0) {
      interchanged_ = true;
      for (int c = j; c <= ju; ++c) std::swap(at(j, c), at(j + jp, c));
    }
    const double inverse = 1.0 / at(j, j);
    inverse_pivot_[j] = inverse;
    if (km != lower_ || !WithWidth<Eliminate>(km, *this, j, ju, inverse)) {
      Eliminate<0>::Run(*this, j, ju, inverse, km);
    }
  }
  const int kv = lower_ + upper_;
  for (int i = 0; i < n_; ++i) {
    double* row = scaled_rows_.data() + static_cast<size_t>(i) * kv;
    const int last = std::min(kv, n_ - 1 - i);
    for (int k = 1; k <= last; ++k) row[k - 1] = at(i, i + k) * inverse_pivot_[i];
    for (int k = last + 1; k <= kv; ++k) row[k - 1] = 0.0;
  }
  if (!interchanged_) {
    for (int i = 0; i < n_; ++i) {
      double* row = lower_rows_.data() + static_cast<size_t>(i) * lower_;
      for (int r = 1; r <= lower_; ++r) row[r - 1] = r <= i ? at(i, i - r) : 0.0;
    }
  }
  return true;
}

namespace {

// The substitutions of a factorisation without interchanges for a band of fixed width K (a
// template argument: the loops unroll, and the last K unknowns stay in registers), rows K.. of
// L y = b and rows ..n-1-K of U x = y. Per row the products with the far unknowns are summed
// first and the nearest unknown's product subtracted last, so that each row waits only on one
// multiplication and one subtraction after the row before (the latency chain of the solve).

/// L y = b for rows i >= K, rows 0..K-1 solved; `rows` as BandedLu::lower_rows_ (K a row).
template <int K>
struct Forward {
  static void Run(const double* rows, double* b, int n) {
    double w[K];  // w[r - 1] = y_i-r.
    for (int r = 1; r <= K; ++r) w[r - 1] = b[K - r];
    for (int i = K; i < n; ++i) {
      const double* row = rows + static_cast<size_t>(i) * K;
      double far = 0.0;
      for (int r = K; r >= 2; --r) far += row[r - 1] * w[r - 1];
      const double y = (b[i] - far) - row[0] * w[0];
      b[i] = y;
      for (int r = K - 1; r >= 1; --r) w[r] = w[r - 1];
      w[0] = y;
    }
  }
};

/// U x = y for rows i <= n - 1 - K, rows n-K..n-1 solved; `rows` as BandedLu::scaled_rows_
/// (`stride` a row, the first K used), `inverse` the pivots' reciprocals.
template <int K>
struct Back {
  static void Run(const double* rows, int stride, const double* inverse, double* b, int n) {
    double w[K];  // w[k - 1] = x_i+k.
    for (int k = 1; k <= K; ++k) w[k - 1] = b[n - 1 - K + k];
    for (int i = n - 1 - K; i >= 0; --i) {
      const double* row = rows + static_cast<size_t>(i) * stride;
      double far = 0.0;
      for (int k = K; k >= 2; --k) far += row[k - 1] * w[k - 1];
      const double x = (b[i] * inverse[i] - far) - row[0] * w[0];
      b[i] = x;
      for (int k = K - 1; k >= 1; --k) w[k] = w[k - 1];
      w[0] = x;
    }
  }
};

/// sum_k row[k - 1] x[k * step] for k = 3 .. last, in four partial sums (a single running sum
/// would make each row wait for its own chain of additions). The two nearest unknowns are left
/// to the caller, which has them in registers and subtracts them last: only those products
/// wait for the unknowns found just before.
inline double DotFromThird(const double* row, const double* x, int step, int last) {
  double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
  int k = 3;
  for (; k + 3 <= last; k += 4) {
    s0 += row[k - 1] * x[k * step];
    s1 += row[k] * x[(k + 1) * step];
    s2 += row[k + 1] * x[(k + 2) * step];
    s3 += row[k + 2] * x[(k + 3) * step];
  }
  for (; k <= last; ++k) s0 += row[k - 1] * x[k * step];
  return (s0 + s1) + (s2 + s3);
}

}  // namespace

void BandedLu::Solve(double* b) const {
  if (two_sided_) {
    two_sided_lu_.Solve(b);
  } else {
    SolveOneSided(b);
  }
}

void BandedLu::SolveOneSided(double* b) const {
  if (lower_ == 0) {
    // L = I.
  } else if (!interchanged_) {
    // L y = b row by row: y_i = b_i - sum_r L_i,i-r y_i-r, the two newest unknowns' products
    // last, from registers (zero rows pad L_i,i-r before the first column). A narrow band's
    // rows past the first `lower` by Forward.
    const bool fixed = n_ > 2 * lower_ && lower_ <= 8;
    const int generic_end = fixed ? lower_ : n_;
    double prev1 = b[0], prev2 = 0.0;  // y_i-1, y_i-2.
    for (int i = 1; i < generic_end; ++i) {
      const double* row = lower_rows_.data() + static_cast<size_t>(i) * lower_;
      const int last = std::min(lower_, i);
      double y = b[i] - DotFromThird(row, b + i, -1, last);
      if (last >= 2) y -= row[1] * prev2;
      y -= row[0] * prev1;
      b[i] = y;
      prev2 = prev1;
      prev1 = y;
    }
    if (fixed) WithWidth<Forward>(lower_, lower_rows_.data(), b, n_);
  } else {
    // L y = P b: the interchanges and multipliers in the order they were made.
    for (int j = 0; j + 1 < n_; ++j) {
      const int km = std::min(lower_, n_ - 1 - j);
      const int p = pivot_[j];
      if (p != j) std::swap(b[p], b[j]);
      const double t = b[j];
      const double* l = &band_[Position(j + 1, j)];
      for (int r = 0; r < km; ++r) b[j + 1 + r] -= l[r] * t;
    }
  }
  // U x = y, U with kv = lower + upper diagonals above its own, row by row from the last; the
  // unknown just found stays in a register for the next row's product with it. Without
  // interchanges U keeps A's `upper` diagonals (the fill-in room stays zero), and only those
  // are read.
  const int kv = lower_ + upper_;
  const int width = interchanged_ ? kv : upper_;
  // A narrow band's rows before the last `width` by Back.
  const bool fixed = width >= 1 && width <= 8 && n_ > 2 * width;
  const int generic_end = fixed ? n_ - width : 0;
  double next1 = 0.0, next2 = 0.0;  // x_i+1, x_i+2.
  for (int i = n_ - 1; i >= generic_end; --i) {
    const double* row = scaled_rows_.data() + static_cast<size_t>(i) * kv;
    const int last = std::min(width, n_ - 1 - i);
    double x = b[i] * inverse_pivot_[i] - DotFromThird(row, b + i, 1, last);
    if (last >= 2) x -= row[1] * next2;
    if (last >= 1) x -= row[0] * next1;
    b[i] = x;
    next2 = next1;
    next1 = x;
  }
  if (fixed) WithWidth<Back>(width, scaled_rows_.data(), kv, inverse_pivot_.data(), b, n_);
}

}  // namespace hawser
