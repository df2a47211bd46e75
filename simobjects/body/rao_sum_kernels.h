// The sums of wave_response.h over structure-of-arrays components (RaoTable::AtBrackets): a
// portable build (SLEEF's sincos, rao_sum.cpp) and an AVX2 one (rao_sum_avx2.cpp, compiled with
// -mavx2 -mfma, 4 components to a lane with fused multiply-adds and the fast sum's sincos,
// avx2_common.h), chosen at run time (Sums; vector_math::UsesAvx2). They differ by rounding
// only (rao_components_test.cpp). Plain pointers and no C++ library header with inline functions,
// as wave_sum_kernels.h: an inline function compiled for AVX2 here could be linked for every CPU.
#pragma once

#include <cstddef>

namespace hawser::rao_sum {

struct Terms {
  std::size_t size = 0;  ///< Components, a multiple of 4 (padded with zero amplitudes).
  /// psi = kx x + ky y - omega t + phase [rad], and the amplitude a [m].
  const double *kx = nullptr, *ky = nullptr, *omega = nullptr, *phase = nullptr;
  const double* amplitude = nullptr;
  /// H at the table headings below and above each component's relative heading: 12 rows of
  /// `size`, Re H_j (row j, j = 0..5) and Im H_j (row 6 + j); H = lower + weight (upper - lower).
  const double *lower = nullptr, *upper = nullptr, *weight = nullptr;
};

/// value[j] = sum_k Re(H_kj a_k e^(i psi_k)) and, when `rate` is not null, rate[j] =
/// sum_k omega_k Im(H_kj a_k e^(i psi_k)) (the time derivative of value), at time t [s] and
/// (x, y) [m], by the build the CPU runs.
void Sums(const Terms& terms, double t, double x, double y, double* value, double* rate);
/// Sums' two builds, declared for the tests, which compare each with RaoTable::At; the portable
/// one takes scratch `cosine` and `sine` of terms.size values.
void SumsPortable(const Terms& terms, double t, double x, double y, double* value, double* rate,
                  double* cosine, double* sine);
void SumsAvx2(const Terms& terms, double t, double x, double y, double* value, double* rate);

}  // namespace hawser::rao_sum
