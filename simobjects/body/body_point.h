// Body/Point: a point fixed on a rigid body (a fairlead, a padeye), joining a body to the force
// elements attached there.
//
// With the body's origin p, orientation R (from the unit quaternion q = (w,x,y,z), body ->
// world, as Body/6DBody's Quat), velocity v and angular velocity w (world frame), and the point at
// r_B in body coordinates (parameter Position), r = R r_B:
//   Pos = p + r,   Vel = v + w x r                                   (rigid-body kinematics)
//   BodyForce = F,   BodyMoment = r x F                              (F moved to the origin)
// where F (input Force, world frame) is the sum of the forces applied at the point, e.g. a
// cable's ForceB. BodyForce and BodyMoment are ready to sum into the body's Force and Moment. The
// power balance holds exactly: F . Vel = BodyForce . v + BodyMoment . w.
// Pos and Vel read only the body's motion and BodyForce/BodyMoment only Force and Quat, so a
// cable between the point and the body's states forms no algebraic loop.
#pragma once

#include <Eigen/Dense>

#include "hawser/simobject.h"

namespace hawser {

class BodyPoint final : public SimObject {
 public:
  explicit BodyPoint(ObjectArgs& args);

 private:
  /// r = R r_B [m], world frame.
  Eigen::Vector3d Arm() const;

  Eigen::Vector3d position_body_;
  Input body_pos_, body_quat_, body_vel_, body_ang_vel_, force_;
  Output pos_, vel_, body_force_, body_moment_;
};

}  // namespace hawser
