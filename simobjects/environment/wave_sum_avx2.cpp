// Compiled with -mavx2 -mfma (simobjects/CMakeLists.txt); see wave_sum_kernels.h.
#include <immintrin.h>

#include "simobjects/environment/avx2_common.h"
#include "simobjects/environment/wave_sum_kernels.h"

namespace hawser::ocean::avx2 {
namespace {

// e^x and e^-x, 4 at a time, inline (a call to SLEEF's exp made DepthSum's loop spill its seven
// accumulators around it, and the division E / e^x cost a third of its time). x is clamped to
// [-700, 700] (e^-700 = 1e-304 stands for anything smaller; a NaN stays NaN); x = n ln 2 + r,
// |r| <= ln 2 / 2, with ln 2 in Cephes' two parts (n C1 exact for |n| < 2^11); e^+-r = C(r^2)
// +- r S(r^2), the even and odd halves of the Taylor polynomial to r^13 (remainder <= 0.347^14 /
// 14! = 4e-18); 2^+-n by writing +-n + 1023 into the exponent bits. Within 2 ULP of e^x
// (wave_sum_test.cpp asserts 3 ULP against std::exp, whose own error is 1).
struct InverseFactorials {
  double v[14];
  constexpr InverseFactorials() : v() {
    double factorial = 1.0;  // k! is exact in a double for k <= 22.
    for (int k = 0; k < 14; ++k) {
      factorial *= k > 0 ? k : 1;
      v[k] = 1.0 / factorial;
    }
  }
  constexpr double operator[](int k) const { return v[k]; }
};
constexpr InverseFactorials kInverseFactorial;

// 2^n for integral n, |n| <= 1022: n + 1023 + 1.5 2^52 holds n + 1023 in its low mantissa bits;
// shifted up by 52 they are the exponent (the constant's own bits shift out).
__m256d PowerOfTwo(__m256d n) {
  const __m256d biased = _mm256_add_pd(n, _mm256_set1_pd(1023.0 + 6755399441055744.0));
  return _mm256_castsi256_pd(_mm256_slli_epi64(_mm256_castpd_si256(biased), 52));
}

void ExpPair4(__m256d x, __m256d& exp_x, __m256d& exp_minus_x) {
  static constexpr double kC1 = 6.93145751953125E-1, kC2 = 1.42860682030941723212E-6;
  x = _mm256_min_pd(_mm256_set1_pd(700.0), _mm256_max_pd(_mm256_set1_pd(-700.0), x));
  const __m256d n = _mm256_round_pd(_mm256_mul_pd(x, _mm256_set1_pd(1.4426950408889634)),
                                    _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  const __m256d r =
      _mm256_fnmadd_pd(n, _mm256_set1_pd(kC2), _mm256_fnmadd_pd(n, _mm256_set1_pd(kC1), x));
  // Each half as c0 + c1 q + ... + c6 q^6 (q = r^2) by Estrin's scheme: pairs (c_j + c_j+1 q),
  // then in q^2 and q^4, for a short chain of dependent operations.
  const __m256d q = _mm256_mul_pd(r, r), q2 = _mm256_mul_pd(q, q), q4 = _mm256_mul_pd(q2, q2);
  const auto half = [&](int first) {
    const auto c = [&](int j) { return _mm256_set1_pd(kInverseFactorial[first + 2 * j]); };
    const __m256d p01 = _mm256_fmadd_pd(c(1), q, c(0)), p23 = _mm256_fmadd_pd(c(3), q, c(2));
    const __m256d p45 = _mm256_fmadd_pd(c(5), q, c(4));
    return _mm256_fmadd_pd(_mm256_fmadd_pd(c(6), q2, p45), q4, _mm256_fmadd_pd(p23, q2, p01));
  };
  const __m256d even = half(0), odd = _mm256_mul_pd(half(1), r);
  exp_x = _mm256_mul_pd(_mm256_add_pd(even, odd), PowerOfTwo(n));
  const __m256d minus_n = _mm256_sub_pd(_mm256_setzero_pd(), n);
  exp_minus_x = _mm256_mul_pd(_mm256_sub_pd(even, odd), PowerOfTwo(minus_n));
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

double RotatedPhaseSum(const WaveTermArrays& t, double dx, double dy, const Phasors& p,
                       double* cosine, double* sine) {
  const __m256d vx = _mm256_set1_pd(dx), vy = _mm256_set1_pd(dy), one = _mm256_set1_pd(1.0);
  __m256d eta = _mm256_setzero_pd();
  // The arrays in locals: the stores to cosine and sine could alias t's and p's fields, which
  // the loop would then load again at every turn.
  const double *kx = t.kx, *ky = t.ky, *a = t.a, *cached_cos = p.cached_cos,
               *cached_sin = p.cached_sin, *time_cos = p.time_cos, *time_sin = p.time_sin;
  const std::size_t size = t.size;
  for (std::size_t i = 0; i < size; i += 4) {
    const __m256d th = _mm256_add_pd(_mm256_mul_pd(_mm256_loadu_pd(kx + i), vx),
                                     _mm256_mul_pd(_mm256_loadu_pd(ky + i), vy));
    const __m256d t2 = _mm256_mul_pd(th, th);
    __m256d c = _mm256_fmadd_pd(t2, _mm256_set1_pd(1.0 / 40320), _mm256_set1_pd(-1.0 / 720));
    c = _mm256_fmadd_pd(t2, c, _mm256_set1_pd(1.0 / 24));
    c = _mm256_fmadd_pd(t2, c, _mm256_set1_pd(-0.5));
    c = _mm256_fmadd_pd(t2, c, one);
    __m256d s = _mm256_fmadd_pd(t2, _mm256_set1_pd(1.0 / 362880), _mm256_set1_pd(-1.0 / 5040));
    s = _mm256_fmadd_pd(t2, s, _mm256_set1_pd(1.0 / 120));
    s = _mm256_fmadd_pd(t2, s, _mm256_set1_pd(-1.0 / 6));
    s = _mm256_mul_pd(th, _mm256_fmadd_pd(t2, s, one));
    // exp(i k.x) = exp(i k.x_c) exp(i theta), then times exp(-i tau).
    const __m256d pc = _mm256_loadu_pd(cached_cos + i), ps = _mm256_loadu_pd(cached_sin + i);
    const __m256d xc = _mm256_fmsub_pd(pc, c, _mm256_mul_pd(ps, s));
    const __m256d xs = _mm256_fmadd_pd(ps, c, _mm256_mul_pd(pc, s));
    const __m256d tc = _mm256_loadu_pd(time_cos + i), ts = _mm256_loadu_pd(time_sin + i);
    const __m256d cp = _mm256_fmsub_pd(xc, tc, _mm256_mul_pd(xs, ts));
    const __m256d sp = _mm256_fmadd_pd(xs, tc, _mm256_mul_pd(xc, ts));
    _mm256_storeu_pd(sine + i, sp);
    _mm256_storeu_pd(cosine + i, cp);
    eta = _mm256_fmadd_pd(_mm256_loadu_pd(a + i), cp, eta);
  }
  return HorizontalSum(eta);
}

DepthSums DepthSum(const WaveTermArrays& t, std::size_t m, double zs, const double* cosine,
                   const double* sine) {
  const __m256d z = _mm256_set1_pd(zs);
  // E / e = E e^(-k zs): e >= exp(-300) wherever E > 0 (wave_sum.h), and e^(-k zs) <= e^700 is
  // finite where E = 0 (deep water), so the product is never 0 times infinity.
  __m256d ux = _mm256_setzero_pd(), uy = ux, uz = ux, ax = ux, ay = ux, az = ux, pd = ux;
  // The arrays in locals: nothing is stored in the loop, so they are loaded once.
  const double *k = t.k, *e2kh = t.e2kh, *tux = t.ux, *tuy = t.uy, *tuz = t.uz, *dux = t.dux,
               *duy = t.duy, *duz = t.duz, *tp = t.p;
  for (std::size_t i = 0; i < m; i += 4) {
    __m256d e, inverse;
    ExpPair4(_mm256_mul_pd(_mm256_loadu_pd(k + i), z), e, inverse);
    const __m256d r = _mm256_mul_pd(_mm256_loadu_pd(e2kh + i), inverse);  // E / e
    const __m256d ch = _mm256_add_pd(e, r), sh = _mm256_sub_pd(e, r);
    const __m256d c = _mm256_loadu_pd(cosine + i), s = _mm256_loadu_pd(sine + i);
    const __m256d hc = _mm256_mul_pd(ch, c), hs = _mm256_mul_pd(ch, s);
    ux = _mm256_fmadd_pd(_mm256_loadu_pd(tux + i), hc, ux);
    uy = _mm256_fmadd_pd(_mm256_loadu_pd(tuy + i), hc, uy);
    uz = _mm256_fmadd_pd(_mm256_loadu_pd(tuz + i), _mm256_mul_pd(sh, s), uz);
    ax = _mm256_fmadd_pd(_mm256_loadu_pd(dux + i), hs, ax);
    ay = _mm256_fmadd_pd(_mm256_loadu_pd(duy + i), hs, ay);
    az = _mm256_fnmadd_pd(_mm256_loadu_pd(duz + i), _mm256_mul_pd(sh, c), az);
    pd = _mm256_fmadd_pd(_mm256_loadu_pd(tp + i), hc, pd);
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

void ExpPair(const double* x, double* exp_x, double* exp_minus_x, std::size_t n) {
  for (std::size_t i = 0; i < n; i += 4) {
    __m256d e, inverse;
    ExpPair4(_mm256_loadu_pd(x + i), e, inverse);
    _mm256_storeu_pd(exp_x + i, e);
    _mm256_storeu_pd(exp_minus_x + i, inverse);
  }
}

}  // namespace hawser::ocean::avx2
