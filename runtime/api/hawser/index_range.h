// A half-open range of indices: how a SimObject names entries of its own states (for the
// Jacobian structure it declares). Part of the public SimObject API.
#pragma once

namespace hawser {

/// Half-open index range [begin, end).
struct IndexRange {
  int begin = 0, end = 0;
  bool empty() const { return end <= begin; }
};

}  // namespace hawser
