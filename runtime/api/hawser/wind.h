// The wind as a service (hawser/service.h), provided by Environment/Wind and used by wind loads
// on bodies (Force/WindLoad): the air's density and the wind velocity at any point and time.
// Part of the public SimObject API.
//
// Frame: world, z up, the mean water level at z = 0. The wind is horizontal and zero at and
// below z = 0.
#pragma once

#include <Eigen/Core>

#include "hawser/service.h"

namespace hawser {

class Wind : public Service {
 public:
  /// The service name objects declare (SimObject::DeclareServiceUse).
  static constexpr const char* kServiceName = "wind";

  /// Air density [kg/m^3].
  virtual double density() const = 0;
  /// The wind velocity [m/s] (world, horizontal) at `point` [m] and time t [s]: the mean
  /// profile at the point's height plus the gust.
  virtual Eigen::Vector3d Velocity(double t, const Eigen::Vector3d& point) const = 0;
};

}  // namespace hawser
