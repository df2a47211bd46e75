// What the AVX2 kernels share (wave_sum_avx2.cpp, wave_grid_fill_avx2.cpp, rao_sum_avx2.cpp):
// the sum of a vector's 4 lanes, and sin and cos of 4 phases at once. Include only from a file
// compiled with -mavx2 -mfma.
#pragma once

#include <immintrin.h>

#include "simobjects/environment/wave_sum_kernels.h"

namespace hawser::ocean::avx2 {
namespace sincos_detail {

// p(x) = c[0] x^5 + ... + c[5], by Horner.
inline __m256d Polynomial(__m256d x, const double (&c)[6]) {
  __m256d p = _mm256_set1_pd(c[0]);
  for (int i = 1; i < 6; ++i) p = _mm256_add_pd(_mm256_mul_pd(p, x), _mm256_set1_pd(c[i]));
  return p;
}

inline __m256d Floor(__m256d x) {
  return _mm256_round_pd(x, _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
}

}  // namespace sincos_detail

// v[0] + v[1] + v[2] + v[3], as (v[0] + v[2]) + (v[1] + v[3]).
inline double HorizontalSum(__m256d v) {
  const __m128d pair = _mm_add_pd(_mm256_castpd256_pd128(v), _mm256_extractf128_pd(v, 1));
  return _mm_cvtsd_f64(_mm_add_sd(pair, _mm_unpackhi_pd(pair, pair)));
}

// sin and cos of `phase` (|phase| < 2^26 pi/2), 4 at a time: phase = j pi/2 + r with
// |r| <= pi/4 (pi/2 in three parts, wave_sum_kernels.h), then Cephes' minimax polynomials on
// [-pi/4, pi/4] (S. L. Moshier, Cephes sin.c: sin r = r + r^3 P(r^2), cos r = 1 - r^2/2 +
// r^4 Q(r^2), relative error about 2e-16 there) and j mod 4 choosing which and its sign.
// Several times cheaper than SLEEF's sincosd4_u35 here, which takes its slow path beyond
// 15 rad; tested against std::sin and std::cos in wave_sum_test.cpp.
inline void SinCos4(__m256d phase, __m256d& sine, __m256d& cosine) {
  using sincos_detail::Floor, sincos_detail::Polynomial;
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

}  // namespace hawser::ocean::avx2
