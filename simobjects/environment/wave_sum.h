// The fast wave kinematics (Environment/Ocean WaveKinematics="fast", the default): the sum of
// SeaState's components at many points at once, equal to SeaState::At (the "direct" sum) within
// the bound below.
//
// How: the components' constants as structure-of-arrays terms with the per-term division of the
// direct sum folded in (cosh ratio e + E / e instead of E / e^2 and two products), omega t - phi
// once per call for all points, one pass per point for the phases (a 4-wide sincos of the phase
// reduced by pi/2, within 1e-16 (4 + |psi|): wave_sum_avx2.cpp) and one for the depth ratios
// (e^(k z') and e^(-k z') at once, inline: E / e = E e^(-k z'), no division) on a CPU with AVX2
// and FMA (portable loops with SLEEF's scalar functions otherwise), and a depth cut-off.
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
//
// Phasor cache. exp(i psi) = exp(i k.x) exp(-i tau): the time factors once per call, and
// exp(i k.x) from an anchor near x. The horizontal plane is cut into square cells of side
// 1.4 kMaxRotation / k_max; a point's anchor x_a is its cell's centre, so |x - x_a| <= half the
// diagonal < kMaxRotation / k_max, and exp(i k.x) is exp(i k.x_a) turned by theta = k.(x - x_a),
// |theta| <= kMaxRotation, by Taylor polynomials (wave_sum_kernels.h: their remainder <=
// 2.6e-16). Each cos psi and sin psi is then within 1e-16 (12 + |k.x_a| + |tau|) of the exact
// one (two sincos of the reduced phase as above, the remainder, and six roundings), the same
// size as the direct sum's own rounding of psi. The sines exp(i k.x_a) of each point of a batch
// (the same matrix of points from one caller at every evaluation, e.g. a cable's nodes) are
// kept per thread for the last two cells each point was in (a point swinging across an edge). The
// anchor depends on x alone, so the result is a function of (t, x) to the last bit, whatever was
// evaluated before, on which thread and at which address: the cache decides only how often the
// sines are taken. (An anchor that followed the point, where its sines were last taken, made the
// result depend on the history: a model's right-hand side was then not reproducible bit for bit.)
// At most kPhasorBatches batches of at most kPhasorTerms points x terms each per thread (two cells:
// 64 MiB at most).
#pragma once

#include <Eigen/Core>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "simobjects/environment/sea_state.h"
#include "simobjects/environment/wave_sum_kernels.h"

namespace hawser::ocean {

/// The bound of the depth cut-off relative to the sea's largest sums (file comment).
inline constexpr double kDepthCutoff = 1e-7;
/// The phasor cache's bounds (file comment): batches per thread, points x terms per batch.
inline constexpr std::size_t kPhasorBatches = 16;
inline constexpr std::size_t kPhasorTerms = std::size_t{1} << 17;

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
  std::uint64_t id_;  ///< Unique per sum: the phasor cache's key (never reused).
  double depth_;
  Stretching stretching_;
  double cell_ = 0.0;      ///< The anchor grid's cell side [m] (file comment); 0: no cache.
  std::size_t count_ = 0;  ///< Components (without the padding).
  std::vector<double> kx_, ky_, omega_, phase_, a_, k_, e2kh_, ux_, uy_, uz_, dux_, duy_, duz_, p_;
  std::vector<double> tail_;      ///< max(V_m / V_0, A_m / A_0, P_m / P_0), m = 0 .. count_.
  std::vector<double> log_tail_;  ///< Their logarithms (-inf for 0).
  double scale_[3] = {0.0, 0.0, 0.0};
};

}  // namespace hawser::ocean
