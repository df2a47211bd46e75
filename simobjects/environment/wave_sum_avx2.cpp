// Compiled with -mavx2 -mfma (simobjects/CMakeLists.txt); see wave_sum_kernels.h.
#include <sleef.h>

#include "simobjects/environment/wave_sum_kernels.h"

namespace hawser::ocean::avx2 {
namespace {

double HorizontalSum(__m256d v) {
  const __m128d pair = _mm_add_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
  return _mm_cvtsd_f64(_mm_add_sd(pair, _mm_unpackhi_pd(pair, pair)));
}

// p(x) = c[0] x^5 + ... + c[5], by Horner.
__m256d Polynomial(__m256d x, const double (&c)[6]) {
  __m256d p = _mm256_set1_pd(c[0]);
  for (int i = 1; i < 6; ++i) p = _mm256_add_pd(_mm256_mul_pd(p, x), _mm256_set1_pd(c[i]));
  return p;
}

__m256d Floor(__m256d x) { return _mm256_round_pd(x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC); }

// sin and cos of `phase` (|phase| < 2^26 pi/2), 4 at a time: phase = j pi/2 + r with
// |r| <= pi/4 (pi/2 in three parts, wave_sum_kernels.h), then Cephes' minimax polynomials on
// [-pi/4, pi/4] (S. L. Moshier, Cephes sin.c: sin r = r + r^3 P(r^2), cos r = 1 - r^2/2 +
// r^4 Q(r^2), relative error about 2e-16 there) and j mod 4 choosing which and its sign.
// Several times cheaper than SLEEF's sincosd4_u35 here, which takes its slow path beyond
// 15 rad; tested against std::sin and std::cos in wave_sum_test.cpp.
void SinCos4(__m256d phase, __m256d& sine, __m256d& cosine) {
  static constexpr double kSin[6] = {1.58962301576546568060E-10, -2.50507477628578072866E-8,
                                     2.75573136213857245213E-6,  -1.98412698295895385996E-4,
                                     8.33333333332211858878E-3,  -1.66666666666666307295E-1};
  static constexpr double kCos[6] = {-1.13585365213876817300E-11, 2.08757008419747316778E-9,
                                     -2.75573141792967388112E-7,  2.48015872888517045348E-5,
                                     -1.38888888888730564116E-3,  4.16666666666665929218E-2};
  const __m256d j = _mm256_round_pd(_mm256_mul_pd(phase, _mm256_set1_pd(4.0 * kInverseTwoPi)),
                                    _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  __m256d r = _mm256_sub_pd(phase, _mm256_mul_pd(j, _mm256_set1_pd(0.25 * kTwoPiHigh)));
  r = _mm256_sub_pd(r, _mm256_mul_pd(j, _mm256_set1_pd(0.25 * kTwoPiMid)));
  r = _mm256_sub_pd(r, _mm256_mul_pd(j, _mm256_set1_pd(0.25 * kTwoPiLow)));
  const __m256d r2 = _mm256_mul_pd(r, r);
  const __m256d s = _mm256_add_pd(r, _mm256_mul_pd(_mm256_mul_pd(r, r2), Polynomial(r2, kSin)));
  const __m256d c =
      _mm256_add_pd(_mm256_sub_pd(_mm256_set1_pd(1.0), _mm256_mul_pd(_mm256_set1_pd(0.5), r2)),
                    _mm256_mul_pd(_mm256_mul_pd(r2, r2), Polynomial(r2, kCos)));
  // q = j mod 4 in {0, 1, 2, 3}: sin = s, c, -s, -c and cos = c, -s, -c, s.
  const __m256d q = _mm256_sub_pd(
      j, _mm256_mul_pd(_mm256_set1_pd(4.0), Floor(_mm256_mul_pd(j, _mm256_set1_pd(0.25)))));
  const __m256d one = _mm256_set1_pd(1.0), two = _mm256_set1_pd(2.0), three = _mm256_set1_pd(3.0);
  const __m256d odd =
      _mm256_or_pd(_mm256_cmp_pd(q, one, _CMP_EQ_OQ), _mm256_cmp_pd(q, three, _CMP_EQ_OQ));
  const __m256d sign = _mm256_set1_pd(-0.0);
  const __m256d sin_negative = _mm256_and_pd(_mm256_cmp_pd(q, two, _CMP_GE_OQ), sign);
  const __m256d cos_negative = _mm256_and_pd(
      _mm256_and_pd(_mm256_cmp_pd(q, one, _CMP_GE_OQ), _mm256_cmp_pd(q, two, _CMP_LE_OQ)), sign);
  sine = _mm256_xor_pd(_mm256_blendv_pd(s, c, odd), sin_negative);
  cosine = _mm256_xor_pd(_mm256_blendv_pd(c, s, odd), cos_negative);
}

}  // namespace

double PhaseSum(const WaveTermArrays& t, double x, double y, double* cosine, double* sine) {
  const __m256d vx = _mm256_set1_pd(x), vy = _mm256_set1_pd(y);
  __m256d eta = _mm256_setzero_pd();
  for (std::size_t i = 0; i < t.size; i += 4) {
    const __m256d phase = _mm256_sub_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_loadu_pd(t.kx + i), vx),
                                                      _mm256_mul_pd(_mm256_loadu_pd(t.ky + i), vy)),
                                        _mm256_loadu_pd(t.tau + i));
    __m256d s, c;
    SinCos4(phase, s, c);
    _mm256_storeu_pd(sine + i, s);
    _mm256_storeu_pd(cosine + i, c);
    eta = _mm256_add_pd(eta, _mm256_mul_pd(_mm256_loadu_pd(t.a + i), c));
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
