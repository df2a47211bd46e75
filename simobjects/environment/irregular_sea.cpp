#include "simobjects/environment/irregular_sea.h"

#include <cmath>
#include <numbers>
#include <random>
#include <stdexcept>
#include <string>

#include "hawser/text.h"

namespace hawser::ocean {
namespace {

// Uniform in [0, 1) from the top 53 bits of one draw: portable, unlike the distributions.
double Uniform(std::mt19937_64& rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

void CheckOptions(const IrregularSeaOptions& o) {
  if (o.components < 1) {
    throw std::invalid_argument("irregular sea has " + std::to_string(o.components) +
                                " components; expected at least 1");
  }
  if (!(o.omega_min > 0.0) || !(o.omega_max > o.omega_min) || !std::isfinite(o.omega_max)) {
    throw std::invalid_argument("irregular sea frequency band is " + NumberText(o.omega_min) +
                                " to " + NumberText(o.omega_max) +
                                " rad/s; expected 0 < omega_min < omega_max < inf");
  }
  if (!(o.spreading_exponent >= 0.0) || !std::isfinite(o.spreading_exponent) ||
      !std::isfinite(o.mean_direction)) {
    throw std::invalid_argument("irregular sea spreading exponent is " +
                                NumberText(o.spreading_exponent) +
                                "; expected a finite value >= 0 and a finite mean direction");
  }
}

}  // namespace

double RepeatPeriod(const IrregularSeaOptions& options) {
  CheckOptions(options);
  return 2.0 * std::numbers::pi * options.components / (options.omega_max - options.omega_min);
}

std::vector<WaveComponent> IrregularWaveComponents(const std::function<double(double)>& spectrum,
                                                   const IrregularSeaOptions& options, double depth,
                                                   double gravity) {
  CheckOptions(options);
  const int n = options.components;
  const double d_omega = (options.omega_max - options.omega_min) / n;
  std::mt19937_64 rng(options.seed);
  std::vector<WaveComponent> components;
  components.reserve(n);
  for (int i = 0; i < n; ++i) {
    const double u = Uniform(rng);
    const double offset = options.placement == FrequencyPlacement::kRandomInBin ? u : 0.5;
    const double omega = options.omega_min + (i + offset) * d_omega;
    const double phase = 2.0 * std::numbers::pi * Uniform(rng);
    double direction = options.mean_direction;
    if (options.spreading_exponent > 0.0) {
      // Rejection sampling of cos^n on (-pi/2, pi/2): accept x when v < cos^n(x).
      for (;;) {
        const double x = std::numbers::pi * (Uniform(rng) - 0.5);
        if (Uniform(rng) < std::pow(std::cos(x), options.spreading_exponent)) {
          direction += x;
          break;
        }
      }
    }
    const double s = spectrum(omega);
    if (!(s >= 0.0) || !std::isfinite(s)) {
      throw std::invalid_argument("wave spectrum is " + NumberText(s) + " m^2 s/rad at " +
                                  NumberText(omega) + " rad/s; expected a finite value >= 0");
    }
    components.push_back(
        {std::sqrt(2.0 * s * d_omega), omega, WaveNumber(omega, depth, gravity), direction, phase});
  }
  return components;
}

}  // namespace hawser::ocean
