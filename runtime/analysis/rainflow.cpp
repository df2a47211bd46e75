#include "runtime/analysis/rainflow.h"

#include <cmath>

namespace hawser {

std::vector<double> Reversals(std::span<const double> x) {
  std::vector<double> r;
  for (double v : x) {
    if (!r.empty() && v == r.back()) continue;  // A plateau is one point.
    // Still rising (or falling): the run's end moves on.
    if (r.size() >= 2 && (r.back() - r[r.size() - 2]) * (v - r.back()) > 0) {
      r.back() = v;
    } else {
      r.push_back(v);
    }
  }
  return r;
}

std::vector<RainflowCycle> Rainflow(std::span<const double> x) {
  std::vector<RainflowCycle> cycles;
  std::vector<double> stack;  // stack[0] is the starting point.
  const auto cycle = [](double a, double b, double count) {
    return RainflowCycle{std::abs(a - b), 0.5 * (a + b), count};
  };
  for (double p : Reversals(x)) {
    stack.push_back(p);
    while (stack.size() >= 3) {
      const size_t n = stack.size();
      const double range_x = std::abs(stack[n - 1] - stack[n - 2]);
      const double range_y = std::abs(stack[n - 2] - stack[n - 3]);
      if (range_x < range_y) break;
      if (n == 3) {  // Y contains the starting point: half a cycle, the start moves on.
        cycles.push_back(cycle(stack[0], stack[1], 0.5));
        stack.erase(stack.begin());
      } else {
        cycles.push_back(cycle(stack[n - 3], stack[n - 2], 1.0));
        stack.erase(stack.end() - 3, stack.end() - 1);
      }
    }
  }
  for (size_t i = 1; i < stack.size(); ++i) cycles.push_back(cycle(stack[i - 1], stack[i], 0.5));
  return cycles;
}

}  // namespace hawser
