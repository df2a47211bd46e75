#include "simobjects/math/roll_pitch_yaw_to_quat.h"

#include <numbers>

#include "hawser/roll_pitch_yaw.h"

namespace hawser {

RollPitchYawToQuat::RollPitchYawToQuat(ObjectArgs& args) : SimObject(args) {
  const std::string unit = DeclareParameter<std::string>(
      {.name = "Unit",
       .unit = "-",
       .doc = "Unit of RollPitchYaw: deg or rad.",
       .fallback = "deg",
       .check = [](const std::string& u) { return u == "deg" || u == "rad" ? "" : "deg or rad"; }});
  to_radians_ = unit == "deg" ? kDegree : 1.0;
  rpy_ = DeclareInput({.name = "RollPitchYaw",
                       .width = 3,
                       .unit = unit,
                       .doc = "Roll, pitch, yaw: R = Rz(yaw) Ry(pitch) Rx(roll), in Unit.",
                       .dims = {RollPitchYawDimension()}});
  quat_ = DeclareOutput(QuaternionPort("Quat", "Unit quaternion (w,x,y,z) of R, w >= 0."));
  DeclareCalc({quat_}, {rpy_}, [this] {
    const Eigen::Vector4d q = RollPitchYawToQuaternion(to_radians_ * in3(rpy_));
    for (int i = 0; i < 4; ++i) out(quat_)[i] = q[i];
  });
}

}  // namespace hawser
