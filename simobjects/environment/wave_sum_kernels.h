// The inner loops of the fast wave sum (wave_sum.h) over structure-of-arrays component terms:
// AVX2 ones (wave_sum_avx2.cpp, compiled with -mavx2 -mfma, called only on a CPU that has both,
// 4 components at a time with SLEEF's vector sincos and exp) and portable ones (wave_sum.cpp).
// Plain pointers and no C++ library header with inline functions, as vector_math_kernels.h.
#pragma once

#include <cstddef>

namespace hawser::ocean {

/// The per-component constants of the wave sum (sea_state.h's formulas), one array each of
/// `size` values, a multiple of 4 (padded with components of zero amplitude), sorted by k.
struct WaveTermArrays {
  std::size_t size = 0;
  const double* kx = nullptr;   ///< k cos theta [rad/m]
  const double* ky = nullptr;   ///< k sin theta [rad/m]
  const double* tau = nullptr;  ///< omega t - phi at the time summed: psi = kx x + ky y - tau.
  const double* a = nullptr;    ///< Amplitude [m].
  const double* k = nullptr;    ///< Wave number [rad/m].
  const double* e2kh = nullptr;  ///< E = exp(-2 k h) (0: deep water).
  const double* ux = nullptr;    ///< a omega cos theta / (1 - E)
  const double* uy = nullptr;    ///< a omega sin theta / (1 - E)
  const double* uz = nullptr;    ///< a omega / (1 - E)
  const double* dux = nullptr;   ///< omega ux
  const double* duy = nullptr;   ///< omega uy
  const double* duz = nullptr;   ///< omega uz
  const double* p = nullptr;     ///< g a / (1 + E)
};

/// The seven sums at a point: velocity, local acceleration, dynamic pressure / rho.
struct DepthSums {
  double u[3] = {0.0, 0.0, 0.0};
  double du[3] = {0.0, 0.0, 0.0};
  double p = 0.0;
};

/// Stores cos psi_i and sin psi_i of every term at (x, y) and returns eta = sum a_i cos psi_i.
/// The depth ratios of the first m terms (a multiple of 4) at stretched height zs, times the time
/// factors cosine/sine, summed: e = exp(k zs), cosh ratio (e + E / e), sinh ratio (e - E / e).
namespace avx2 {
double PhaseSum(const WaveTermArrays& t, double x, double y, double* cosine, double* sine);
DepthSums DepthSum(const WaveTermArrays& t, std::size_t m, double zs, const double* cosine,
                   const double* sine);
}  // namespace avx2
namespace portable {
double PhaseSum(const WaveTermArrays& t, double x, double y, double* cosine, double* sine);
DepthSums DepthSum(const WaveTermArrays& t, std::size_t m, double zs, const double* cosine,
                   const double* sine);
}  // namespace portable

}  // namespace hawser::ocean
