// The wave grid's samples as stored (wave_grid.h): shared by wave_grid.cpp, which interpolates
// them, and wave_grid_samples.cpp, which computes them and bounds the interpolation's error.
#pragma once

#include <cstddef>

#include "simobjects/environment/wave_grid.h"

namespace hawser::ocean::grid_layout {

// The 13 sampled quantities: each of the 8 interpolated ones with its time derivative, those
// proportional to cos(psi) (kU .. kP) and to sin(psi) (kW .. kPRate) together (Fill's products;
// sea_state.h's formulas and their d/dt).
inline constexpr int kQuantities = 13;
inline constexpr std::size_t kSamples = kGridChunk + 1;
enum : int { kEta, kEtaRate, kU, kV, kAz, kAxRate, kAyRate, kP, kW, kAx, kAy, kAzRate, kPRate };
// The quantities that multiply cos(psi) and sin(psi), each list beginning with eta's.
inline constexpr int kCosRows[7] = {kEta, kU, kV, kAz, kAxRate, kAyRate, kP};
inline constexpr int kSinRows[6] = {kEtaRate, kW, kAx, kAy, kAzRate, kPRate};
// As stored, per sample: the 8 interpolated quantities (eta, u, v, w, ax, ay, az, p_d / rho),
// then their 8 time derivatives (the accelerations twice), so that the Hermite sums run over 8
// contiguous values (wave_grid_sums.cpp), and a sample is 128 bytes.
inline constexpr int kStride = 16;
inline constexpr int kStored[kStride] = {kEta,    kU,      kV,       kW,    kAx, kAy,
                                         kAz,     kP,      kEtaRate, kAx,   kAy, kAz,
                                         kAxRate, kAyRate, kAzRate,  kPRate};
inline constexpr std::size_t kHalf = std::size_t{kStride} * kSamples;  // Doubles per chunk.

}  // namespace hawser::ocean::grid_layout
