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
  body_pos_ = DeclareInput({.name = "BodyPos",
                            .width = 3,
                            .unit = "m",
                            .doc = "Body origin, world frame.",
                            .dims = {XyzDimension()}});
  body_quat_ = DeclareInput({.name = "BodyQuat",
                             .width = 4,
                             .unit = "-",
                             .doc = "Body orientation, unit quaternion w,x,y,z (body -> world).",
                             .fallback = std::vector<double>{1.0, 0.0, 0.0, 0.0},
                             .dims = {QuatDimension()}});
  body_vel_ = DeclareInput({.name = "BodyVel",
                            .width = 3,
                            .unit = "m/s",
                            .doc = "Velocity of the body origin, world frame.",
                            .fallback = std::vector<double>{0.0, 0.0, 0.0},
                            .dims = {XyzDimension()}});
  body_ang_vel_ = DeclareInput({.name = "BodyAngVel",
                                .width = 3,
                                .unit = "rad/s",
                                .doc = "Angular velocity of the body, world frame.",
                                .fallback = std::vector<double>{0.0, 0.0, 0.0},
                                .dims = {XyzDimension()}});
  force_ = DeclareInput({.name = "Force",
                         .width = 3,
                         .unit = "N",
                         .doc = "Sum of the forces applied at the point, world frame.",
                         .fallback = std::vector<double>{0.0, 0.0, 0.0},
                         .dims = {XyzDimension()}});
  pos_ = DeclareOutput({.name = "Pos",
                        .width = 3,
                        .unit = "m",
                        .doc = "p + R r_B, world.",
                        .dims = {XyzDimension()}});
  vel_ = DeclareOutput({.name = "Vel",
                        .width = 3,
                        .unit = "m/s",
                        .doc = "v + w x R r_B, world.",
                        .dims = {XyzDimension()}});
  body_force_ = DeclareOutput({.name = "BodyForce",
                               .width = 3,
                               .unit = "N",
                               .doc = "Force on the body (= Force).",
                               .dims = {XyzDimension()}});
  body_moment_ = DeclareOutput({.name = "BodyMoment",
                                .width = 3,
                                .unit = "N*m",
                                .doc = "Moment on the body about its origin, r x Force, world.",
                                .dims = {XyzDimension()}});
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
