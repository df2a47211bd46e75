// Rainflow cycle counting, ASTM E1049-85 (reapproved 2017) 5.4.4: the three-point method with
// the starting point, so that the ranges left at the end, and those that contain the starting
// point, count as half cycles.
//
// The record is first reduced to its reversals (peaks and valleys): a repeated value is dropped
// and a run in one direction keeps its end, the first and last samples are reversals. Then, with
// X the most recent range and Y the one before it (on a stack of the reversals not yet
// discarded):  X < Y: read the next reversal;  X >= Y and Y contains the starting point (the
// bottom of the stack): Y is a half cycle, its first point is discarded;  X >= Y otherwise: Y is
// one cycle, both its points are discarded. At the end each range left is a half cycle.
#pragma once

#include <span>
#include <vector>

namespace hawser {

struct RainflowCycle {
  double range = 0;  ///< |peak - valley|, in the signal's unit.
  double mean = 0;   ///< (peak + valley) / 2.
  double count = 0;  ///< 1 (a full cycle) or 0.5 (a half cycle).
};

/// The peaks and valleys of `x` (finite values), in order.
std::vector<double> Reversals(std::span<const double> x);

/// The cycles of `x` (finite values), in the order they are counted.
std::vector<RainflowCycle> Rainflow(std::span<const double> x);

}  // namespace hawser
