// LU factorisation with partial pivoting of a banded matrix, and its solve: the algorithm of
// LAPACK's dgbtf2/dgbtrs (unblocked), written out so that the compiler sees the loops. For the
// small bandwidths of condensed mooring lines (3x3 blocks on a tridiagonal: half-bandwidths 5)
// a call into a BLAS per column, as LAPACK makes, costs more than the arithmetic.
//
// Storage as LAPACK's band format: column j holds rows j - upper - lower .. j + lower, where the
// first `lower` rows of each column are room for the fill-in that row interchanges bring.
//
// Factor() first tries the two-sided factorisation without interchanges (banded_lu_two_sided.h),
// whose solve runs two chains of dependent rows side by side: a Newton matrix's solve waits on
// each row's newest unknown, and one chain left the processor mostly idle. Where a pivot would
// be swapped, the one-sided LU with interchanges factors the matrix instead (from the band, which
// the two-sided factorisation only reads; the failed attempt is the fallback's extra cost).
#pragma once

#include <vector>

#include "runtime/solve/linear/banded_lu_two_sided.h"

namespace hawser {

class BandedLu {
 public:
  /// An n x n matrix with `lower` diagonals below and `upper` above the main one, all zero.
  void Resize(int n, int lower, int upper);
  /// Sets every entry to zero (the band and the fill-in room).
  void Zero();
  /// Entry (row, column); |row - column| must lie in the band (-upper <= row - column <= lower).
  double& at(int row, int column) { return band_[Position(row, column)]; }
  /// Where entry (row, column) is kept, to fill the matrix without recomputing positions.
  int Position(int row, int column) const { return column * stride_ + diagonal_ + row; }
  double* data() { return band_.data(); }

  /// Factors the matrix: two-sided without interchanges where every pivot passes the threshold
  /// test, else in place, PA = LU. False if a pivot is exactly zero (a singular matrix).
  bool Factor();
  /// Solves A x = b in place (b becomes x), with the factors of the last Factor().
  void Solve(double* b) const;

  /// Whether the last Factor() swapped rows (one-sided: then Solve applies L column by column;
  /// two-sided: within the middle block).
  bool interchanged() const { return interchanged_; }
  /// Whether the last Factor() was two-sided (TwoSidedBandLu).
  bool two_sided() const { return two_sided_; }
  int size() const { return n_; }
  int lower() const { return lower_; }
  int upper() const { return upper_; }

 private:
  // Column j is kept in band_[j * ldab, (j + 1) * ldab), ldab = 2 lower + upper + 1, entry
  // (i, j) at band row kv + i - j with kv = lower + upper (LAPACK's AB(kv + 1 + i - j, j)):
  // position j ldab + kv + i - j = j (ldab - 1) + kv + i.
  template <int K>
  struct Eliminate;  // One column's elimination (banded_lu.cpp).
  bool FactorOneSided();
  void SolveOneSided(double* b) const;

  int n_ = 0, lower_ = 0, upper_ = 0;
  int stride_ = 0;    ///< ldab - 1.
  int diagonal_ = 0;  ///< kv.
  std::vector<double> band_;
  std::vector<int> pivot_;             ///< Row interchanged with row j at step j.
  std::vector<double> inverse_pivot_;  ///< 1 / U_jj.
  /// U's rows above the diagonal scaled by 1 / U_ii, row by row: row i holds U_i,i+1 .. U_i,i+kv
  /// over U_ii (zero past the last column), so that the back substitution is one dot product
  /// per row, x_i = y_i / U_ii - sum_k this_ik x_i+k, with only the last product waiting for the
  /// unknown just found (column by column, each unknown waited on a store and a load).
  std::vector<double> scaled_rows_;
  /// When the factorisation swapped no rows (the usual case for CVODE's Newton matrices, which
  /// are near the identity): L's rows, row i holding L_i,i-1 .. L_i,i-lower (zero before the
  /// first column), so that the forward substitution is a dot product per row as well.
  bool interchanged_ = false;
  std::vector<double> lower_rows_;
  bool two_sided_ = false;
  TwoSidedBandLu two_sided_lu_;
};

}  // namespace hawser
