#include "simobjects/body/newman_drift.h"

#include <cmath>
#include <complex>

namespace hawser {

Vector6d NewmanDriftSum(std::span<const WaveComponentInfo> waves, const RaoTable::Components& d,
                        double t, double x, double y) {
  // Per DOF the sums over components with D > 0 and D < 0 (file comment).
  std::complex<double> positive[6] = {}, negative[6] = {};
  for (size_t k = 0; k < waves.size(); ++k) {
    const WaveComponentInfo& w = waves[k];
    const double psi = d.kx[k] * x + d.ky[k] * y - w.omega * t + w.phase;
    const std::complex<double> e = w.amplitude * std::complex<double>(std::cos(psi), std::sin(psi));
    for (size_t i = 0; i < 6; ++i) {
      const double di = d.h[k][i].real();
      if (di > 0.0) positive[i] += std::sqrt(di) * e;
      if (di < 0.0) negative[i] += std::sqrt(-di) * e;
    }
  }
  Vector6d f;
  for (int i = 0; i < 6; ++i) f[i] = std::norm(positive[i]) - std::norm(negative[i]);
  return f;
}

Vector6d NewmanDrift(const RaoTable& drift, const Ocean& ocean, double t, double x, double y,
                     double heading) {
  const double ramp = ocean.WaveRamp(t);
  if (ramp == 0.0) return Vector6d::Zero();
  const std::span<const WaveComponentInfo> waves = ocean.WaveComponents();
  return ramp * ramp * NewmanDriftSum(waves, drift.AtComponents(waves, heading), t, x, y);
}

}  // namespace hawser
