#include "simobjects/environment/wave_grid_fill.h"

#include <cstddef>
#include <span>

#include "simobjects/environment/vector_math.h"
#include "simobjects/environment/wave_grid_layout.h"

namespace hawser::ocean::grid_fill {

using namespace grid_layout;  // NOLINT(google-build-using-namespace): the layout it writes.

void SamplesPortable(const Level& level, double x, double y, double t0, double* cos, double* sin,
                     double* out) {
  const std::size_t n = level.stride, summed = level.components, kept = level.kept;
  const double *rc = level.turn_cos, *rs = level.turn_sin;
  for (std::size_t c = 0; c < summed; ++c) {
    cos[c] = level.kx[c] * x + level.ky[c] * y - level.omega[c] * t0 + level.phase[c];
  }
  vector_math::SinCos(std::span<const double>(cos, summed), std::span<double>(cos, summed),
                      std::span<double>(sin, summed));
  for (std::size_t m = 0; m + 1 < kSamples; ++m) {
    const double *c0 = cos + m * n, *s0 = sin + m * n;
    double *c1 = cos + (m + 1) * n, *s1 = sin + (m + 1) * n;
    for (std::size_t c = 0; c < summed; ++c) {
      c1[c] = c0[c] * rc[c] + s0[c] * rs[c];  // cos(psi - omega dt)
      s1[c] = s0[c] * rc[c] - c0[c] * rs[c];
    }
  }
  const double* w = level.weights;
  for (std::size_t m = 0; m < kSamples; ++m) {
    const double *cm = cos + m * n, *sm = sin + m * n;
    double sum[kQuantities] = {};
    for (std::size_t c = 0; c < summed; ++c) {
      sum[kEta] += w[kEta * n + c] * cm[c];
      sum[kEtaRate] += w[kEtaRate * n + c] * sm[c];
    }
    for (int q : kCosRows) {
      if (q == kEta) continue;
      for (std::size_t c = 0; c < kept; ++c) sum[q] += w[q * n + c] * cm[c];
    }
    for (int q : kSinRows) {
      if (q == kEtaRate) continue;
      for (std::size_t c = 0; c < kept; ++c) sum[q] += w[q * n + c] * sm[c];
    }
    for (int k = 0; k < kStride; ++k) out[m * kStride + k] = sum[kStored[k]];
  }
}

void Samples(const Level& level, double x, double y, double t0, double* cos, double* sin,
             double* out) {
  if (vector_math::UsesAvx2()) {
    SamplesAvx2(level, x, y, t0, cos, sin, out);
  } else {
    SamplesPortable(level, x, y, t0, cos, sin, out);
  }
}

}  // namespace hawser::ocean::grid_fill
