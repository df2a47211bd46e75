// runtime/solve/linear/condensation_plan.h: the plan for small hand-made patterns against the
// answer worked out by hand from the rules in the header (which rows go, the condensed pattern,
// where each condensed value comes from, band or KLU), with no SUNDIALS and no values.
#include "runtime/solve/linear/condensation_plan.h"

#include <doctest/doctest.h>

#include <cstddef>
#include <vector>

namespace hawser {
namespace {

using Index = CondensationPlan::Index;

/// A 6 x 6 pattern (CSC; position of each entry in brackets) that exercises every rule:
///   row 0: (0,0)[0] (0,3)[8]     kinematic, partner 3: eliminated
///   row 1: (1,1)[3] (1,4)[11]    kinematic, partner 4: eliminated
///   row 2: (2,0)[1] (2,2)[6]     partner 0 is eliminated: kept
///   row 3: every column          kept
///   row 4: (4,1)[5] (4,4)[13]    two entries, but x_4 is row 1's partner: kept
///   row 5: (5,3)[10] (5,5)[15]   kinematic, partner 3 (shared with row 0): eliminated
struct SixUnknowns {
  std::vector<Index> p = {0, 3, 6, 8, 11, 14, 16};
  std::vector<Index> i = {0, 2, 3, 1, 3, 4, 2, 3, 0, 3, 5, 1, 3, 4, 3, 5};
};

TEST_CASE("condensation plan: the rows eliminated and the condensed pattern, by hand") {
  const SixUnknowns m;
  const CondensationPlan plan =
      PlanCondensation(6, m.p.data(), m.i.data(), CondensedFactorization::kKlu);
  REQUIRE(plan.eliminated.size() == 3);
  const std::vector<std::vector<Index>> expected_eliminated = {
      {0, 3, 0, 8}, {1, 4, 3, 11}, {5, 3, 15, 10}};  // row, partner, M_ii's and M_ij's position
  for (std::size_t e = 0; e < 3; ++e) {
    const CondensationPlan::Eliminated& el = plan.eliminated[e];
    CHECK(std::vector<Index>{el.row, el.partner, el.diagonal, el.off} == expected_eliminated[e]);
  }
  CHECK(plan.kept == std::vector<int>{2, 3, 4});
  CHECK(plan.reduced_of == std::vector<Index>{-1, -1, 0, 1, 2, -1});
  // Condensed column 0 (x_2): rows 2, 3 of column 2. Column 1 (x_3): row 3 of column 3, and the
  // kept rows of the columns of rows 0 and 5, whose partner is x_3: 2, 3 and 3. Column 2 (x_4):
  // rows 3, 4 of column 4 and of column 1 (row 1's). Entries 0..5: (0,0) (1,0) (0,1) (1,1)
  // (1,2) (2,2).
  CHECK(plan.reduced_p == std::vector<Index>{0, 2, 4, 6});
  CHECK(plan.reduced_i == std::vector<Index>{0, 1, 0, 1, 1, 2});
  // Kept entries of M: M_22 [6], M_33 [9], M_44 [13] on the diagonal, M_32 [7] and M_34 [12]
  // off it; entry 2 (M'_23) is fill-in only.
  std::vector<std::vector<Index>> diagonal, off;
  for (const auto& k : plan.kept_diagonal) diagonal.push_back({k.target, k.source});
  for (const auto& k : plan.kept_off_diagonal) off.push_back({k.target, k.source});
  CHECK(diagonal == std::vector<std::vector<Index>>{{0, 6}, {3, 9}, {5, 13}});
  CHECK(off == std::vector<std::vector<Index>>{{1, 7}, {4, 12}});
  // M'_kj -= M_ki M_ij / M_ii for every kept k reading an eliminated x_i: rows 2, 3 read x_0
  // ([1], [2]; into column x_3), rows 3, 4 read x_1 ([4], [5]; into x_4), row 3 reads x_5 ([14];
  // into x_3). As (condensed entry, M_ki's position, eliminated row's index).
  std::vector<std::vector<Index>> updates;
  for (const auto& u : plan.updates) updates.push_back({u.target, u.ki, u.eliminated});
  CHECK(updates ==
        std::vector<std::vector<Index>>{{2, 1, 0}, {3, 2, 0}, {4, 4, 1}, {5, 5, 1}, {3, 14, 2}});
  // b'_k = b_k - sum (M_ki / M_ii) b_i by kept row: row 2 reads b_0; row 3 b_0, b_1, b_5; row 4
  // b_1.
  CHECK(plan.rhs_start == std::vector<int>{0, 1, 4, 5});
  CHECK(plan.rhs_b_row == std::vector<int>{0, 0, 1, 5, 1});
  CHECK(plan.rhs_m_entry == std::vector<Index>{1, 2, 4, 14, 5});
  CHECK(plan.rhs_eliminated == std::vector<Index>{0, 0, 1, 2, 1});
  // KLU as asked: the condensed order is the solve's; eliminated rows by their partner's place
  // (x_3 at 1: rows 0 and 5 in row order; x_4 at 2: row 1).
  CHECK_FALSE(plan.band);
  CHECK(plan.work_slot == std::vector<int>{0, 1, 2});
  CHECK(plan.source_of_place == std::vector<int>{2, 3, 4});
  std::vector<std::vector<int>> by_place;
  for (const auto& e : plan.eliminated_by_place) by_place.push_back({e.place, e.row, e.eliminated});
  CHECK(by_place == std::vector<std::vector<int>>{{1, 0, 0}, {1, 5, 2}, {2, 1, 1}});
  CHECK_FALSE(plan.rhs_by_band);

  CHECK(plan.Matches(6, m.p.data(), m.i.data()));
  std::vector<Index> other = m.i;
  other[2] = 4;  // (3,0) moved to (4,0).
  CHECK_FALSE(plan.Matches(6, m.p.data(), other.data()));
  CHECK_FALSE(plan.Matches(5, m.p.data(), m.i.data()));
}

TEST_CASE("condensation plan: band or KLU from the condensed band's width") {
  const SixUnknowns m;
  // The condensed pattern is a path x_2 - x_3 - x_4: half-bandwidths 1 and 1 in any reverse
  // Cuthill-McKee order, a band of 3 x 3 = 9 entries for 6 nonzeros, within kAuto's 3x.
  const CondensationPlan automatic =
      PlanCondensation(6, m.p.data(), m.i.data(), CondensedFactorization::kAuto);
  CHECK(automatic.band);
  CHECK(automatic.ordering.lower == 1);
  CHECK(automatic.ordering.upper == 1);
  CHECK(automatic.work_slot == automatic.ordering.position);
  // Rows 0 and 5 share the partner x_3: the right-hand side is not a band product.
  CHECK_FALSE(automatic.rhs_by_band);
  CHECK(automatic.partner_slot.empty());
}

TEST_CASE("condensation plan: one mass, x' = v and v' = f(x, v), condenses to one unknown") {
  // M = [[M_00 M_01], [M_10 M_11]], CSC positions: M_00 [0], M_10 [1], M_01 [2], M_11 [3].
  // Row 0 goes (partner v); row 1 is its partner, so kept: M'_11 = M_11 - M_10 M_01 / M_00.
  const std::vector<Index> p = {0, 2, 4}, i = {0, 1, 0, 1};
  const CondensationPlan plan =
      PlanCondensation(2, p.data(), i.data(), CondensedFactorization::kAuto);
  REQUIRE(plan.eliminated.size() == 1);
  CHECK(plan.eliminated[0].row == 0);
  CHECK(plan.eliminated[0].partner == 1);
  CHECK(plan.eliminated[0].diagonal == 0);
  CHECK(plan.eliminated[0].off == 2);
  CHECK(plan.kept == std::vector<int>{1});
  CHECK(plan.reduced_p == std::vector<Index>{0, 1});
  CHECK(plan.reduced_i == std::vector<Index>{0});
  REQUIRE(plan.kept_diagonal.size() == 1);
  CHECK(plan.kept_diagonal[0].target == 0);
  CHECK(plan.kept_diagonal[0].source == 3);
  CHECK(plan.kept_off_diagonal.empty());
  REQUIRE(plan.updates.size() == 1);
  CHECK(plan.updates[0].target == 0);
  CHECK(plan.updates[0].ki == 1);
  CHECK(plan.updates[0].eliminated == 0);
  // A 1 x 1 band; one eliminated row per partner, so b' is a band product.
  CHECK(plan.band);
  CHECK(plan.rhs_by_band);
  CHECK(plan.partner_slot == std::vector<int>{0});
}

TEST_CASE("condensation plan: a row without its diagonal is kept") {
  // Row 0: (0,1) and (0,2), no (0,0); rows 1 and 2: diagonal only. Nothing to eliminate.
  const std::vector<Index> p = {0, 0, 2, 4}, i = {0, 1, 0, 2};
  const CondensationPlan plan =
      PlanCondensation(3, p.data(), i.data(), CondensedFactorization::kAuto);
  CHECK(plan.eliminated.empty());
  CHECK(plan.kept == std::vector<int>{0, 1, 2});
  CHECK(plan.reduced_i == i);
}

}  // namespace
}  // namespace hawser
