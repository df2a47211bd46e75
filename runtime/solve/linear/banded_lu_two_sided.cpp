#include "runtime/solve/linear/banded_lu_two_sided.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <utility>

#include "runtime/solve/linear/with_width.h"

namespace hawser {

bool TwoSidedBandLu::Fits(int n, int lower, int upper) {
  const int w = std::max(lower, upper);
  return w >= 1 && w <= kMaxWidth && n > 2 * w;
}

void TwoSidedBandLu::Resize(int n, int lower, int upper) {
  n_ = n;
  lower_ = lower;
  upper_ = upper;
  width_ = std::max(lower, upper);
  split_ = (n - width_) / 2;  // The bottom then has as many rows as the top, or one more.
  if (Fits(n, lower, upper)) {
    factors_.assign(static_cast<std::size_t>(n + 2 * width_) * (2 * width_ + 1), 0.0);
  } else {
    factors_.clear();
  }
}

namespace {

/// The factors' layout for half-width K (TwoSidedBandLu::factors_).
template <int K>
struct Layout {
  static constexpr int kRight = 2 * K;     ///< From entry (i, j) to (i, j + 1), within the band.
  static constexpr int kNext = 2 * K + 1;  ///< From entry (i, i) to (i + 1, i + 1).
  /// Where entry (i, i) is kept; (i + d, i) is `d` further, (i, i + d) d kRight further.
  static std::size_t Diagonal(int i) { return static_cast<std::size_t>(i + K) * kNext + K; }
};

/// BandedLu's pivot test: the pivot may stay in place if it is at least kBandPivotThreshold
/// times `largest`, the largest magnitude in the part of its column being eliminated, which
/// must be positive and finite (else the one-sided LU decides: a singular or non-finite matrix).
inline bool Acceptable(double pivot, double largest) {
  return largest > 0.0 && std::isfinite(largest) &&
         std::abs(pivot) >= kBandPivotThreshold * largest;
}

/// Copies the band into the factors' layout, zeros around it (past the matrix's edges and,
/// for lower != upper, between the band and the half-width K).
template <int K>
void CopyBand(const double* band, int stride, int diagonal, int n, int lower, int upper,
              double* f) {
  for (int j = 0; j < n; ++j) {
    double* column = f + Layout<K>::Diagonal(j);              // (j + d, j) at column[d].
    const double* source = band + j * stride + diagonal + j;  // (j + d, j) at source[d].
    const int first = std::max(-upper, -j), last = std::min(lower, n - 1 - j);
    for (int d = -K; d <= K; ++d) column[d] = d >= first && d <= last ? source[d] : 0.0;
  }
}

/// One elimination step at the pivot f = entry (k, k), with the pivot test. kSign = 1: the
/// top's step, rows k+1 .. k+K minus multiples of row k, whose entries k+1 .. k+K become U's
/// row over the pivot; the column below the pivot becomes L's multipliers. kSign = -1: the
/// bottom's, its mirror image (rows k-K .. k-1, columns k-K .. k-1). The pivot becomes its
/// reciprocal. Where the band is narrower than K the extra entries are zero and stay zero.
/// Always inlined: GCC 12 left the bottom's step a call, between the two sides' instructions.
template <int K, int kSign>
[[gnu::always_inline]] inline bool EliminateStep(double* f) {
  constexpr int kRight = Layout<K>::kRight;
  double largest = std::abs(f[0]);
  for (int r = 1; r <= K; ++r) largest = std::max(largest, std::abs(f[kSign * r]));
  if (!Acceptable(f[0], largest)) return false;
  const double inverse = 1.0 / f[0];
  double multiplier[K], pivot_row[K];
  for (int r = 1; r <= K; ++r) multiplier[r - 1] = f[kSign * r] * inverse;
  for (int c = 1; c <= K; ++c) pivot_row[c - 1] = f[kSign * c * kRight];
  for (int c = 1; c <= K; ++c) {
    double* column = f + kSign * c * kRight;
    for (int r = 1; r <= K; ++r) column[kSign * r] -= multiplier[r - 1] * pivot_row[c - 1];
  }
  for (int r = 1; r <= K; ++r) f[kSign * r] = multiplier[r - 1];
  for (int c = 1; c <= K; ++c) f[kSign * c * kRight] = pivot_row[c - 1] * inverse;
  f[0] = inverse;
  return true;
}

/// Both sides' eliminations, step k of the top beside step k of the bottom; `ok` false as soon
/// as a pivot fails its test.
template <int K>
struct EliminateBothSides {
  static void Run(double* f, int n, int m, bool& ok) {
    double* top = f + Layout<K>::Diagonal(0);
    double* bottom = f + Layout<K>::Diagonal(n - 1);
    ok = false;
    for (int k = 0; k < m; ++k, top += Layout<K>::kNext, bottom -= Layout<K>::kNext) {
      // Both steps before the one test, so that their instructions stay side by side.
      const bool down = EliminateStep<K, 1>(top);
      const bool up = EliminateStep<K, -1>(bottom);
      if (!(down && up)) return;
    }
    if (n - K - m > m && !EliminateStep<K, -1>(bottom)) return;
    ok = true;
  }
};

/// The middle block's LU with BandedLu's threshold pivoting, row-major with stride
/// TwoSidedBandLu::kMaxWidth (rows swapped whole, as LAPACK's dgetf2). False for a zero or
/// non-finite column.
bool FactorMiddle(int w, double* s, int* pivot, bool& swapped) {
  constexpr int kStride = TwoSidedBandLu::kMaxWidth;
  swapped = false;
  for (int k = 0; k < w; ++k) {
    double* row = s + k * kStride;
    int p = k;
    double largest = std::abs(row[k]);
    for (int r = k + 1; r < w; ++r) {
      const double v = std::abs(s[r * kStride + k]);
      if (v > largest) largest = v, p = r;
    }
    if (Acceptable(row[k], largest)) p = k;
    if (!(largest > 0.0) || !std::isfinite(largest)) return false;
    pivot[k] = p;
    if (p != k) {
      swapped = true;
      std::swap_ranges(row, row + w, s + p * kStride);
    }
    const double inverse = 1.0 / row[k];
    for (int r = k + 1; r < w; ++r) {
      double* other = s + r * kStride;
      other[k] *= inverse;
      for (int c = k + 1; c < w; ++c) other[c] -= other[k] * row[c];
    }
    for (int c = k + 1; c < w; ++c) row[c] *= inverse;
    row[k] = inverse;
  }
  return true;
}

/// S v = v in place with FactorMiddle's factors.
void SolveMiddle(int w, const double* s, const int* pivot, double* v) {
  constexpr int kStride = TwoSidedBandLu::kMaxWidth;
  for (int k = 0; k < w; ++k) std::swap(v[k], v[pivot[k]]);
  for (int r = 1; r < w; ++r) {
    for (int c = 0; c < r; ++c) v[r] -= s[r * kStride + c] * v[c];
  }
  for (int r = w - 1; r >= 0; --r) {
    double x = v[r] * s[r * kStride + r];
    for (int c = r + 1; c < w; ++c) x -= s[r * kStride + c] * v[c];
    v[r] = x;
  }
}

/// A top row's value and the bottom row's beside it, in one register: the two sweeps' rows
/// then cost one instruction each where they would cost two (a GNU vector extension, which
/// GCC and clang compile to SSE2's packed instructions on x86-64).
using Pair = double __attribute__((vector_size(16)));

/// Substitute for a top row (coefficients kTopStep apart) and a bottom row (kBottomStep apart)
/// at once, lane by lane the same operations in the same order.
template <int K, int kTopStep, int kBottomStep>
inline Pair SubstitutePair(const double* top, const double* bottom, const Pair* window, Pair rhs) {
  Pair far = {0.0, 0.0};
  for (int r = K; r >= 2; --r) {
    far += Pair{top[r * kTopStep], bottom[r * kBottomStep]} * window[r - 1];
  }
  return (rhs - far) - Pair{top[kTopStep], bottom[kBottomStep]} * window[0];
}

/// The bottom's row alone (its odd last one): SubstitutePair's second lane.
template <int K, int kStep>
inline double SubstituteBottom(const double* row, const Pair* window, double rhs) {
  double far = 0.0;
  for (int r = K; r >= 2; --r) far += row[r * kStep] * window[r - 1][1];
  return (rhs - far) - row[kStep] * window[0][1];
}

/// The window of the K newest unknowns, newest first, after `newest`.
template <int K>
inline void Push(Pair* window, Pair newest) {
  for (int r = K - 1; r >= 1; --r) window[r] = window[r - 1];
  window[0] = newest;
}

/// The middle rows' right-hand side after both forward sweeps (the multipliers of the top's
/// columns left of the block, of the bottom's right of it), then S's solve.
template <int K>
void SolveMiddleRows(const double* f, const double* s, const int* pivot, int n, int m, double* b) {
  double v[K];
  for (int a = 0; a < K; ++a) {
    const int i = m + a;
    const double* diagonal = f + Layout<K>::Diagonal(i);
    double sum = b[i];
    for (int j = std::max(0, i - K); j < m; ++j)
      sum -= diagonal[(j - i) * Layout<K>::kRight] * b[j];
    for (int j = m + K; j <= std::min(n - 1, i + K); ++j) {
      sum -= diagonal[(j - i) * Layout<K>::kRight] * b[j];
    }
    v[a] = sum;
  }
  SolveMiddle(K, s, pivot, v);
  for (int a = 0; a < K; ++a) b[m + a] = v[a];
}

/// The two-sided solve: the forward sweeps of the top (L y = b, multipliers left of the
/// diagonal) and the bottom (its mirror) in one loop, the middle block, then the back sweeps
/// (x_i = y_i / U_ii - sum_k (U_ik / U_ii) x_k) of both in one loop. Each sweep keeps its K
/// newest unknowns in registers; rows next to the matrix's edges read the zero columns
/// around the factors.
template <int K>
struct SolveBothSides {
  static void Run(const double* f, const double* s, const int* pivot, int n, int m, double* b) {
    constexpr int kRight = Layout<K>::kRight, kNext = Layout<K>::kNext;
    const bool odd_row = n - K - m > m;  // The bottom's last row, without a top row beside it.
    Pair window[K] = {};                 // (y_i-1, z_j+1) .. (y_i-K, z_j+K).
    const double* top = f + Layout<K>::Diagonal(0);
    const double* bottom = f + Layout<K>::Diagonal(n - 1);
    for (int i = 0, j = n - 1; i < m; ++i, --j, top += kNext, bottom -= kNext) {
      const Pair y = SubstitutePair<K, -kRight, kRight>(top, bottom, window, Pair{b[i], b[j]});
      b[i] = y[0];
      b[j] = y[1];
      Push<K>(window, y);
    }
    if (odd_row) b[m + K] = SubstituteBottom<K, kRight>(bottom, window, b[m + K]);
    SolveMiddleRows<K>(f, s, pivot, n, m, b);
    for (int r = 1; r <= K; ++r) window[r - 1] = Pair{b[m - 1 + r], b[m + K - r]};
    top = f + Layout<K>::Diagonal(m - 1);
    bottom = f + Layout<K>::Diagonal(m + K);
    for (int i = m - 1, j = m + K; i >= 0; --i, ++j, top -= kNext, bottom += kNext) {
      const Pair x = SubstitutePair<K, kRight, -kRight>(top, bottom, window,
                                                        Pair{b[i], b[j]} * Pair{top[0], bottom[0]});
      b[i] = x[0];
      b[j] = x[1];
      Push<K>(window, x);
    }
    if (odd_row) b[n - 1] = SubstituteBottom<K, -kRight>(bottom, window, b[n - 1] * bottom[0]);
  }
};

/// CopyBand and the elimination of both sides for the width K.
template <int K>
struct CopyAndEliminate {
  static void Run(const double* band, int stride, int diagonal, int n, int lower, int upper, int m,
                  double* f, bool& ok) {
    CopyBand<K>(band, stride, diagonal, n, lower, upper, f);
    EliminateBothSides<K>::Run(f, n, m, ok);
  }
};

/// The middle block S out of the factors, into `s` (row-major, stride kMaxWidth).
template <int K>
struct GatherMiddle {
  static void Run(const double* f, int m, double* s) {
    for (int a = 0; a < K; ++a) {
      const double* diagonal = f + Layout<K>::Diagonal(m + a);
      for (int c = 0; c < K; ++c) {
        s[a * TwoSidedBandLu::kMaxWidth + c] = diagonal[(c - a) * Layout<K>::kRight];
      }
    }
  }
};

}  // namespace

bool TwoSidedBandLu::Factor(const double* band, int stride, int diagonal) {
  if (factors_.empty()) return false;
  bool ok = false;
  WithWidth<CopyAndEliminate>(width_, band, stride, diagonal, n_, lower_, upper_, split_,
                              factors_.data(), ok);
  if (!ok) return false;
  WithWidth<GatherMiddle>(width_, factors_.data(), split_, middle_.data());
  return FactorMiddle(width_, middle_.data(), middle_pivot_.data(), middle_interchanged_);
}

void TwoSidedBandLu::Solve(double* b) const {
  WithWidth<SolveBothSides>(width_, factors_.data(), middle_.data(), middle_pivot_.data(), n_,
                            split_, b);
}

}  // namespace hawser
