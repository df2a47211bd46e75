#include "simobjects/environment/vector_math.h"

#include <sleef.h>

#include <cmath>
#include <cstddef>

#include "simobjects/environment/vector_math_kernels.h"

namespace hawser::vector_math {

namespace sse2 {

std::size_t SinCos(const double* angle, double* cosine, double* sine, std::size_t n) {
  std::size_t i = 0;
  for (; i + 2 <= n; i += 2) {
    const Sleef___m128d_2 r = Sleef_sincosd2_u10(_mm_loadu_pd(angle + i));
    _mm_storeu_pd(sine + i, r.x);
    _mm_storeu_pd(cosine + i, r.y);
  }
  return i;
}

std::size_t Exp(const double* x, double* result, std::size_t n) {
  std::size_t i = 0;
  for (; i + 2 <= n; i += 2) _mm_storeu_pd(result + i, Sleef_expd2_u10(_mm_loadu_pd(x + i)));
  return i;
}

std::size_t SqrtAndReciprocal(const double* square, double* root, double* reciprocal,
                              std::size_t n) {
  std::size_t i = 0;
  const __m128d one = _mm_set1_pd(1.0);
  for (; i + 2 <= n; i += 2) {
    const __m128d r = _mm_sqrt_pd(_mm_loadu_pd(square + i));
    _mm_storeu_pd(root + i, r);
    if (reciprocal != nullptr) _mm_storeu_pd(reciprocal + i, _mm_div_pd(one, r));
  }
  return i;
}

}  // namespace sse2

bool UsesAvx2() {
  static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
}

void SinCos(std::span<const double> angle, std::span<double> cosine, std::span<double> sine) {
  const std::size_t n = angle.size();
  std::size_t done = UsesAvx2() ? avx2::SinCos(angle.data(), cosine.data(), sine.data(), n)
                                : sse2::SinCos(angle.data(), cosine.data(), sine.data(), n);
  for (; done < n; ++done) {
    const Sleef_double2 r = Sleef_sincos_u10(angle[done]);
    sine[done] = r.x;
    cosine[done] = r.y;
  }
}

void Exp(std::span<const double> x, std::span<double> result) {
  const std::size_t n = x.size();
  std::size_t done =
      UsesAvx2() ? avx2::Exp(x.data(), result.data(), n) : sse2::Exp(x.data(), result.data(), n);
  for (; done < n; ++done) result[done] = Sleef_exp_u10(x[done]);
}

void SqrtAndReciprocal(std::span<const double> square, std::span<double> root,
                       std::span<double> reciprocal) {
  const std::size_t n = square.size();
  double* const inverse = reciprocal.empty() ? nullptr : reciprocal.data();
  std::size_t done = UsesAvx2() ? avx2::SqrtAndReciprocal(square.data(), root.data(), inverse, n)
                                : sse2::SqrtAndReciprocal(square.data(), root.data(), inverse, n);
  for (; done < n; ++done) {
    root[done] = std::sqrt(square[done]);
    if (inverse != nullptr) inverse[done] = 1.0 / root[done];
  }
}

}  // namespace hawser::vector_math
