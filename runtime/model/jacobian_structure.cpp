#include "runtime/model/jacobian_structure.h"

#include <algorithm>

namespace hawser {

bool SparsityPattern::Contains(int row, int column) const {
  if (column < 0 || column >= n) return false;
  const auto first = rows.begin() + column_start[column];
  const auto last = rows.begin() + column_start[column + 1];
  return std::binary_search(first, last, row);
}

std::vector<IndexRange> MergeRanges(std::vector<IndexRange> ranges) {
  std::erase_if(ranges, [](const IndexRange& r) { return r.empty(); });
  std::sort(ranges.begin(), ranges.end(),
            [](const IndexRange& a, const IndexRange& b) { return a.begin < b.begin; });
  std::vector<IndexRange> merged;
  for (const IndexRange& r : ranges) {
    if (!merged.empty() && r.begin <= merged.back().end) {
      merged.back().end = std::max(merged.back().end, r.end);
    } else {
      merged.push_back(r);
    }
  }
  return merged;
}

SparsityPattern PatternOf(int n, const std::vector<OwnBlock>& own,
                          const std::vector<Coupling>& couplings) {
  // Row ranges per column, merged at the end.
  std::vector<std::vector<IndexRange>> column_rows(n);
  for (int j = 0; j < n; ++j) column_rows[j].push_back({j, j + 1});
  for (const OwnBlock& b : own) {
    if (!b.entries.empty()) {
      for (const auto& [row, column] : b.entries) {
        column_rows[b.offset + column].push_back({b.offset + row, b.offset + row + 1});
      }
      continue;
    }
    const int last = b.offset + b.width;
    const auto [lower, upper] = b.band.value_or(std::pair(b.width, b.width));
    // Row i reads column j when i - lower <= j <= i + upper, so column j is read by rows
    // j - upper .. j + lower.
    for (int j = b.offset; j < last; ++j) {
      column_rows[j].push_back({std::max(b.offset, j - upper), std::min(last, j + lower + 1)});
    }
  }
  for (const Coupling& c : couplings) {
    if (c.rows.empty()) continue;
    for (int j = std::max(c.columns.begin, 0); j < std::min(c.columns.end, n); ++j) {
      column_rows[j].push_back({std::max(c.rows.begin, 0), std::min(c.rows.end, n)});
    }
  }
  SparsityPattern p;
  p.n = n;
  p.column_start.reserve(n + 1);
  p.column_start.push_back(0);
  for (int j = 0; j < n; ++j) {
    for (const IndexRange& r : MergeRanges(std::move(column_rows[j]))) {
      for (int i = r.begin; i < r.end; ++i) p.rows.push_back(i);
    }
    p.column_start.push_back(static_cast<int>(p.rows.size()));
  }
  return p;
}

std::pair<int, int> BandwidthOf(const SparsityPattern& p) {
  int lower = 0, upper = 0;
  for (int j = 0; j < p.n; ++j) {
    if (p.column_start[j] == p.column_start[j + 1]) continue;
    upper = std::max(upper, j - p.rows[p.column_start[j]]);
    lower = std::max(lower, p.rows[p.column_start[j + 1] - 1] - j);
  }
  return {lower, upper};
}

std::vector<std::vector<int>> ColumnGroups(const SparsityPattern& p,
                                           const std::vector<bool>& only) {
  const auto grouped = [&only](int j) { return only.empty() || only[j]; };
  // The columns of each row, to find a column's neighbours (columns sharing a row).
  std::vector<std::vector<int>> row_columns(p.n);
  for (int j = 0; j < p.n; ++j) {
    if (!grouped(j)) continue;
    for (int k = p.column_start[j]; k < p.column_start[j + 1]; ++k)
      row_columns[p.rows[k]].push_back(j);
  }
  std::vector<int> group_of(p.n, -1);
  std::vector<int> taken_by;  // taken_by[g] == j: group g holds a neighbour of column j.
  std::vector<std::vector<int>> groups;
  for (int j = 0; j < p.n; ++j) {
    if (!grouped(j)) continue;
    for (int k = p.column_start[j]; k < p.column_start[j + 1]; ++k) {
      for (int other : row_columns[p.rows[k]]) {
        if (group_of[other] >= 0) taken_by[group_of[other]] = j;
      }
    }
    int g = 0;
    while (g < static_cast<int>(groups.size()) && taken_by[g] == j) ++g;
    if (g == static_cast<int>(groups.size())) {
      groups.emplace_back();
      taken_by.push_back(-1);
    }
    groups[g].push_back(j);
    group_of[j] = g;
  }
  return groups;
}

}  // namespace hawser
