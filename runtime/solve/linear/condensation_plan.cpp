// PlanCondensation: the rows eliminated, the condensed pattern and its ordering
// (condensation_plan.h).
#include "runtime/solve/linear/condensation_plan.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace hawser {
namespace {

using Index = CondensationPlan::Index;

/// Whether to factor an m x m matrix with `nonzeros` entries as a band of half-bandwidths
/// (lower, upper) rather than with KLU. A band LU stores and works on lower + upper + 1
/// diagonals (plus `lower` of fill-in room); it pays while that is not much more than the
/// nonzeros: measured on the condensed reference mooring line (bench/cable_bench; block
/// tridiagonal, band 11 wide for 9 nonzeros a row) the band's factorisation and solve take
/// about half of KLU's time, the whole run 5-10 % less.
bool UseBand(CondensedFactorization f, Index m, int lower, int upper, Index nonzeros) {
  if (f != CondensedFactorization::kAuto) return f == CondensedFactorization::kBand;
  constexpr double kMaxBandOverNonzeros = 3.0;
  return static_cast<double>(lower + upper + 1) * static_cast<double>(m) <=
         kMaxBandOverNonzeros * static_cast<double>(nonzeros);
}

/// Kinematic rows, greedily in row order: the diagonal and one other entry, whose column is not
/// eliminated and which is no eliminated row's partner. Sets `eliminated`, `kept`, `reduced_of`.
void ChooseRows(CondensationPlan& plan, const Index* p, const Index* i) {
  const Index n = plan.n;
  // Rows of the pattern: (column, position) per entry.
  std::vector<std::vector<std::pair<Index, Index>>> rows(n);
  for (Index c = 0; c < n; ++c)
    for (Index k = p[c]; k < p[c + 1]; ++k) rows[i[k]].push_back({c, k});
  std::vector<char> is_eliminated(n, 0), is_partner(n, 0);
  for (Index r = 0; r < n; ++r) {
    if (rows[r].size() != 2 || is_partner[r]) continue;
    const auto [c0, k0] = rows[r][0];
    const auto [c1, k1] = rows[r][1];
    Index diagonal = -1, partner = -1, off = -1;
    if (c0 == r) diagonal = k0, partner = c1, off = k1;
    if (c1 == r) diagonal = k1, partner = c0, off = k0;
    if (diagonal < 0 || is_eliminated[partner]) continue;
    is_eliminated[r] = 1;
    is_partner[partner] = 1;
    plan.eliminated.push_back({r, partner, diagonal, off});
  }
  plan.reduced_of.assign(n, -1);
  for (Index r = 0; r < n; ++r) {
    if (is_eliminated[r]) continue;
    plan.reduced_of[r] = static_cast<Index>(plan.kept.size());
    plan.kept.push_back(static_cast<int>(r));
  }
}

/// The condensed pattern: column j' holds the kept rows of column j, and those of every
/// eliminated column whose row points at j.
void CondensedPattern(CondensationPlan& plan, const Index* p, const Index* i) {
  const std::vector<Index>& reduced_of = plan.reduced_of;
  std::vector<std::vector<Index>> eliminated_into(plan.n);
  for (size_t e = 0; e < plan.eliminated.size(); ++e)
    eliminated_into[plan.eliminated[e].partner].push_back(e);
  plan.reduced_p.assign(1, 0);
  std::vector<Index> column;
  for (const int j : plan.kept) {
    column.clear();
    for (Index k = p[j]; k < p[j + 1]; ++k)
      if (reduced_of[i[k]] >= 0) column.push_back(reduced_of[i[k]]);
    for (Index e : eliminated_into[j]) {
      const Index c = plan.eliminated[e].row;
      for (Index k = p[c]; k < p[c + 1]; ++k)
        if (reduced_of[i[k]] >= 0) column.push_back(reduced_of[i[k]]);
    }
    std::sort(column.begin(), column.end());
    column.erase(std::unique(column.begin(), column.end()), column.end());
    plan.reduced_i.insert(plan.reduced_i.end(), column.begin(), column.end());
    plan.reduced_p.push_back(static_cast<Index>(plan.reduced_i.size()));
  }
}

/// Where each condensed value comes from (kept entries, updates) and the right-hand side's sums.
void Sources(CondensationPlan& plan, const Index* p, const Index* i) {
  const std::vector<Index>& reduced_of = plan.reduced_of;
  const std::vector<Index>& reduced_p = plan.reduced_p;
  const std::vector<Index>& reduced_i = plan.reduced_i;
  const Index m = static_cast<Index>(plan.kept.size());
  const auto entry_of = [&](Index row_r, Index col_r) {
    const auto begin = reduced_i.begin() + reduced_p[col_r];
    const auto end = reduced_i.begin() + reduced_p[col_r + 1];
    return static_cast<Index>(std::lower_bound(begin, end, row_r) - reduced_i.begin());
  };
  std::vector<Index> base(reduced_i.size(), -1);  // Per condensed entry: the same entry in M.
  for (Index jr = 0; jr < m; ++jr) {
    const Index j = plan.kept[jr];
    for (Index k = p[j]; k < p[j + 1]; ++k)
      if (reduced_of[i[k]] >= 0) base[entry_of(reduced_of[i[k]], jr)] = k;
  }
  for (Index jr = 0; jr < m; ++jr) {
    for (Index k = reduced_p[jr]; k < reduced_p[jr + 1]; ++k) {
      if (base[k] < 0) continue;  // Only fill-in from the eliminated rows: starts at zero.
      (reduced_i[k] == jr ? plan.kept_diagonal : plan.kept_off_diagonal).push_back({k, base[k]});
    }
  }
  std::vector<std::vector<std::pair<Index, Index>>> rhs_rows(m);  // (M_ki position, e).
  for (size_t e = 0; e < plan.eliminated.size(); ++e) {
    const CondensationPlan::Eliminated& el = plan.eliminated[e];
    const Index partner_r = reduced_of[el.partner];
    for (Index k = p[el.row]; k < p[el.row + 1]; ++k) {
      const Index row_r = reduced_of[i[k]];
      if (row_r < 0) continue;  // Only its own diagonal: no other eliminated row reads x_i.
      rhs_rows[row_r].push_back({k, static_cast<Index>(e)});
      plan.updates.push_back({entry_of(row_r, partner_r), k, static_cast<Index>(e)});
    }
  }
  plan.rhs_start.assign(1, 0);
  for (const auto& row : rhs_rows) {
    for (const auto& [entry, e] : row) {
      plan.rhs_b_row.push_back(static_cast<int>(plan.eliminated[e].row));
      plan.rhs_m_entry.push_back(entry);
      plan.rhs_eliminated.push_back(e);
    }
    plan.rhs_start.push_back(static_cast<int>(plan.rhs_b_row.size()));
  }
}

/// The ordering, band or KLU, and the solve's places.
void Places(CondensationPlan& plan, CondensedFactorization factorization) {
  const Index m = static_cast<Index>(plan.kept.size());
  plan.ordering = ReverseCuthillMcKee(static_cast<int>(m), plan.reduced_p, plan.reduced_i);
  plan.band = UseBand(factorization, m, plan.ordering.lower, plan.ordering.upper,
                      static_cast<Index>(plan.reduced_i.size()));
  plan.work_slot.resize(m);
  for (Index k = 0; k < m; ++k) {
    plan.work_slot[k] = plan.band ? plan.ordering.position[k] : static_cast<int>(k);
  }
  plan.source_of_place.resize(m);
  for (Index k = 0; k < m; ++k) plan.source_of_place[plan.work_slot[k]] = plan.kept[k];
  for (size_t e = 0; e < plan.eliminated.size(); ++e) {
    const CondensationPlan::Eliminated& el = plan.eliminated[e];
    plan.eliminated_by_place.push_back({plan.work_slot[plan.reduced_of[el.partner]],
                                        static_cast<int>(el.row), static_cast<int>(e)});
  }
  std::stable_sort(plan.eliminated_by_place.begin(), plan.eliminated_by_place.end(),
                   [](const CondensationPlan::ByPlace& a, const CondensationPlan::ByPlace& b) {
                     return a.place < b.place;
                   });
  // The band product needs each partner's place to hold one eliminated row's coefficients.
  std::vector<char> taken(m, 0);
  plan.rhs_by_band = plan.band;
  for (const CondensationPlan::Eliminated& e : plan.eliminated) {
    const Index partner_r = plan.reduced_of[e.partner];
    if (taken[partner_r]) plan.rhs_by_band = false;
    taken[partner_r] = 1;
  }
  if (!plan.rhs_by_band) return;
  for (const CondensationPlan::Eliminated& e : plan.eliminated) {
    plan.partner_slot.push_back(plan.work_slot[plan.reduced_of[e.partner]]);
  }
}

}  // namespace

bool CondensationPlan::Matches(Index size, const Index* p, const Index* i) const {
  if (size != n || static_cast<Index>(pattern_p.size()) != n + 1) return false;
  if (!std::equal(pattern_p.begin(), pattern_p.end(), p)) return false;
  return std::equal(pattern_i.begin(), pattern_i.end(), i);
}

CondensationPlan PlanCondensation(Index size, const Index* p, const Index* i,
                                  CondensedFactorization factorization) {
  CondensationPlan plan;
  plan.n = size;
  plan.pattern_p.assign(p, p + size + 1);
  plan.pattern_i.assign(i, i + p[size]);
  ChooseRows(plan, p, i);
  CondensedPattern(plan, p, i);
  Sources(plan, p, i);
  Places(plan, factorization);
  return plan;
}

}  // namespace hawser
