// A wave-grid vertex's chunk of samples from the components (WaveGrid::Fill, wave_grid.h): the
// phasors turned sample by sample, exp(i psi_(m+1)) = exp(i psi_m) exp(-i omega dt), then per
// sample the 13 quantities (wave_grid_layout.h) as sums over the components of a weight times
// cos(psi_m) (eta, u, v, a_z, d a_x / dt, d a_y / dt, p_d / rho) or sin(psi_m) (the others).
// Two builds: portable, and AVX2 with fused multiply-adds (4 components per instruction), chosen
// at run time (vector_math::UsesAvx2). They differ by rounding only (the fused products and
// the order of the sums), a few ULP of the sums of |terms| (wave_grid_fill_test.cpp).
#pragma once

#include <cstddef>

namespace hawser::ocean::grid_fill {

/// One level's factors in rows of `stride` (a multiple of 4: components of zero weight pad the
/// end), and the components' phase constants (psi = kx x + ky y - omega t + phase). The first
/// `components` (a multiple of 4) are summed, of which the first `kept` (also) carry kinematics.
struct Level {
  std::size_t stride = 0, components = 0, kept = 0;
  /// 13 rows of `stride`, row q quantity q; every row is zero from `components` on, and every
  /// one but eta's and d eta / dt's from `kept` on.
  const double* weights = nullptr;
  const double* turn_cos = nullptr;  ///< cos(omega dt) and sin(omega dt), `stride` each.
  const double* turn_sin = nullptr;
  const double *kx = nullptr, *ky = nullptr, *omega = nullptr, *phase = nullptr;  ///< Likewise.
};

/// The samples at (x, y) from time t0 on: out gets kSamples x kStride values as stored
/// (wave_grid_layout.h). cos, sin: scratch of kSamples rows of `stride` (row m: the phasors of
/// sample m).
void Samples(const Level& level, double x, double y, double t0, double* cos, double* sin,
             double* out);
/// Samples as built for every x86-64 CPU (SLEEF's sincos at t0) and for AVX2 and FMA (its own,
/// avx2_common.h; only on a CPU that has them), which Samples chooses between; declared for the
/// tests, which compare each with the closed form.
void SamplesPortable(const Level& level, double x, double y, double t0, double* cos, double* sin,
                     double* out);
void SamplesAvx2(const Level& level, double x, double y, double t0, double* cos, double* sin,
                 double* out);

}  // namespace hawser::ocean::grid_fill
