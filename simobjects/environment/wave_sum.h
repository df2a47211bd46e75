// The fast wave kinematics (Environment/Ocean WaveKinematics="fast", the default): the sum of
// SeaState's components at many points at once, equal to SeaState::At (the "direct" sum) within
// the bound below.
//
// How: the components' constants as structure-of-arrays terms with the per-term division of the
// direct sum folded in (cosh ratio e + E / e, one division instead of E / e^2 and two products),
// omega t - phi once per call for all points, one pass per point for the phases (a 4-wide sincos
// of the phase reduced by pi/2, within 1e-16 (4 + |psi|): wave_sum_avx2.cpp) and one for the
// depth ratios (SLEEF's 4-wide exp) on a CPU with AVX2 and FMA (portable loops with SLEEF's
// scalar functions otherwise), and a depth cut-off.
//
// Depth cut-off. The terms are sorted by k once. A term's velocity, acceleration and pressure at
// stretched height z' <= 0 are at most 2 e^(k z') times |a omega / (1 - E)|, |a omega^2 /
// (1 - E)| and g a / (1 + E) (since e^(k z') (1 + q) <= 2 e^(k z') in the column), and e^(k z')
// falls with k. At each point the terms from the first m on, with
//   e^(k_m z') max(V_m / V_0, A_m / A_0, P_m / P_0) <= kDepthCutoff,
// (V_m = sum over i >= m of 2 |a_i omega_i / (1 - E_i)|, A_m and P_m alike) are skipped: what
// they would add to the velocity (as a vector), the acceleration or p_d / rho is at most
// kDepthCutoff times V_0, A_0 or P_0, the most the whole sea's sums can be. A spar's lines
// 70-320 m down in a 10-s sea keep a fifth to a half of the components. The elevation (and so
// the stretching and whether a point is wet) always sums every component.
#pragma once

#include <Eigen/Core>
#include <span>
#include <vector>

#include "simobjects/environment/sea_state.h"
#include "simobjects/environment/wave_sum_kernels.h"

namespace hawser::ocean {

/// The bound of the depth cut-off relative to the sea's largest sums (file comment).
inline constexpr double kDepthCutoff = 1e-7;

class FastWaveSum {
 public:
  explicit FastWaveSum(const SeaState& sea);

  /// SeaState::At for each column of `points` into out[i] (out.size() == points.cols()).
  void At(double t, const Eigen::Ref<const Eigen::Matrix3Xd>& points,
          std::span<WaveKinematics> out) const;

  /// V_0, A_0, P_0 of the file comment: the most |velocity| [m/s], |acceleration| [m/s^2] and
  /// p_d / rho [m^2/s^2] the sea can reach; the cut-off's error is kDepthCutoff times these.
  double max_velocity() const { return scale_[0]; }
  double max_acceleration() const { return scale_[1]; }
  double max_pressure() const { return scale_[2]; }
  /// How many terms (those of the smallest k) are summed at stretched height zs [m]: a multiple
  /// of 4 (the padding adds zeros), all of them at zs >= 0.
  std::size_t KeptTerms(double zs) const;

 private:
  double depth_;
  Stretching stretching_;
  std::size_t count_ = 0;  ///< Components (without the padding).
  std::vector<double> kx_, ky_, omega_, phase_, a_, k_, e2kh_, ux_, uy_, uz_, dux_, duy_, duz_, p_;
  std::vector<double> tail_;      ///< max(V_m / V_0, A_m / A_0, P_m / P_0), m = 0 .. count_.
  std::vector<double> log_tail_;  ///< Their logarithms (-inf for 0).
  double scale_[3] = {0.0, 0.0, 0.0};
};

}  // namespace hawser::ocean
