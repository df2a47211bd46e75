// Environment/WaveProbe: what the ocean (an Environment/Ocean in the scenario) does at a fixed
// point, for logging and for driving other blocks: the free-surface elevation above the point's
// (x, y), and the water's velocity and acceleration (waves and current) at the point itself
// (zero when it is above the free surface).
#pragma once

#include <Eigen/Dense>

#include "hawser/ocean.h"
#include "hawser/simobject.h"

namespace hawser {

class WaveProbe final : public SimObject {
 public:
  explicit WaveProbe(ObjectArgs& args);
  /// Refuses a Position below the ocean's seabed (ocean_agreement.h).
  void Initialize() override;

 private:
  Eigen::Vector3d position_;
  SourceLocation position_at_;  ///< Position's line (the <Lib>'s when not given).
  ServiceUse ocean_;
  Output elevation_, velocity_, acceleration_;
};

}  // namespace hawser
