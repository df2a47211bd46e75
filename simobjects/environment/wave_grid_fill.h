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

/// One level's factors for n components (a multiple of 4: zero weights pad the end), of which
/// the first `kept` (a multiple of 4) carry kinematics.
struct Level {
  std::size_t components = 0, kept = 0;
  /// 13 rows of n, row q quantity q; every row but eta's and d eta / dt's is zero from `kept` on.
  const double* weights = nullptr;
  const double* turn_cos = nullptr;  ///< cos(omega dt) and sin(omega dt), n each.
  const double* turn_sin = nullptr;
};

/// cos, sin: kSamples rows of n (row m: sample m); on entry row 0 holds cos(psi_0) and
/// sin(psi_0), the other rows are written. out: kSamples x kStride values as stored
/// (wave_grid_layout.h).
void Samples(const Level& level, double* cos, double* sin, double* out);
/// Samples as built for every x86-64 CPU and for AVX2 and FMA (only on a CPU that has them),
/// which Samples chooses between; declared for the tests, which compare them.
void SamplesPortable(const Level& level, double* cos, double* sin, double* out);
void SamplesAvx2(const Level& level, double* cos, double* sin, double* out);

}  // namespace hawser::ocean::grid_fill
