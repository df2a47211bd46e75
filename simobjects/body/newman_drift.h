// Second-order slow-drift loads by Newman's approximation (Newman 1974, "Second-order,
// slowly-varying forces on vessels in irregular waves", Proc. Int. Symp. Dynamics of Marine
// Vehicles and Structures in Waves, London) from the mean drift coefficients D (drift_table.h).
//
// With the sea eta = sum_i a_i cos(psi_i), psi_i = k_i (x cos theta_i + y sin theta_i) -
// omega_i t + phi_i at the body's origin, the difference-frequency load is
//   F(t) = sum_i sum_j a_i a_j T_ij cos(psi_i - psi_j),
// and Newman approximates the off-diagonal QTF by the diagonal: T_ij = sqrt(D_i D_j), D_i =
// D(omega_i, beta_i) at component i's heading relative to the body. A pair whose D have opposite
// signs gets T_ij = 0 (the real part of the complex root), and a pair of negative D gets
// -sqrt(|D_i D_j|). With c_i = a_i sqrt(|D_i|) the double sum is then the difference of two
// squared moduli of single sums,
//   F(t) = |sum_{D_i > 0} c_i e^{i psi_i}|^2 - |sum_{D_i < 0} c_i e^{i psi_i}|^2,
// since |sum c_i e^{i psi_i}|^2 = sum_ij c_i c_j cos(psi_i - psi_j) exactly. This is O(N) per
// evaluation instead of O(N^2), and has no sum-frequency part (unlike squaring sum c_i cos psi_i).
// In a regular wave (one component) F = D a^2, the mean drift. In an irregular sea the mean is
// sum_i D_i a_i^2 = 2 int S(omega) D(omega) d omega.
// The slow-drift load of a ramped sea (Ocean::WaveRamp r(t)) is r^2 F: the second-order load of
// the ramped first-order sea.
#pragma once

#include <span>

#include "hawser/ocean.h"
#include "simobjects/body/rao_table.h"
#include "simobjects/body/wave_response.h"

namespace hawser {

/// F(t) (file comment) for the components `waves` with drift coefficients `d` (d.h[i] is
/// component i's D, real parts used; d.kx, d.ky its wave-number vector) at (x, y) [m] and time t
/// [s]: six loads in the drift table's units times m^2 (N, N*m), heading frame.
Vector6d NewmanDriftSum(std::span<const WaveComponentInfo> waves, const RaoTable::Components& d,
                        double t, double x, double y);

/// The slow-drift load on a body whose origin is at (x, y) [m] and whose x axis points `heading`
/// [rad] from +x towards +y, in the ocean's waves (times the ramp squared), heading frame.
Vector6d NewmanDrift(const RaoTable& drift, const Ocean& ocean, double t, double x, double y,
                     double heading);

}  // namespace hawser
