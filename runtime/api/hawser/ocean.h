// The ocean environment as a service (hawser/service.h), provided by Environment/Ocean and used
// by cables, buoys and bodies: depth, density, gravity, and the water's motion from waves and
// current at any point and time. Part of the public SimObject API.
//
// Frame: world, z up, the mean water level at z = 0, the seabed at z = -depth. Waves follow
// linear theory unless the provider documents more; the water does not move above the free
// surface.
#pragma once

#include <Eigen/Dense>
#include <span>

#include "hawser/service.h"

namespace hawser {

/// The water's motion at a point: waves plus current, world frame.
struct WaterMotion {
  Eigen::Vector3d velocity = Eigen::Vector3d::Zero();      ///< [m/s]
  Eigen::Vector3d acceleration = Eigen::Vector3d::Zero();  ///< Local (Eulerian) d/dt [m/s^2]
  bool wet = false;  ///< Whether the point is below the free surface.
};

/// One linear (Airy) component of the sea: its elevation is
///   eta_i(t, x, y) = amplitude cos(wave_number (x cos direction + y sin direction) - omega t +
///   phase).
/// The sea is the sum of its components. Bodies driven by response amplitude operators (RAOs)
/// read them to apply each component's response.
struct WaveComponentInfo {
  double amplitude = 0.0;    ///< a [m] (half the wave height).
  double omega = 0.0;        ///< Angular frequency [rad/s].
  double wave_number = 0.0;  ///< k [rad/m], finite-depth dispersion.
  double direction = 0.0;    ///< Travels towards, from +x towards +y [rad].
  double phase = 0.0;        ///< [rad].
};

class Ocean : public Service {
 public:
  /// The service name objects declare (SimObject::DeclareServiceUse).
  static constexpr const char* kServiceName = "ocean";

  /// Water depth h [m] (seabed at z = -h); infinity for deep water everywhere.
  virtual double depth() const = 0;
  /// Water density [kg/m^3].
  virtual double density() const = 0;
  /// Gravitational acceleration g [m/s^2] > 0, acting along -z.
  virtual double gravity() const = 0;
  /// Free-surface elevation eta [m] above z = 0 at (x, y) and time t [s].
  virtual double Elevation(double t, double x, double y) const = 0;
  /// The water's velocity and acceleration at `point` and time t; zero above the free surface.
  virtual WaterMotion Motion(double t, const Eigen::Vector3d& point) const = 0;
  /// Motion() at each column of `points` (world, [m]) into out[i], out.size() == points.cols():
  /// one call for all of a line's nodes, so that the provider can share the per-time work and
  /// allocate nothing per point.
  virtual void Motion(double t, const Eigen::Ref<const Eigen::Matrix3Xd>& points,
                      std::span<WaterMotion> out) const = 0;
  /// The steady current alone at height z [m] (world, horizontal); zero above z = 0.
  virtual Eigen::Vector3d Current(double z) const = 0;
  /// The sea's wave components (empty for still water), fixed for the whole run. The sea at
  /// time t is WaveRamp(t) times their sum.
  virtual std::span<const WaveComponentInfo> WaveComponents() const = 0;
  /// The factor r(t) in [0, 1] that ramps the waves in at the start of a run (1 without a ramp),
  /// and its rate dr/dt [1/s] in `rate` when given. Elevation() and Motion() include it.
  virtual double WaveRamp(double t, double* rate = nullptr) const = 0;
};

}  // namespace hawser
