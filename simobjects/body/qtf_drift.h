// Second-order slow-drift loads from the full difference-frequency QTF (qtf_table.h), the
// reference that Newman's approximation (newman_drift.h) approximates.
//
// With the sea eta = sum_i a_i cos(psi_i), psi_i = k_i (x cos theta_i + y sin theta_i) -
// omega_i t + phi_i at the body's origin (the phase Newman's path uses), WAMIT's complex
// amplitudes are A_i e^{i omega_i t} = a_i e^{-i psi_i}, so WAMIT's load (qtf_table.h) is
//   F_k(t) = Re sum_i sum_j conj(u_i) T_k(omega_i, omega_j) u_j,   u_i = a_i e^{i psi_i},
// the quadratic form u^H T u: the diagonal gives the mean drift sum_i a_i^2 Re T_k(omega_i,
// omega_i), a pair (i, j) the difference-frequency term 2 a_i a_j |T_ij| cos(psi_j - psi_i +
// arg T_ij) at omega_i - omega_j. With T_ij = sqrt(D_i D_j) this is Newman's sum exactly.
// T is bilinear in (omega_i, omega_j) on the table's grid (frequencies outside it held, as the
// drift table's) and linear in heading (periodic, as rao_table.h); the pair (i, j) takes T at
// component i's heading relative to the body, so a pair of components of different headings
// gets the mean of the unidirectional T at their two headings (the Hermitian parts add).
// `cutoff` > 0 [rad/s] keeps only the pairs with |omega_i - omega_j| <= cutoff (the slow drift
// of a floater with long natural periods; the mean terms are always kept); 0 keeps every pair.
// Cost: the N x N pair matrix (N components, 96 bytes a pair) is interpolated again when the
// body's yaw changes, and each evaluation is O(N^2) (6 complex products a pair).
// The load of a ramped sea (Ocean::WaveRamp r(t)) is r^2 F, as Newman's.
#pragma once

#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include "hawser/ocean.h"
#include "simobjects/body/qtf_table.h"
#include "simobjects/body/wave_response.h"

namespace hawser {

/// The most wave components a full-QTF load sums over: the pair matrix is N^2 x 96 bytes (96 MB
/// at the bound) and an evaluation N^2 x 6 complex products (about 10 ms at the bound).
inline constexpr size_t kMaxQtfComponents = 1000;

class QtfDrift {
 public:
  QtfDrift(QtfTable table, double cutoff) : table_(std::move(table)), cutoff_(cutoff) {}

  /// F(t) (file comment) of the components `waves` (the same at every call, the ocean's) on a
  /// body at (x, y) [m] whose x axis points `heading` [rad] from +x towards +y, in the table's
  /// units times m^2, heading frame; without the ramp.
  Vector6d Sum(std::span<const WaveComponentInfo> waves, double t, double x, double y,
               double heading);

  /// Sum() times the ocean's ramp squared.
  Vector6d Load(const Ocean& ocean, double t, double x, double y, double heading);

 private:
  /// The pair matrix t_ for `waves` at `heading`.
  void Resolve(std::span<const WaveComponentInfo> waves, double heading);

  QtfTable table_;
  double cutoff_ = 0.0;
  const WaveComponentInfo* waves_ = nullptr;  ///< The components t_ was made for.
  size_t count_ = 0;
  double heading_ = 0.0;
  std::vector<RaoTable::Response> t_;  ///< T(omega_i, omega_j) at i's heading: t_[i * N + j].
  std::vector<double> kx_, ky_;        ///< Each component's wave-number vector [rad/m].
};

}  // namespace hawser
