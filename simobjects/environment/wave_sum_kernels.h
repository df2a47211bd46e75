// The inner loops of the fast wave sum (wave_sum.h) over structure-of-arrays component terms:
// AVX2 ones (wave_sum_avx2.cpp, compiled with -mavx2 -mfma, called only on a CPU that has both,
// 4 components at a time: its own sincos, SLEEF's exp) and portable ones (wave_sum.cpp).
// Plain pointers and no C++ library header with inline functions, as vector_math_kernels.h.
#pragma once

#include <cstddef>

namespace hawser::ocean {

/// The per-component constants of the wave sum (sea_state.h's formulas), one array each of
/// `size` values, a multiple of 4 (padded with components of zero amplitude), sorted by k.
struct WaveTermArrays {
  std::size_t size = 0;
  const double* kx = nullptr;    ///< k cos theta [rad/m]
  const double* ky = nullptr;    ///< k sin theta [rad/m]
  const double* tau = nullptr;   ///< omega t - phi at the time summed: psi = kx x + ky y - tau.
  const double* a = nullptr;     ///< Amplitude [m].
  const double* k = nullptr;     ///< Wave number [rad/m].
  const double* e2kh = nullptr;  ///< E = exp(-2 k h) (0: deep water).
  const double* ux = nullptr;    ///< a omega cos theta / (1 - E)
  const double* uy = nullptr;    ///< a omega sin theta / (1 - E)
  const double* uz = nullptr;    ///< a omega / (1 - E)
  const double* dux = nullptr;   ///< omega ux
  const double* duy = nullptr;   ///< omega uy
  const double* duz = nullptr;   ///< omega uz
  const double* p = nullptr;     ///< g a / (1 + E)
};

/// 2 pi in three parts for reducing a phase before its sine and cosine (the AVX2 kernel by
/// pi/2, the portable one by 2 pi: SLEEF's sincos takes a slow path beyond 15 rad, and phases
/// omega t + k x reach thousands). kTwoPiHigh has 25 significant bits, so n kTwoPiHigh is exact for
/// |n| < 2^28; kTwoPiMid is fl(2 pi) - kTwoPiHigh, kTwoPiLow 2 pi - fl(2 pi). The reduced phase is
/// within a few 1e-16 n of the exact one, below the phase's own rounding (1e-16 |psi|).
inline constexpr double kTwoPiHigh = 0x1.921fb5p+2;
inline constexpr double kTwoPiMid = 0x1.110b46p-24;
inline constexpr double kTwoPiLow = 2.4492935982947064e-16;
inline constexpr double kInverseTwoPi = 0.15915494309189535;

/// The seven sums at a point: velocity, local acceleration, dynamic pressure / rho.
struct DepthSums {
  double u[3] = {0.0, 0.0, 0.0};
  double du[3] = {0.0, 0.0, 0.0};
  double p = 0.0;
};

/// Stores cos psi_i and sin psi_i of every term at (x, y) and returns eta = sum a_i cos psi_i.
/// The depth ratios of the first m terms (a multiple of 4) at stretched height zs, times the time
/// factors cosine/sine, summed: e = exp(k zs), cosh ratio (e + E / e), sinh ratio (e - E / e).
/// The phasors of the rotated phase sum: exp(i k.x_c) of every term at a cached point x_c and
/// exp(-i tau) of every term at the time summed.
struct Phasors {
  const double* cached_cos = nullptr;  ///< cos(k.x_c)
  const double* cached_sin = nullptr;  ///< sin(k.x_c)
  const double* time_cos = nullptr;    ///< cos(tau)
  const double* time_sin = nullptr;    ///< -sin(tau)
};
/// The phases at x_c + (dx, dy) without a sine or cosine of them: exp(i psi) = exp(i k.x_c)
/// exp(i theta) exp(-i tau), theta = kx dx + ky dy, with exp(i theta) by its Taylor polynomials
/// (cos to theta^8, sin to theta^9). For |theta| <= kMaxRotation their remainders are at most
/// theta^10 / 10! <= 2.6e-16 and theta^11 / 11! <= 3e-18. Stores cos psi_i and sin psi_i and
/// returns eta = sum a_i cos psi_i, as PhaseSum (t.tau is not read).
inline constexpr double kMaxRotation = 0.125;
namespace avx2 {
double RotatedPhaseSum(const WaveTermArrays& t, double dx, double dy, const Phasors& p,
                       double* cosine, double* sine);
double PhaseSum(const WaveTermArrays& t, double x, double y, double* cosine, double* sine);
DepthSums DepthSum(const WaveTermArrays& t, std::size_t m, double zs, const double* cosine,
                   const double* sine);
/// DepthSum's e^x and e^-x of n values (a multiple of 4), for the tests.
void ExpPair(const double* x, double* exp_x, double* exp_minus_x, std::size_t n);
}  // namespace avx2
namespace portable {
double RotatedPhaseSum(const WaveTermArrays& t, double dx, double dy, const Phasors& p,
                       double* cosine, double* sine);
double PhaseSum(const WaveTermArrays& t, double x, double y, double* cosine, double* sine);
DepthSums DepthSum(const WaveTermArrays& t, std::size_t m, double zs, const double* cosine,
                   const double* sine);
}  // namespace portable

}  // namespace hawser::ocean
