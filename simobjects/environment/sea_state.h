// A sea as a sum of linear (Airy) wave components, and its kinematics at any point and time.
//
// Frame: world x, y horizontal, z up; mean water level z = 0; seabed at z = -h (h = +infinity:
// deep water). A component's direction theta is the direction the waves travel TO, measured from
// +x towards +y [rad]. With wave-number vector k_i (cos theta_i, sin theta_i) and phase
//   psi_i = k_i (x cos theta_i + y sin theta_i) - omega_i t + phi_i,
// linear theory (Newman 1977 section 6.2; Faltinsen 1990 "Sea loads on ships and offshore
// structures" table 2.1; DNV-RP-C205 (2010) table 3-1) gives, summed over components:
//   elevation        eta  = a cos(psi)
//   potential        phi  = (g a / omega) cosh(k (z + h)) / cosh(k h) sin(psi)
//   velocity         u, v = omega a cosh(k (z + h)) / sinh(k h) cos(psi) (cos theta, sin theta)
//                    w    = omega a sinh(k (z + h)) / sinh(k h) sin(psi)
//   acceleration     du/dt, dv/dt = omega^2 a cosh(k (z + h)) / sinh(k h) sin(psi) (cos, sin)
//   (local, d/dt)    dw/dt = -omega^2 a sinh(k (z + h)) / sinh(k h) cos(psi)
//   dynamic pressure p_d / rho = -d phi / dt = g a cosh(k (z + h)) / cosh(k h) cos(psi)
// and in deep water every depth ratio above becomes exp(k z). The ratios are evaluated as
//   cosh(k s) / sinh(k h) = e^(k z) (1 + q) / (1 - e^(-2 k h)),  q = e^(-2 k s),  s = z + h,
// (and likewise sinh with 1 - q, cosh(k h) with 1 + e^(-2 k h)), whose exponentials are all <= 1
// in the water column, so they never overflow however large k h is. Acceleration is the local
// (Eulerian) derivative at a fixed point; the convective term u . grad u is second order in wave
// steepness and is left out, as linear theory does.
//
// Above the mean level (and, for Wheeler, everywhere in the column) the kinematics are stretched:
// they are evaluated at z' instead of z, and are zero at points above the instantaneous surface
// (z > eta; `submerged` is then false). Choices (see Stretching):
//   Wheeler (1970, "Method for calculating forces produced by irregular waves", J. Petroleum
//   Technology 22(3)), the default: z' = h (z - eta) / (h + eta) (deep water: z' = z - eta), so
//   that [-h, eta] maps onto [-h, 0]: the surface gets the linear-theory values at z = 0.
//   Vertical extrapolation: z' = min(z, 0): constant from the mean level up to the crest.
//   None: z' = z up to the crest (linear theory extrapolated; exaggerates crest kinematics).
// Under stretching the acceleration is linear theory's d/dt at z' (the time dependence of z'
// through eta is neglected, as usual; it is second order in steepness). Points below the seabed
// (z < -h) get the seabed's kinematics.
#pragma once

#include <Eigen/Core>
#include <span>
#include <vector>

#include "simobjects/environment/dispersion.h"

namespace hawser::ocean {

/// One linear wave component; see the file comment for the formulas.
struct WaveComponent {
  double amplitude = 0.0;    ///< a [m] (half the wave height).
  double omega = 0.0;        ///< Angular frequency [rad/s].
  double wave_number = 0.0;  ///< k [rad/m], from WaveNumber(omega, depth, g).
  double direction = 0.0;    ///< theta: travels towards, from +x towards +y [rad].
  double phase = 0.0;        ///< phi [rad].
};

/// How kinematics are evaluated above the mean water level (file comment).
enum class Stretching { kWheeler, kVerticalExtrapolation, kNone };

/// Wave kinematics at one point and time.
struct WaveKinematics {
  double elevation = 0.0;                                  ///< eta at (x, y) [m].
  Eigen::Vector3d velocity = Eigen::Vector3d::Zero();      ///< Water velocity [m/s].
  Eigen::Vector3d acceleration = Eigen::Vector3d::Zero();  ///< Local du/dt [m/s^2].
  double dynamic_pressure = 0.0;  ///< p_d / rho [m^2/s^2] (multiply by density for Pa).
  bool submerged = false;         ///< z <= eta; otherwise the kinematics above are zero.
};

/// A regular Airy wave of height H [m] (= 2 a), period T [s], direction [rad] and phase [rad] in
/// depth h [m]: the component eta = (H / 2) cos(k (x cos theta + y sin theta) - 2 pi t / T + phi).
WaveComponent RegularWave(double height, double period, double direction, double phase,
                          double depth, double gravity = kDefaultGravity);

/// The height z' [m] at which linear theory is evaluated for a point at height z [m] under the
/// surface eta [m] (file comment): z clamped to the seabed, then stretched.
double StretchedHeight(double z, double eta, double depth, Stretching stretching);

/// A fixed set of components with its per-component constants computed once.
class SeaState {
 public:
  /// Throws std::invalid_argument for a bad depth or gravity, a negative amplitude or omega, or a
  /// wave number that does not satisfy the dispersion relation to 1e-9.
  SeaState(std::vector<WaveComponent> components, double depth, double gravity = kDefaultGravity,
           Stretching stretching = Stretching::kWheeler);

  /// eta(t, x, y) [m]: one cosine per component.
  double Elevation(double t, double x, double y) const;
  /// Kinematics at point p = (x, y, z) [m] and time t [s]: one sine/cosine pair and one
  /// exponential per component.
  WaveKinematics At(double t, const Eigen::Vector3d& p) const;
  /// At() for each column of `points` into out[i]; out.size() must equal points.cols().
  void At(double t, const Eigen::Ref<const Eigen::Matrix3Xd>& points,
          std::span<WaveKinematics> out) const;

  /// Sum of a_i^2 / 2: the variance of eta [m^2].
  double Variance() const;
  const std::vector<WaveComponent>& components() const { return components_; }
  double depth() const { return depth_; }
  double gravity() const { return gravity_; }
  Stretching stretching() const { return stretching_; }

 private:
  // Per-component constants of the kinematics formulas (file comment).
  struct Term {
    double kx, ky, omega, phase;  // psi = kx x + ky y - omega t + phase
    double k, a;
    double u_x, u_y, w;  // a omega (cos theta, sin theta) / (1 - E), a omega / (1 - E)
    double p;            // g a / (1 + E)
    double e2kh;         // E = exp(-2 k h); 0 in deep water or for k h > 300
  };
  void Evaluate(double t, const Eigen::Vector3d& p, std::vector<double>& scratch,
                WaveKinematics& out) const;

  std::vector<WaveComponent> components_;
  std::vector<Term> terms_;
  double depth_, gravity_;
  Stretching stretching_;
};

}  // namespace hawser::ocean
