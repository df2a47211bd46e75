#include "simobjects/body/body_point.h"

#include "simobjects/body/rigid_body_math.h"

namespace hawser {

BodyPoint::BodyPoint(ObjectArgs& args) : SimObject(args) {
  position_body_ = DeclareParameter<Eigen::VectorXd>(
      {.name = "Position",
       .unit = "m",
       .doc = "The point in body coordinates (from the body's origin, body axes).",
       .fallback = Eigen::VectorXd::Zero(3),
       .size = 3});
  body_pos_ = DeclareInput(Vector3Port("BodyPos", "m", "Body origin, world frame."));
  body_quat_ = DeclareInput(
      QuaternionPort("BodyQuat", "Body orientation, unit quaternion w,x,y,z (body -> world).",
                     kIdentityQuaternion));
  body_vel_ = DeclareInput(
      Vector3Port("BodyVel", "m/s", "Velocity of the body origin, world frame.", kZero3));
  body_ang_vel_ = DeclareInput(
      Vector3Port("BodyAngVel", "rad/s", "Angular velocity of the body, world frame.", kZero3));
  force_ = DeclareInput(
      Vector3Port("Force", "N", "Sum of the forces applied at the point, world frame.", kZero3));
  pos_ = DeclareOutput(Vector3Port("Pos", "m", "p + R r_B, world."));
  vel_ = DeclareOutput(Vector3Port("Vel", "m/s", "v + w x R r_B, world."));
  body_force_ = DeclareOutput(Vector3Port("BodyForce", "N", "Force on the body (= Force)."));
  body_moment_ = DeclareOutput(
      Vector3Port("BodyMoment", "N*m", "Moment on the body about its origin, r x Force, world."));
  DeclareCalc({pos_, vel_}, {body_pos_, body_quat_, body_vel_, body_ang_vel_}, [this] {
    const Eigen::Vector3d r = Arm();
    out3(pos_) = in3(body_pos_) + r;
    out3(vel_) = in3(body_vel_) + in3(body_ang_vel_).cross(r);
  });
  DeclareCalc({body_force_, body_moment_}, {force_, body_quat_}, [this] {
    const Eigen::Vector3d f = in3(force_);
    out3(body_force_) = f;
    out3(body_moment_) = Arm().cross(f);
  });
}

Eigen::Vector3d BodyPoint::Arm() const {
  rigid_body::CheckQuaternionInput(in(body_quat_), name() + " (" + type() + ")", "BodyQuat",
                                   time());
  const Eigen::Vector4d q(in(body_quat_)[0], in(body_quat_)[1], in(body_quat_)[2],
                          in(body_quat_)[3]);
  return rigid_body::RotationFromQuat(q) * position_body_;
}

}  // namespace hawser
