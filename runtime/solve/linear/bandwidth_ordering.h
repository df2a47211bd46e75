// A bandwidth-reducing ordering of a sparse matrix's unknowns: reverse Cuthill-McKee (George &
// Liu, "Computer Solution of Large Sparse Positive Definite Systems", 1981, ch. 4) on the
// symmetrised pattern, each connected part started from a pseudo-peripheral unknown. A mooring
// line's condensed Newton matrix is block tridiagonal in node order whatever order its objects
// came in; after this ordering a line, and lines joined by a body, keep a narrow band.
#pragma once

#include <vector>

namespace hawser {

/// An ordering of a square matrix's unknowns and the band it gives.
struct BandOrdering {
  std::vector<int> order;     ///< order[new index] = old index.
  std::vector<int> position;  ///< position[old index] = new index.
  int lower = 0;              ///< Half-bandwidths of the reordered matrix: max(row - column)
  int upper = 0;              ///< and max(column - row) over its entries.
};

/// The reverse Cuthill-McKee ordering of the n x n pattern (column_start, rows) and the
/// half-bandwidths it gives. Entries may be given in either triangle; the diagonal is ignored.
BandOrdering ReverseCuthillMcKee(int n, const std::vector<long>& column_start,
                                 const std::vector<long>& rows);

}  // namespace hawser
