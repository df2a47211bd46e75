// Math/RollPitchYawToQuat: roll, pitch, yaw signals to the unit quaternion of the same rotation,
// so that an attitude given as angles (a table, a sine, a vessel's RollPitchYaw) can drive the
// Quat inputs of connectors and points.
//
//   Quat = (w, x, y, z) of R = Rz(yaw) Ry(pitch) Rx(roll)     (hawser/roll_pitch_yaw.h)
//
// Drake's roll-pitch-yaw convention (space-fixed x-y-z), with w >= 0. `Unit` says whether the
// input is in degrees (the default, as Body/FloatingBody's RollPitchYaw output) or radians. Quat
// depends directly on RollPitchYaw.
#pragma once

#include "hawser/simobject.h"

namespace hawser {

class RollPitchYawToQuat final : public SimObject {
 public:
  explicit RollPitchYawToQuat(ObjectArgs& args);

 private:
  double to_radians_ = 1.0;
  Input rpy_;
  Output quat_;
};

}  // namespace hawser
