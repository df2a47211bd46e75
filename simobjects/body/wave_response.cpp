#include "simobjects/body/wave_response.h"

#include <cmath>
#include <complex>
#include <vector>

#include "simobjects/environment/vector_math.h"

namespace hawser {

WaveResponse RaoResponse(const RaoTable& table, const Ocean& ocean, double t, double x, double y,
                         double heading) {
  WaveResponse r;
  double ramp_rate = 0.0;
  const double ramp = ocean.WaveRamp(t, &ramp_rate);
  if (ramp == 0.0) return r;
  const std::span<const WaveComponentInfo> waves = ocean.WaveComponents();
  // H of every component, resolved by the table once per heading (rao_table.h).
  const RaoTable::Components& resolved = table.AtComponents(waves, heading);
  // The phases' sines and cosines at once (vector_math.h), in per-thread scratch grown once.
  thread_local std::vector<double> scratch;
  const size_t n = waves.size();
  if (scratch.size() < 2 * n) scratch.resize(2 * n);
  const std::span<double> cosine(scratch.data(), n), sine(scratch.data() + n, n);
  for (size_t k = 0; k < n; ++k) {
    const WaveComponentInfo& w = waves[k];
    cosine[k] = resolved.kx[k] * x + resolved.ky[k] * y - w.omega * t + w.phase;
  }
  vector_math::SinCos(cosine, cosine, sine);
  // H a e^(i psi) = (h_r + i h_i)(a cos psi + i a sin psi): its real part is the value, and
  // Re(-i omega H a e^(i psi)) = omega times its imaginary part the rate. In real arithmetic:
  // std::complex's product checks for NaN and infinity at every term (C99 Annex G).
  for (size_t k = 0; k < n; ++k) {
    const WaveComponentInfo& w = waves[k];
    const double ac = w.amplitude * cosine[k], as = w.amplitude * sine[k];
    const RaoTable::Response& h = resolved.h[k];
    for (int i = 0; i < 6; ++i) {
      const double hr = h[static_cast<size_t>(i)].real(), hi = h[static_cast<size_t>(i)].imag();
      r.value[i] += hr * ac - hi * as;
      r.rate[i] += w.omega * (hr * as + hi * ac);
    }
  }
  r.rate = ramp * r.rate + ramp_rate * r.value;
  r.value *= ramp;
  return r;
}

}  // namespace hawser
