// Compiled with -mavx2 -mfma (simobjects/CMakeLists.txt); see rao_sum_kernels.h.
#include <immintrin.h>

#include <cstddef>

#include "simobjects/body/rao_sum_kernels.h"
#include "simobjects/environment/avx2_common.h"

namespace hawser::rao_sum {
namespace {

using ocean::avx2::HorizontalSum;

// rao_sum_kernels.h's sums, 4 components to a lane; the rates only when kRate.
template <bool kRate>
void Sums(const Terms& terms, double t, double x, double y, double* value, double* rate) {
  const std::size_t n = terms.size;
  const __m256d vx = _mm256_set1_pd(x), vy = _mm256_set1_pd(y), vt = _mm256_set1_pd(t);
  __m256d v[6], r[6];
  for (int j = 0; j < 6; ++j) v[j] = r[j] = _mm256_setzero_pd();
  for (std::size_t k = 0; k < n; k += 4) {
    const __m256d omega = _mm256_loadu_pd(terms.omega + k);
    const __m256d psi = _mm256_add_pd(
        _mm256_fmadd_pd(
            _mm256_loadu_pd(terms.kx + k), vx,
            _mm256_fnmadd_pd(omega, vt, _mm256_mul_pd(_mm256_loadu_pd(terms.ky + k), vy))),
        _mm256_loadu_pd(terms.phase + k));
    __m256d sine, cosine;
    ocean::avx2::SinCos4(psi, sine, cosine);
    const __m256d a = _mm256_loadu_pd(terms.amplitude + k);
    const __m256d ac = _mm256_mul_pd(a, cosine), as = _mm256_mul_pd(a, sine);
    const __m256d u = _mm256_loadu_pd(terms.weight + k);
    for (std::size_t j = 0; j < 6; ++j) {
      const std::size_t re = j * n + k, im = (6 + j) * n + k;
      const __m256d lr = _mm256_loadu_pd(terms.lower + re), li = _mm256_loadu_pd(terms.lower + im);
      const __m256d hr =
          _mm256_fmadd_pd(u, _mm256_sub_pd(_mm256_loadu_pd(terms.upper + re), lr), lr);
      const __m256d hi =
          _mm256_fmadd_pd(u, _mm256_sub_pd(_mm256_loadu_pd(terms.upper + im), li), li);
      v[j] = _mm256_fmadd_pd(hr, ac, _mm256_fnmadd_pd(hi, as, v[j]));  // + Re(H a e^(i psi))
      if constexpr (kRate) {
        r[j] = _mm256_fmadd_pd(omega, _mm256_fmadd_pd(hr, as, _mm256_mul_pd(hi, ac)), r[j]);
      }
    }
  }
  for (int j = 0; j < 6; ++j) value[j] = HorizontalSum(v[j]);
  if constexpr (kRate) {
    for (int j = 0; j < 6; ++j) rate[j] = HorizontalSum(r[j]);
  }
}

}  // namespace

void SumsAvx2(const Terms& terms, double t, double x, double y, double* value, double* rate) {
  if (rate != nullptr) {
    Sums<true>(terms, t, x, y, value, rate);
  } else {
    Sums<false>(terms, t, x, y, value, nullptr);
  }
}

}  // namespace hawser::rao_sum
