#include "runtime/view/sea_surface.h"

#include <algorithm>
#include <cmath>

namespace hawser::view {

double WaveRampAt(const std::vector<std::array<double, 2>>& ramp, double t) {
  if (ramp.empty() || t >= ramp.back()[0]) return 1.0;
  if (t <= ramp.front()[0]) return ramp.front()[1];
  size_t i = 1;
  while (ramp[i][0] < t) ++i;
  const double s = (t - ramp[i - 1][0]) / (ramp[i][0] - ramp[i - 1][0]);
  return ramp[i - 1][1] + s * (ramp[i][1] - ramp[i - 1][1]);
}

std::vector<std::array<double, 5>> LargestWaves(std::vector<std::array<double, 5>> waves,
                                                size_t most) {
  std::stable_sort(waves.begin(), waves.end(),
                   [](const auto& a, const auto& b) { return a[0] > b[0]; });
  if (waves.size() > most) waves.resize(most);
  return waves;
}

double SeaElevation(const std::vector<std::array<double, 5>>& waves, double ramp, double t,
                    double x, double y) {
  double eta = 0.0;
  for (const auto& [a, omega, k, direction, phase] : waves)
    eta +=
        a * std::cos(k * (x * std::cos(direction) + y * std::sin(direction)) - omega * t + phase);
  return ramp * eta;
}

}  // namespace hawser::view
