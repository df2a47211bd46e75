// Model assembly: the right-hand side's input sums moved in amid long kernel runs.
#pragma once

#include <vector>

#include "hawser/kernel.h"

namespace hawser {

/// An order in which to run n steps, given in evaluation order. kernel[i]: step i's kernel
/// function (Kernel::run) if it is a kernel calculation, else nullptr; movable[i]: whether it
/// may run earlier (an input sum); reads[i]: the indices of the steps it reads. Steps that are
/// not movable keep their order; a movable one runs as soon as what it reads has run, but within
/// a kernel run only every few items (splitting the run there). Every step still runs after what
/// it reads and before what reads it, so the results are bit-identical.
std::vector<int> InterleavedOrder(const std::vector<decltype(Kernel::run)>& kernel,
                                  const std::vector<bool>& movable,
                                  const std::vector<std::vector<int>>& reads);

}  // namespace hawser
