// The structure of a model's Jacobian df/dx: which derivatives can depend on which states.
// The model derives it from each object's declarations (SimObject::DeclareStateEntries,
// DeclareInputReadBy, DeclareOutputReads) and from the wiring: an input that reads (through any
// chain of direct-feedthrough outputs) states of another object makes the derivatives that read
// that input depend on those states. From the pattern come the band that CVODE's band solver
// needs and the column groups of a finite-difference Jacobian for a sparse solver.
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "hawser/index_range.h"

namespace hawser {

/// An object's own states: entries [offset, offset + width) of x, whose derivatives depend on
/// each other at the declared entries (row, column), numbered within the block; else within the
/// declared band (lower, upper); else densely.
struct OwnBlock {
  int offset = 0;
  int width = 0;
  std::optional<std::pair<int, int>> band;
  std::vector<std::pair<int, int>> entries;
};

/// Every row of `rows` may depend on every column of `columns`.
struct Coupling {
  IndexRange rows, columns;
};

/// The entries of df/dx that may be nonzero, in compressed sparse column form: the rows of
/// column j are rows[column_start[j] .. column_start[j + 1]), ascending. The diagonal is
/// always part of it (an implicit method factors I - gamma J).
struct SparsityPattern {
  int n = 0;
  std::vector<int> column_start;  ///< n + 1 entries.
  std::vector<int> rows;
  long nonzeros() const { return static_cast<long>(rows.size()); }
  bool Contains(int row, int column) const;
};

/// The pattern of an n x n Jacobian with these own blocks and couplings.
SparsityPattern PatternOf(int n, const std::vector<OwnBlock>& own,
                          const std::vector<Coupling>& couplings);

/// Lower and upper half-bandwidths of the pattern: the smallest band holding every entry.
std::pair<int, int> BandwidthOf(const SparsityPattern& pattern);

/// Columns grouped so that no two columns of a group share a row (greedy colouring in column
/// order, Curtis, Powell & Reid 1974): perturbing all columns of a group at once, one evaluation
/// of f gives every entry of those columns. A band (lower, upper) needs lower + upper + 1
/// groups; a cable's node-by-node pattern about as many. With `only` (one flag per column), the
/// columns flagged only: the others are known otherwise (exact entries, OdeSystem) and neither
/// grouped nor in the way of grouping.
std::vector<std::vector<int>> ColumnGroups(const SparsityPattern& pattern,
                                           const std::vector<bool>& only = {});

/// Sorted, merged union of the ranges (empty ones dropped).
std::vector<IndexRange> MergeRanges(std::vector<IndexRange> ranges);

}  // namespace hawser
