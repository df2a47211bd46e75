// Compiled with -mavx2 -mfma (simobjects/CMakeLists.txt); see wave_grid_fill.h.
#include <immintrin.h>

#include <cstddef>

#include "simobjects/environment/avx2_common.h"
#include "simobjects/environment/wave_grid_fill.h"
#include "simobjects/environment/wave_grid_layout.h"

namespace hawser::ocean::grid_fill {

using avx2::HorizontalSum;
using namespace grid_layout;  // NOLINT(google-build-using-namespace): the layout it writes.

void SamplesAvx2(const Level& level, double x, double y, double t0, double* cos, double* sin,
                 double* out) {
  const std::size_t n = level.stride, summed = level.components, kept = level.kept;
  const __m256d vx = _mm256_set1_pd(x), vy = _mm256_set1_pd(y), vt = _mm256_set1_pd(t0);
  for (std::size_t c = 0; c < summed; c += 4) {
    const __m256d psi = _mm256_add_pd(
        _mm256_fmadd_pd(_mm256_loadu_pd(level.kx + c), vx,
                        _mm256_fnmadd_pd(_mm256_loadu_pd(level.omega + c), vt,
                                         _mm256_mul_pd(_mm256_loadu_pd(level.ky + c), vy))),
        _mm256_loadu_pd(level.phase + c));
    __m256d s, k;
    avx2::SinCos4(psi, s, k);
    _mm256_storeu_pd(cos + c, k);
    _mm256_storeu_pd(sin + c, s);
  }
  for (std::size_t m = 0; m + 1 < kSamples; ++m) {
    const double *c0 = cos + m * n, *s0 = sin + m * n;
    double *c1 = cos + (m + 1) * n, *s1 = sin + (m + 1) * n;
    for (std::size_t c = 0; c < summed; c += 4) {
      const __m256d rc = _mm256_loadu_pd(level.turn_cos + c),
                    rs = _mm256_loadu_pd(level.turn_sin + c);
      const __m256d pc = _mm256_loadu_pd(c0 + c), ps = _mm256_loadu_pd(s0 + c);
      _mm256_storeu_pd(c1 + c, _mm256_fmadd_pd(pc, rc, _mm256_mul_pd(ps, rs)));  // cos(psi - w dt)
      _mm256_storeu_pd(s1 + c, _mm256_fmsub_pd(ps, rc, _mm256_mul_pd(pc, rs)));
    }
  }
  const double* w = level.weights;
  for (std::size_t m = 0; m < kSamples; ++m) {
    const double *cm = cos + m * n, *sm = sin + m * n;
    __m256d a[7], b[6];  // kCosRows' and kSinRows' sums, 4 components to a lane.
    for (auto& v : a) v = _mm256_setzero_pd();
    for (auto& v : b) v = _mm256_setzero_pd();
    std::size_t c = 0;
    for (; c < kept; c += 4) {
      const __m256d pc = _mm256_loadu_pd(cm + c), ps = _mm256_loadu_pd(sm + c);
      for (int q = 0; q < 7; ++q) {
        a[q] = _mm256_fmadd_pd(_mm256_loadu_pd(w + kCosRows[q] * n + c), pc, a[q]);
      }
      for (int q = 0; q < 6; ++q) {
        b[q] = _mm256_fmadd_pd(_mm256_loadu_pd(w + kSinRows[q] * n + c), ps, b[q]);
      }
    }
    for (; c < summed; c += 4) {  // The elevation sums more components.
      a[0] = _mm256_fmadd_pd(_mm256_loadu_pd(w + kEta * n + c), _mm256_loadu_pd(cm + c), a[0]);
      b[0] = _mm256_fmadd_pd(_mm256_loadu_pd(w + kEtaRate * n + c), _mm256_loadu_pd(sm + c), b[0]);
    }
    double sum[kQuantities];
    for (int q = 0; q < 7; ++q) sum[kCosRows[q]] = HorizontalSum(a[q]);
    for (int q = 0; q < 6; ++q) sum[kSinRows[q]] = HorizontalSum(b[q]);
    for (int k = 0; k < kStride; ++k) out[m * kStride + k] = sum[kStored[k]];
  }
}

}  // namespace hawser::ocean::grid_fill
