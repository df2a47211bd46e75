// Steady ocean current as a function of depth: a horizontal velocity U(z) (cos beta, sin beta, 0)
// with speed U(z) [m/s] and direction beta(z) the direction the current flows TO, measured from
// +x towards +y [rad] (the convention of the wave components, sea_state.h). z is up with the mean
// water level at z = 0. The current applies at and below z = 0; above it the velocity is zero
// (a node in a wave crest sees the wave kinematics only; stretching the current profile up to
// the instantaneous surface is left to the caller). No wave-current interaction: waves are
// given in the earth frame and their dispersion is not Doppler-shifted.
//
// Profiles:
//   Uniform:   U(z) = U0 for z <= 0 (no seabed: any depth).
//   Power law: U(z) = U0 ((z + h) / h)^alpha for -h <= z <= 0, 0 below the seabed z < -h;
//              alpha = 1/7 by default (DNV-RP-C205 (2010) 4.1.4, tidal current profile).
//   Table:     rows (z_j, U_j, beta_j) from the surface down, z_j strictly decreasing and <= 0;
//              U and beta are interpolated linearly in z between rows, beta along the shorter
//              arc (so 350 deg to 10 deg passes through 0), and held constant above the first
//              row (up to z = 0) and below the last. Interpolating speed and direction, rather
//              than the velocity components, keeps the speed between two rows of equal speed
//              but different direction (an Ekman-like turning profile).
#pragma once

#include <Eigen/Core>
#include <vector>

namespace hawser::ocean {

/// One row of a current table.
struct CurrentTableRow {
  double z = 0.0;          ///< Height, <= 0 (depth below the mean level is -z) [m].
  double speed = 0.0;      ///< U >= 0 [m/s].
  double direction = 0.0;  ///< beta, flows towards, from +x towards +y [rad].
};

class CurrentProfile {
 public:
  /// No current.
  CurrentProfile() = default;
  /// U0 [m/s] >= 0 towards `direction` [rad] at every depth.
  static CurrentProfile Uniform(double speed, double direction);
  /// U0 ((z + h) / h)^alpha with surface speed U0 [m/s], depth h > 0 [m], alpha > 0 [-].
  static CurrentProfile PowerLaw(double surface_speed, double direction, double depth,
                                 double exponent = 1.0 / 7.0);
  /// Linear interpolation in a table; throws std::invalid_argument unless there is at least one
  /// row, z is strictly decreasing and <= 0, speeds are >= 0 and all values finite.
  static CurrentProfile Table(std::vector<CurrentTableRow> rows);

  /// Current velocity at height z [m]: (U cos beta, U sin beta, 0) [m/s]; zero for z > 0.
  Eigen::Vector3d VelocityAt(double z) const;
  /// Speed U(z) [m/s] and direction beta(z) [rad] (beta is the profile's, also where U = 0).
  void SpeedAndDirection(double z, double& speed, double& direction) const;

 private:
  enum class Kind { kUniform, kPowerLaw, kTable };
  Kind kind_ = Kind::kUniform;
  double speed_ = 0.0, direction_ = 0.0, depth_ = 0.0, exponent_ = 0.0;
  /// cos and sin of direction_, taken once: VelocityAt runs per node and evaluation.
  double cos_direction_ = 1.0, sin_direction_ = 0.0;
  std::vector<CurrentTableRow> rows_;
};

}  // namespace hawser::ocean
