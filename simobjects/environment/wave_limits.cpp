#include "simobjects/environment/wave_limits.h"

#include <cmath>
#include <numbers>

#include "hawser/text.h"
#include "simobjects/environment/dispersion.h"

namespace hawser::ocean {

std::string BreakingProblem(double height, double period, double depth, double gravity,
                            bool significant) {
  const std::string h = significant ? "Hs" : "H";
  const std::string t = significant ? "peak period Tp" : "WavePeriod";
  if (period < kMinWavePeriod) {
    return t + " " + NumberText(period) + " s is below " + NumberText(kMinWavePeriod) +
           " s, where surface tension (not gravity) drives the waves; expected a period >= " +
           NumberText(kMinWavePeriod) + " s";
  }
  const double k = WaveNumber(2.0 * std::numbers::pi / period, depth, gravity);
  const double length = 2.0 * std::numbers::pi / k;
  const double limit = kMicheCoefficient * (std::isinf(depth) ? 1.0 : std::tanh(k * depth));
  if (height / length > limit) {
    return "WaveHeight " + h + " = " + NumberText(height) + " m at " + t + " " +
           NumberText(period) + " s (wavelength " + NumberText(length, 4) + " m) is a steepness " +
           h + "/L = " + NumberText(height / length, 3) +
           ", beyond the breaking limit 0.142 tanh(k d) = " + NumberText(limit, 3) +
           " (Miche 1944); expected WaveHeight <= " + NumberText(limit * length, 3) +
           " m or a longer WavePeriod";
  }
  if (std::isfinite(depth) && height > kMcCowanRatio * depth) {
    return "WaveHeight " + h + " = " + NumberText(height) + " m in Depth " + NumberText(depth) +
           " m is " + h + "/d = " + NumberText(height / depth, 3) +
           ", beyond the depth-limited breaking limit 0.78 (McCowan 1894); expected WaveHeight "
           "<= " +
           NumberText(kMcCowanRatio * depth, 3) + " m or a greater Depth";
  }
  return "";
}

std::string DiscretisedHsProblem(std::span<const WaveComponent> components, double hs) {
  double m0 = 0.0;
  for (const WaveComponent& c : components) m0 += 0.5 * c.amplitude * c.amplitude;
  const double discrete = 4.0 * std::sqrt(m0);
  if (std::abs(discrete - hs) <= kHsTolerance * hs) return "";
  return "the " + std::to_string(components.size()) +
         " components (NumComponents) spread over the band FrequencyMin to FrequencyMax give a "
         "sea of Hs " +
         NumberText(discrete, 3) + " m (4 sqrt(m0), m0 = sum a_i^2/2) where WaveHeight asks " +
         NumberText(hs) + " m; expected within " + NumberText(100.0 * kHsTolerance) +
         " % (more components, e.g. the default 200, or a band around the peak: the defaults " +
         "0.4 and 4 times the peak frequency)";
}

}  // namespace hawser::ocean
