#include "simobjects/body/wave_response.h"

#include <cmath>
#include <complex>
#include <numbers>

namespace hawser {

WaveResponse RaoResponse(const RaoTable& table, std::span<const WaveComponentInfo> waves, double t,
                         double x, double y, double heading) {
  constexpr double kDegreesPerRadian = 180.0 / std::numbers::pi;
  WaveResponse r;
  for (const WaveComponentInfo& w : waves) {
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
  return r;
}

}  // namespace hawser
