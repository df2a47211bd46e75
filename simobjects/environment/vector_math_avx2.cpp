// Compiled with -mavx2 -mfma (simobjects/CMakeLists.txt); see vector_math_kernels.h.
#include <sleef.h>

#include "simobjects/environment/vector_math_kernels.h"

namespace hawser::vector_math::avx2 {

std::size_t SinCos(const double* angle, double* cosine, double* sine, std::size_t n) {
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    const Sleef___m256d_2 r = Sleef_sincosd4_u10avx2(_mm256_loadu_pd(angle + i));
    _mm256_storeu_pd(sine + i, r.x);
    _mm256_storeu_pd(cosine + i, r.y);
  }
  return i;
}

std::size_t Exp(const double* x, double* result, std::size_t n) {
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4)
    _mm256_storeu_pd(result + i, Sleef_expd4_u10avx2(_mm256_loadu_pd(x + i)));
  return i;
}

std::size_t SqrtAndReciprocal(const double* square, double* root, double* reciprocal,
                              std::size_t n) {
  std::size_t i = 0;
  const __m256d one = _mm256_set1_pd(1.0);
  for (; i + 4 <= n; i += 4) {
    const __m256d r = _mm256_sqrt_pd(_mm256_loadu_pd(square + i));
    _mm256_storeu_pd(root + i, r);
    if (reciprocal != nullptr) _mm256_storeu_pd(reciprocal + i, _mm256_div_pd(one, r));
  }
  return i;
}

}  // namespace hawser::vector_math::avx2
