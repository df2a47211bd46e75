// runtime/solve/linear/bandwidth_ordering.h: reverse Cuthill-McKee recovers the narrow band of
// patterns whose unknowns were shuffled (a path, a block tridiagonal line, a grid, parts that
// do not touch), and always returns a permutation with the band it reports.
#include "runtime/solve/linear/bandwidth_ordering.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>
#include <utility>
#include <vector>

namespace hawser {
namespace {

/// A square pattern from (row, column) entries, with its unknowns relabelled by a random
/// permutation, in compressed columns.
struct Pattern {
  int n = 0;
  std::vector<long> start, rows;
};

Pattern Shuffled(int n, std::set<std::pair<int, int>> entries, std::mt19937& rng) {
  std::vector<int> label(n);
  std::iota(label.begin(), label.end(), 0);
  std::shuffle(label.begin(), label.end(), rng);
  std::vector<std::vector<long>> columns(n);
  for (const auto& [i, j] : entries) columns[label[j]].push_back(label[i]);
  Pattern p;
  p.n = n;
  p.start.push_back(0);
  for (auto& c : columns) {
    std::sort(c.begin(), c.end());
    p.rows.insert(p.rows.end(), c.begin(), c.end());
    p.start.push_back(static_cast<long>(p.rows.size()));
  }
  return p;
}

/// Checks that the ordering is a permutation and that its reported band holds every entry
/// and is reached by one of them.
void CheckOrdering(const Pattern& p, const BandOrdering& o) {
  std::vector<int> sorted = o.order;
  std::sort(sorted.begin(), sorted.end());
  for (int k = 0; k < p.n; ++k) REQUIRE(sorted[k] == k);
  for (int k = 0; k < p.n; ++k) REQUIRE(o.position[o.order[k]] == k);
  int lower = 0, upper = 0;
  for (int j = 0; j < p.n; ++j) {
    for (long k = p.start[j]; k < p.start[j + 1]; ++k) {
      const int d = o.position[p.rows[k]] - o.position[j];
      lower = std::max(lower, d);
      upper = std::max(upper, -d);
    }
  }
  CHECK(lower == o.lower);
  CHECK(upper == o.upper);
}

TEST_CASE("reverse Cuthill-McKee: a shuffled path gets back a tridiagonal band") {
  std::mt19937 rng(1);
  std::set<std::pair<int, int>> e;
  const int n = 200;
  for (int i = 0; i < n; ++i) {
    e.insert({i, i});
    if (i + 1 < n) e.insert({i, i + 1}), e.insert({i + 1, i});
  }
  const Pattern p = Shuffled(n, e, rng);
  const BandOrdering o = ReverseCuthillMcKee(p.n, p.start, p.rows);
  CheckOrdering(p, o);
  CHECK(o.lower == 1);  // A path's best band: each unknown next to its two neighbours.
  CHECK(o.upper == 1);
}

TEST_CASE("reverse Cuthill-McKee: a line of 3x3 blocks and a grid keep their natural band") {
  std::mt19937 rng(2);
  SUBCASE("block tridiagonal, as a condensed mooring line") {
    std::set<std::pair<int, int>> e;
    const int nodes = 99;
    for (int a = 0; a < nodes; ++a)
      for (int b = std::max(0, a - 1); b <= std::min(nodes - 1, a + 1); ++b)
        for (int r = 0; r < 3; ++r)
          for (int c = 0; c < 3; ++c) e.insert({3 * a + r, 3 * b + c});
    const Pattern p = Shuffled(3 * nodes, e, rng);
    const BandOrdering o = ReverseCuthillMcKee(p.n, p.start, p.rows);
    CheckOrdering(p, o);
    // Node order gives 5 (the last unknown of a node reaches the first of the next but one
    // block's neighbour); level sets of a block line are the blocks, so RCM finds no more.
    CHECK(o.lower <= 5);
    CHECK(o.upper <= 5);
  }
  SUBCASE("a 10 x 30 grid (5-point stencil)") {
    std::set<std::pair<int, int>> e;
    const int w = 10, h = 30;
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) {
        const int k = y * w + x;
        e.insert({k, k});
        if (x + 1 < w) e.insert({k, k + 1}), e.insert({k + 1, k});
        if (y + 1 < h) e.insert({k, k + w}), e.insert({k + w, k});
      }
    const Pattern p = Shuffled(w * h, e, rng);
    const BandOrdering o = ReverseCuthillMcKee(p.n, p.start, p.rows);
    CheckOrdering(p, o);
    // Row by row along the short side gives w = 10; RCM's diagonal level sets of a grid give
    // at most w + 1 (George & Liu, ch. 4).
    CHECK(o.lower <= w + 1);
    CHECK(o.upper <= w + 1);
  }
}

TEST_CASE("reverse Cuthill-McKee: parts that do not touch, and unknowns alone, are all ordered") {
  std::mt19937 rng(3);
  std::set<std::pair<int, int>> e;
  for (int i = 0; i < 30; ++i) e.insert({i, i});
  for (int i = 0; i + 1 < 10; ++i) e.insert({i, i + 1}), e.insert({i + 1, i});   // A path,
  for (int i = 10; i + 1 < 20; ++i) e.insert({i, i + 1}), e.insert({i + 1, i});  // another,
  e.insert({25, 26});  // one entry in the upper triangle only; 20..24, 27..29 alone.
  const Pattern p = Shuffled(30, e, rng);
  const BandOrdering o = ReverseCuthillMcKee(p.n, p.start, p.rows);
  CheckOrdering(p, o);
  CHECK(o.lower <= 1);  // Each part is a path: its own band is 1.
  CHECK(o.upper <= 1);
}

}  // namespace
}  // namespace hawser
