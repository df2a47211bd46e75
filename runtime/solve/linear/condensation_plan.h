// The symbolic half of the condensed Newton solve (condensed_solver.h): from the pattern of
// M = I - gamma J alone, which rows are eliminated, the condensed pattern, where each condensed
// entry's value comes from, the ordering and whether the condensed matrix is factored as a band
// or by KLU. No values and no SUNDIALS: the numeric solver follows the plan at every setup.
//
// Which rows: any row with its diagonal and exactly one other entry, at column j (the Pos' = Vel
// rows are the ones that matter; the end rows of a diffusion chain qualify too), when x_j is not
// itself eliminated and x_i is no eliminated row's partner (chosen greedily in row order from
// the pattern). Row i gives dx_i = (b_i - M_ij dx_j) / M_ii, and substituting it into every
// other row k that reads x_i leaves
//   M'_kj = M_kj - M_ki M_ij / M_ii,   b'_k = b_k - M_ki b_i / M_ii
// over the kept unknowns. The condensed matrix is factored as a band (banded_lu.h) after a
// reverse Cuthill-McKee ordering (bandwidth_ordering.h) when its band is narrow, as a mooring
// line's is (3x3 blocks on a tridiagonal, whatever order its objects came in), else by KLU.
#pragma once

#include <vector>

#include "runtime/solve/linear/bandwidth_ordering.h"

namespace hawser {

/// How the condensed matrix is factored: a band LU when its reverse Cuthill-McKee band is
/// narrow (kAuto: the band holds at most 3x its nonzeros), or always one of the two (the
/// benchmark's baselines and the tests).
enum class CondensedFactorization { kAuto, kKlu, kBand };

/// The plan for one pattern of M (CSC: column starts p, row indices i). Positions are indices
/// into M's entries (p, i order); "condensed entries" index the condensed CSC pattern.
struct CondensationPlan {
  using Index = long;  ///< KLU's and SUNDIALS' 64-bit index (condensed_solver.cpp checks).
  /// A kinematic row: M_ii dx_i + M_ij dx_j = b_i, with the positions of M_ii and M_ij.
  struct Eliminated {
    Index row, partner;
    Index diagonal, off;
  };
  /// A kept entry of M, at position `source`, is condensed entry `target`.
  struct Kept {
    Index target, source;
  };
  /// Condensed entry `target` -= M[ki] M_ij / M_ii of eliminated row `eliminated` (its index).
  struct Update {
    Index target, ki, eliminated;
  };
  /// An eliminated row by the place (in `work_slot` order) of its partner.
  struct ByPlace {
    int place, row, eliminated;
  };

  Index n = 0;
  std::vector<Index> pattern_p, pattern_i;  ///< The pattern planned for.
  // The solve's index arrays are 32-bit (the numeric solver refuses a larger system): half the
  // bytes of KLU's 64-bit indices on the path every Newton iteration takes.
  std::vector<int> kept;  ///< Original index of each condensed unknown.
  std::vector<Eliminated> eliminated;
  std::vector<Index> reduced_of;            ///< Per original unknown, its condensed index or -1.
  std::vector<Index> reduced_p, reduced_i;  ///< The condensed pattern, CSC, rows sorted.
  // Where the condensed values come from: the kept entries of M, off the diagonal and on it
  // (told apart so that M may be formed from J on the fly), then the eliminated rows' updates,
  // in the order the numeric solver applies them.
  std::vector<Kept> kept_off_diagonal, kept_diagonal;
  std::vector<Update> updates;
  // b'_k = b_k - sum over eliminated i of (M_ki / M_ii) b_i, as a CSR product over the kept rows
  // k: per entry the row i of b, the position of M_ki and that i's index in `eliminated`.
  std::vector<int> rhs_start, rhs_b_row;
  std::vector<Index> rhs_m_entry, rhs_eliminated;

  BandOrdering ordering;  ///< Reverse Cuthill-McKee of the condensed pattern.
  bool band = false;      ///< Factored as a band in `ordering` (else by KLU in condensed order).
  /// Per condensed unknown, its place in the vector the factors solve (the band's order, or the
  /// condensed order for KLU); per place, the original unknown; the eliminated rows by place.
  std::vector<int> work_slot, source_of_place;
  std::vector<ByPlace> eliminated_by_place;
  /// With the band, and no two eliminated rows sharing a partner (a mechanical system's Pos' =
  /// Vel rows), b' is formed as a band product; then each eliminated row's partner's place.
  bool rhs_by_band = false;
  std::vector<int> partner_slot;

  /// Whether the CSC pattern (size, p, i) is the one planned for.
  bool Matches(Index size, const Index* p, const Index* i) const;
};

/// The plan for the size x size CSC pattern (p, i). A row without its diagonal entry is kept.
CondensationPlan PlanCondensation(CondensationPlan::Index size, const CondensationPlan::Index* p,
                                  const CondensationPlan::Index* i,
                                  CondensedFactorization factorization);

}  // namespace hawser
