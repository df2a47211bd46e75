// The band structure of a model's Jacobian df/dx, from each object's declared coupling of its
// own states (SimObject::DeclareStateCoupling) and from the wiring: an object whose inputs read
// (through any chain of direct-feedthrough outputs) states of another object has derivatives
// that depend on those states.
#pragma once

#include <optional>
#include <utility>
#include <vector>

namespace hawser {

/// The rows of df/dx that belong to one object's states.
struct StateBlock {
  int offset = 0;  ///< Index of the object's first state entry in x.
  int width = 0;   ///< Number of state entries.
  /// Declared half-bandwidths (lower, upper) within the block; none = dense.
  std::optional<std::pair<int, int>> own_band;
  /// State ranges [begin, end) of x that the object's inputs depend on; every row of the block
  /// is taken to depend on every entry of each range.
  std::vector<std::pair<int, int>> input_columns;
};

/// Lower and upper half-bandwidths of df/dx for a state vector of size n: the smallest band
/// that holds every block's own band and its input columns (at most n - 1 each; 0 for n = 0).
std::pair<int, int> BandwidthOf(const std::vector<StateBlock>& blocks, int n);

}  // namespace hawser
