// Compiled with -mavx2 -mfma (simobjects/CMakeLists.txt); see wave_sum_kernels.h.
#include <immintrin.h>
#include <sleef.h>

#include "simobjects/environment/wave_sum_kernels.h"

namespace hawser::ocean::avx2 {
namespace {

double HorizontalSum(__m256d v) {
  const __m128d pair = _mm_add_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
  return _mm_cvtsd_f64(_mm_add_sd(pair, _mm_unpackhi_pd(pair, pair)));
}

}  // namespace

double PhaseSum(const WaveTermArrays& t, double x, double y, double* cosine, double* sine) {
  const __m256d vx = _mm256_set1_pd(x), vy = _mm256_set1_pd(y);
  __m256d eta = _mm256_setzero_pd();
  for (std::size_t i = 0; i < t.size; i += 4) {
    const __m256d psi = _mm256_sub_pd(
        _mm256_add_pd(_mm256_mul_pd(_mm256_loadu_pd(t.kx + i), vx),
                      _mm256_mul_pd(_mm256_loadu_pd(t.ky + i), vy)),
        _mm256_loadu_pd(t.tau + i));
    const Sleef___m256d_2 r = Sleef_sincosd4_u35avx2(psi);
    _mm256_storeu_pd(sine + i, r.x);
    _mm256_storeu_pd(cosine + i, r.y);
    eta = _mm256_add_pd(eta, _mm256_mul_pd(_mm256_loadu_pd(t.a + i), r.y));
  }
  return HorizontalSum(eta);
}

DepthSums DepthSum(const WaveTermArrays& t, std::size_t m, double zs, const double* cosine,
                   const double* sine) {
  const __m256d z = _mm256_set1_pd(zs);
  // e >= exp(-300) wherever E > 0 (wave_sum.h); the floor only keeps E / e = 0 / 0 away where
  // e underflows in deep water (E = 0).
  const __m256d tiny = _mm256_set1_pd(0x1p-1022);
  __m256d ux = _mm256_setzero_pd(), uy = ux, uz = ux, ax = ux, ay = ux, az = ux, pd = ux;
  for (std::size_t i = 0; i < m; i += 4) {
    const __m256d e = Sleef_expd4_u10avx2(_mm256_mul_pd(_mm256_loadu_pd(t.k + i), z));
    const __m256d r = _mm256_div_pd(_mm256_loadu_pd(t.e2kh + i), _mm256_max_pd(e, tiny));
    const __m256d ch = _mm256_add_pd(e, r), sh = _mm256_sub_pd(e, r);
    const __m256d c = _mm256_loadu_pd(cosine + i), s = _mm256_loadu_pd(sine + i);
    const __m256d hc = _mm256_mul_pd(ch, c), hs = _mm256_mul_pd(ch, s);
    ux = _mm256_add_pd(ux, _mm256_mul_pd(_mm256_loadu_pd(t.ux + i), hc));
    uy = _mm256_add_pd(uy, _mm256_mul_pd(_mm256_loadu_pd(t.uy + i), hc));
    uz = _mm256_add_pd(uz, _mm256_mul_pd(_mm256_loadu_pd(t.uz + i), _mm256_mul_pd(sh, s)));
    ax = _mm256_add_pd(ax, _mm256_mul_pd(_mm256_loadu_pd(t.dux + i), hs));
    ay = _mm256_add_pd(ay, _mm256_mul_pd(_mm256_loadu_pd(t.duy + i), hs));
    az = _mm256_sub_pd(az, _mm256_mul_pd(_mm256_loadu_pd(t.duz + i), _mm256_mul_pd(sh, c)));
    pd = _mm256_add_pd(pd, _mm256_mul_pd(_mm256_loadu_pd(t.p + i), hc));
  }
  DepthSums sums;
  sums.u[0] = HorizontalSum(ux);
  sums.u[1] = HorizontalSum(uy);
  sums.u[2] = HorizontalSum(uz);
  sums.du[0] = HorizontalSum(ax);
  sums.du[1] = HorizontalSum(ay);
  sums.du[2] = HorizontalSum(az);
  sums.p = HorizontalSum(pd);
  return sums;
}

}  // namespace hawser::ocean::avx2
