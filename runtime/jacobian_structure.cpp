#include "runtime/jacobian_structure.h"

#include <algorithm>

namespace hawser {

std::pair<int, int> BandwidthOf(const std::vector<StateBlock>& blocks, int n) {
  int lower = 0, upper = 0;
  for (const StateBlock& b : blocks) {
    if (b.width == 0) continue;
    const auto [own_lower, own_upper] = b.own_band.value_or(std::pair(b.width - 1, b.width - 1));
    lower = std::max(lower, std::min(own_lower, b.width - 1));
    upper = std::max(upper, std::min(own_upper, b.width - 1));
    // Row r in [offset, offset + width) and column c in [begin, end): r - c is largest for the
    // last row and first column, c - r for the last column and first row.
    const int last_row = b.offset + b.width - 1;
    for (const auto& [begin, end] : b.input_columns) {
      if (end <= begin) continue;
      lower = std::max(lower, last_row - begin);
      upper = std::max(upper, end - 1 - b.offset);
    }
  }
  const int limit = std::max(n - 1, 0);
  return {std::min(lower, limit), std::min(upper, limit)};
}

}  // namespace hawser
