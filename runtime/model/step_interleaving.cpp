#include "runtime/model/step_interleaving.h"

#include <algorithm>
#include <functional>
#include <queue>
#include <vector>

namespace hawser {

namespace {

/// Kernel items between two chances for the sums to run. A run of springs is bound by its
/// divisions and square roots; input sums issued within a few of its items overlap with them
/// (out-of-order execution), sums issued after the whole run do not. wiring_bench (200 links,
/// best of 5 runs, us per RHS): 4: 1.27, 8: 1.21, 16: 1.23, 32: 1.26, no interleaving: 1.27.
constexpr int kInterleaveChunk = 8;

}  // namespace

std::vector<int> InterleavedOrder(const std::vector<decltype(Kernel::run)>& kernel,
                                  const std::vector<bool>& movable,
                                  const std::vector<std::vector<int>>& reads) {
  const int n = static_cast<int>(kernel.size());
  // Kahn's algorithm over the movable steps only: the others keep their order, and a movable
  // one goes out as soon as it is ready, but only at a chunk boundary of a kernel run, so that
  // the runs stay batches of kInterleaveChunk items.
  std::vector<int> unmet(n, 0);
  std::vector<std::vector<int>> movable_reading(n);
  for (int i = 0; i < n; ++i) {
    if (!movable[i]) continue;
    std::vector<int> from = reads[i];
    std::sort(from.begin(), from.end());
    from.erase(std::unique(from.begin(), from.end()), from.end());
    unmet[i] = static_cast<int>(from.size());
    for (int p : from) movable_reading[p].push_back(i);
  }
  std::vector<int> order;
  std::vector<bool> done(n, false);
  std::priority_queue<int, std::vector<int>, std::greater<>> ready;  // Earliest first.
  auto emit = [&](int i) {
    order.push_back(i);
    done[i] = true;
    for (int s : movable_reading[i])
      if (--unmet[s] == 0) ready.push(s);
  };
  int in_run = 0;  // Items of the current kernel run so far.
  for (int i = 0; i < n; ++i) {
    if (done[i]) continue;
    emit(i);
    if (kernel[i] == nullptr) continue;
    ++in_run;
    const bool run_ends = i + 1 == n || kernel[i + 1] != kernel[i];
    if (in_run % kInterleaveChunk != 0 && !run_ends) continue;
    if (run_ends) in_run = 0;
    while (!ready.empty()) {
      const int s = ready.top();
      ready.pop();
      if (!done[s]) emit(s);
    }
  }
  return order;
}

}  // namespace hawser
