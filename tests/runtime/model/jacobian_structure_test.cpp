#include "runtime/model/jacobian_structure.h"

#include <doctest/doctest.h>

#include <cmath>
#include <set>

#include "runtime/solve/colored_jacobian.h"

namespace hawser {

TEST_CASE("PatternOf and BandwidthOf: own bands, dense blocks and couplings") {
  // A banded block alone keeps its band (clipped to its width).
  CHECK(BandwidthOf(PatternOf(54, {{.offset = 0, .width = 54, .band = std::pair{11, 8}}}, {})) ==
        std::pair{11, 8});
  CHECK(BandwidthOf(PatternOf(4, {{.offset = 0, .width = 4, .band = std::pair{11, 8}}}, {})) ==
        std::pair{3, 3});
  // Without a declaration a block is dense.
  CHECK(BandwidthOf(PatternOf(6, {{.offset = 0, .width = 6}}, {})) == std::pair{5, 5});
  // Two 6-wide bodies, the second reading the first's states (0..5): rows 6..11 reach back to
  // column 0 (lower 11); the first reads nothing of the second (upper stays 5).
  const SparsityPattern one_way =
      PatternOf(12, {{.offset = 0, .width = 6}, {.offset = 6, .width = 6}},
                {{.rows = {6, 12}, .columns = {0, 6}}});
  CHECK(BandwidthOf(one_way) == std::pair{11, 5});
  CHECK(one_way.nonzeros() == 3 * 36);
  CHECK(one_way.Contains(11, 0));
  CHECK_FALSE(one_way.Contains(0, 11));
  // Only some rows reading a coupling: rows 10..11 read columns 0..1 (a body attached to the
  // first node of a line).
  const SparsityPattern narrow =
      PatternOf(12, {{.offset = 0, .width = 12, .band = std::pair{1, 1}}},
                {{.rows = {10, 12}, .columns = {0, 2}}});
  CHECK(BandwidthOf(narrow) == std::pair{11, 1});
  CHECK(narrow.nonzeros() == 12 + 2 * 11 + 4);  // Tridiagonal + the 2 x 2 coupling.
  CHECK(narrow.Contains(10, 1));
  CHECK_FALSE(narrow.Contains(9, 0));
  // Declared entries replace the band: x' = v, v' = -x - v for one oscillator (own entries (0,1),
  // (1,0), (1,1)) at offset 2 of a 4-state system.
  const SparsityPattern listed = PatternOf(
      4, {{.offset = 2, .width = 2, .band = std::pair{1, 1}, .entries = {{0, 1}, {1, 0}, {1, 1}}}},
      {});
  CHECK(listed.nonzeros() == 4 + 2);  // The diagonal (always) and (2,3), (3,2).
  CHECK(listed.Contains(2, 3));
  CHECK(listed.Contains(3, 2));
  CHECK_FALSE(listed.Contains(1, 2));
  // The diagonal is always there, even for states nothing declares.
  const SparsityPattern empty = PatternOf(3, {}, {});
  CHECK(empty.nonzeros() == 3);
  CHECK(empty.Contains(2, 2));
  CHECK(BandwidthOf(PatternOf(0, {}, {})) == std::pair{0, 0});
}

/// Whether the groups partition the columns and no two columns of a group share a row.
bool ValidGroups(const SparsityPattern& p, const std::vector<std::vector<int>>& groups) {
  std::set<int> seen;
  for (const auto& g : groups) {
    std::set<int> rows;
    for (int j : g) {
      if (!seen.insert(j).second) return false;
      for (int k = p.column_start[j]; k < p.column_start[j + 1]; ++k) {
        if (!rows.insert(p.rows[k]).second) return false;
      }
    }
  }
  return static_cast<int>(seen.size()) == p.n;
}

TEST_CASE("ColumnGroups: a valid colouring with the band's number of groups") {
  // A band (lower, upper) needs exactly lower + upper + 1 groups: that many consecutive columns
  // all share a row.
  const SparsityPattern cable =
      PatternOf(594, {{.offset = 0, .width = 594, .band = std::pair{11, 8}}}, {});
  const auto groups = ColumnGroups(cable);
  CHECK(ValidGroups(cable, groups));
  CHECK(groups.size() == 20);
  const SparsityPattern dense = PatternOf(7, {{.offset = 0, .width = 7}}, {});
  CHECK(ValidGroups(dense, ColumnGroups(dense)));
  CHECK(ColumnGroups(dense).size() == 7);
  const SparsityPattern diagonal = PatternOf(5, {}, {});
  CHECK(ColumnGroups(diagonal).size() == 1);
}

TEST_CASE("ColoredJacobian agrees with the analytic Jacobian of a tridiagonal function") {
  // f_i = sin(x_{i-1}) x_i + x_{i+1}^2 (missing neighbours are 0).
  constexpr int n = 30;
  const SparsityPattern p = PatternOf(n, {{.offset = 0, .width = n, .band = std::pair{1, 1}}}, {});
  ColoredJacobian jac(p);
  CHECK(jac.groups() == 3);
  auto f = [](const double* x, double* fx) {
    for (int i = 0; i < n; ++i) {
      const double before = i > 0 ? std::sin(x[i - 1]) : 0.0;
      const double after = i + 1 < n ? x[i + 1] : 0.0;
      fx[i] = before * x[i] + after * after;
    }
    return true;
  };
  std::vector<double> x(n), fx(n), inc(n, 1e-7), values(p.nonzeros());
  for (int i = 0; i < n; ++i) x[i] = 0.3 + 0.1 * i;
  f(x.data(), fx.data());
  int calls = 0;
  auto counted = [&](const double* xx, double* ff) { return ++calls, f(xx, ff); };
  REQUIRE(jac.Evaluate(counted, x, fx, inc, values));
  CHECK(calls == 3);  // One evaluation per group.
  for (int j = 0; j < n; ++j) {
    for (int k = p.column_start[j]; k < p.column_start[j + 1]; ++k) {
      const int i = p.rows[k];
      double exact = 0.0;
      if (i == j) exact = i > 0 ? std::sin(x[i - 1]) : 0.0;
      if (i == j + 1) exact = std::cos(x[j]) * x[i];
      if (i == j - 1) exact = 2.0 * x[j];
      // Forward differences: truncation error inc |f''| / 2 with |f''| <= 2 and inc = 1e-7,
      // plus rounding ~1e-16 / 1e-7: 1e-6 holds both with margin.
      CHECK(std::abs(values[k] - exact) < 1e-6);
    }
  }
  // A non-finite f at a perturbed state is reported.
  auto failing = [](const double*, double* ff) { return ff[0] = NAN, false; };
  CHECK_FALSE(jac.Evaluate(failing, x, fx, inc, values));
}

}  // namespace hawser
