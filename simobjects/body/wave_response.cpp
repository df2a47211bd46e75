#include "simobjects/body/wave_response.h"

#include <cmath>
#include <complex>
#include <numbers>

namespace hawser {

WaveResponse RaoResponse(const RaoTable& table, const Ocean& ocean, double t, double x, double y,
                         double heading) {
  constexpr double kDegreesPerRadian = 180.0 / std::numbers::pi;
  WaveResponse r;
  double ramp_rate = 0.0;
  const double ramp = ocean.WaveRamp(t, &ramp_rate);
  if (ramp == 0.0) return r;
  for (const WaveComponentInfo& w : ocean.WaveComponents()) {
    const double psi = w.wave_number * (x * std::cos(w.direction) + y * std::sin(w.direction)) -
                       w.omega * t + w.phase;
    const std::complex<double> e = w.amplitude * std::polar(1.0, psi);
    const RaoTable::Response h = table.At(w.omega, (w.direction - heading) * kDegreesPerRadian);
    for (int i = 0; i < 6; ++i) {
      const std::complex<double> value = h[static_cast<size_t>(i)] * e;
      r.value[i] += value.real();
      r.rate[i] += (std::complex<double>(0.0, -w.omega) * value).real();
    }
  }
  r.rate = ramp * r.rate + ramp_rate * r.value;
  r.value *= ramp;
  return r;
}

}  // namespace hawser
