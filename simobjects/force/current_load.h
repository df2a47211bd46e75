// Force/CurrentLoad: the current load on a hull (flow_load.h) from the ocean's current
// (Environment/Ocean's CurrentProfile at the centre of pressure's depth, zero above z = 0), with
// the water's density; waves are not included (their loads are the RAOs' and drift's). It
// replaces the floater's QuadraticDamping on the relative velocity as the way to model current
// drag (leave QuadraticDamping's surge, sway and yaw at zero when using it).
#pragma once

#include "hawser/ocean.h"
#include "simobjects/force/flow_load.h"

namespace hawser {

class CurrentLoad final : public FlowLoad {
 public:
  explicit CurrentLoad(ObjectArgs& args);

 private:
  Eigen::Vector3d FlowVelocity(double, const Eigen::Vector3d& point) const override {
    return service<Ocean>(ocean_)->Current(point.z());
  }
  double FlowDensity() const override { return service<Ocean>(ocean_)->density(); }

  ServiceUse ocean_;
};

}  // namespace hawser
