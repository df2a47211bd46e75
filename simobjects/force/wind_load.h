// Force/WindLoad: the wind load on a hull or a structure above the water (flow_load.h) from the
// scenario's Environment/Wind (hawser/wind.h), with the air's density.
#pragma once

#include "hawser/wind.h"
#include "simobjects/force/flow_load.h"

namespace hawser {

class WindLoad final : public FlowLoad {
 public:
  explicit WindLoad(ObjectArgs& args);

 private:
  Eigen::Vector3d FlowVelocity(double t, const Eigen::Vector3d& point) const override {
    return service<Wind>(wind_)->Velocity(t, point);
  }
  double FlowDensity() const override { return service<Wind>(wind_)->density(); }

  ServiceUse wind_;
};

}  // namespace hawser
