// The condensed Newton matrix of a mechanical system, assembled by streaming over the band.
//
// CondensedSolver (condensed_solver.h) condenses M = I - gamma J, c = -gamma, by
// eliminating the kinematic rows i (M_ii x_i + M_ij x_j = b_i):
//   M'_kj = M_kj - M_ki M_ij / M_ii,   b'_k = b_k - (M_ki / M_ii) b_i.
// When no two eliminated rows share a partner j (Pos' = Vel rows: each velocity is one
// position's derivative), each condensed entry (k, j) receives at most one update, from the one
// eliminated row whose partner is its column j, and so does the right-hand side's coefficient
// matrix C (C_kj = M_ki / M_ii, with j that row's partner). With the entries of J laid out as
// the band is, column by column (Gather, after each evaluation of J), both follow from c and
// one number per column (Assemble, at each setup):
//   band(k, j) = ([k = j] + c J_kj) - (c J_ki) o_j,   o_j = c J_ij / (1 + c J_ii),
//   C(k, j) = (c J_ki) r_j,                           r_j = 1 / (1 + c J_ii),
// one vectorised pass over contiguous arrays instead of a gather and a scatter per entry of M.
// These are the operations of the entry-by-entry condensation in the same order, so the results
// are the same bits.
#pragma once

#include <cstdint>
#include <vector>

#include "runtime/solve/linear/band_product.h"
#include "runtime/solve/linear/banded_lu.h"

namespace hawser {

class StreamedCondensation {
 public:
  /// An entry of J (its position `source` in J's data) and where it goes: a band storage
  /// position of BandedLu, or of BandProduct for the right-hand side's coefficients.
  struct Placed {
    std::int64_t target, source;
  };
  /// The plan for `band` and `product` (already sized): kept entries of M on and off the
  /// diagonal, the updates from eliminated rows (target in `band`, J_ki's position, and the
  /// band column of that row's partner) and the coefficients of C (target in `product`, J_ki's
  /// position, column). False, and nothing planned, when an entry gets more than one update or
  /// an update or coefficient from another column's row: then the caller condenses entry by
  /// entry.
  struct Update {
    std::int64_t target, source;
    int column;
  };
  bool Plan(const BandedLu& band, const BandProduct& product,
            const std::vector<Placed>& kept_diagonal, const std::vector<Placed>& kept_off_diagonal,
            const std::vector<Update>& updates, const std::vector<Update>& coefficients);
  bool planned() const { return planned_; }

  /// J's entries into the streams (after each evaluation of J; its pattern as planned).
  void Gather(const double* j);

  /// The band's values (its fill-in room zeroed) and C's, for c = -gamma, with o_j and r_j of
  /// each band column j (zero for a column that is no eliminated row's partner): o[j], and
  /// r_padded[lower + j] with `lower` zeros before and `upper` after (as C's diagonals read it).
  void Assemble(double c, const double* o, const double* r_padded, BandedLu& band,
                BandProduct& product) const;

 private:
  bool planned_ = false;
  int n_ = 0, lower_ = 0, upper_ = 0;
  // Per band column, its lower + upper + 1 rows from the top of the band (row column - upper
  // first): J's entry for M_kj, and J_ki of the update.
  std::vector<double> kept_, updating_;
  std::vector<double> coefficients_;  ///< J_ki for C, in BandProduct's layout (by diagonals).
  /// For Gather: each entry's place in kept_, updating_ or coefficients_, and in J.
  std::vector<Placed> kept_sources_, updating_sources_, coefficient_sources_;
};

}  // namespace hawser
