#include "runtime/solve/linear/bandwidth_ordering.h"

#include <algorithm>
#include <utility>

namespace hawser {
namespace {

using Graph = std::vector<std::vector<int>>;

/// A breadth-first search from `start` among the unknowns not yet `seen` (which it marks): the
/// unknowns in level order, each level's new unknowns by increasing degree as Cuthill-McKee
/// takes them.
struct LevelStructure {
  std::vector<int> order;
  size_t last_level = 0;  ///< Index in `order` where the farthest level begins.
  int depth = 0;          ///< Number of levels.
};

LevelStructure Levels(const Graph& g, int start, std::vector<char>& seen) {
  LevelStructure s;
  s.order.push_back(start);
  seen[start] = 1;
  size_t level_begin = 0;
  while (level_begin < s.order.size()) {
    s.last_level = level_begin;
    ++s.depth;
    const size_t level_end = s.order.size();
    for (size_t k = level_begin; k < level_end; ++k) {
      const size_t first_new = s.order.size();
      for (int v : g[s.order[k]]) {
        if (seen[v]) continue;
        seen[v] = 1;
        s.order.push_back(v);
      }
      std::stable_sort(s.order.begin() + static_cast<long>(first_new), s.order.end(),
                       [&](int a, int b) { return g[a].size() < g[b].size(); });
    }
    level_begin = level_end;
  }
  return s;
}

}  // namespace

BandOrdering ReverseCuthillMcKee(int n, const std::vector<long>& column_start,
                                 const std::vector<long>& rows) {
  Graph g(n);
  for (int j = 0; j < n; ++j) {
    for (long k = column_start[j]; k < column_start[j + 1]; ++k) {
      const int i = static_cast<int>(rows[k]);
      if (i == j) continue;
      g[i].push_back(j);
      g[j].push_back(i);
    }
  }
  for (auto& neighbours : g) {
    std::sort(neighbours.begin(), neighbours.end());
    neighbours.erase(std::unique(neighbours.begin(), neighbours.end()), neighbours.end());
  }

  BandOrdering result;
  std::vector<char> placed(n, 0);
  for (int root = 0; root < n; ++root) {
    if (placed[root]) continue;
    // A pseudo-peripheral start (George & Liu's algorithm): from any unknown of this part,
    // move to a least-connected unknown of the farthest level while that makes the search
    // deeper.
    // Its level structure is the Cuthill-McKee order of the part.
    std::vector<char> seen = placed;
    LevelStructure levels = Levels(g, root, seen);
    for (;;) {
      int candidate = levels.order[levels.last_level];
      for (size_t k = levels.last_level; k < levels.order.size(); ++k)
        if (g[levels.order[k]].size() < g[candidate].size()) candidate = levels.order[k];
      seen = placed;
      LevelStructure from_candidate = Levels(g, candidate, seen);
      if (from_candidate.depth <= levels.depth) break;
      levels = std::move(from_candidate);
    }
    for (int v : levels.order) placed[v] = 1;
    result.order.insert(result.order.end(), levels.order.begin(), levels.order.end());
  }
  std::reverse(result.order.begin(), result.order.end());
  result.position.assign(n, 0);
  for (int k = 0; k < n; ++k) result.position[result.order[k]] = k;
  for (int j = 0; j < n; ++j) {
    for (long k = column_start[j]; k < column_start[j + 1]; ++k) {
      const int d = result.position[rows[k]] - result.position[j];
      result.lower = std::max(result.lower, d);
      result.upper = std::max(result.upper, -d);
    }
  }
  return result;
}

}  // namespace hawser
