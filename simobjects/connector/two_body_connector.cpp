#include "simobjects/connector/two_body_connector.h"

#include <optional>

#include "simobjects/body/rigid_body_math.h"

namespace hawser {

TwoBodyConnector::TwoBodyConnector(ObjectArgs& args) : SimObject(args) {
  for (auto [body, label] : {std::pair{&a_, "A"}, std::pair{&b_, "B"}}) {
    const std::string x = label;
    body->pos = DeclareInput(Vector3Port("Pos" + x, "m", "Origin of body " + x + ", world frame."));
    body->quat = DeclareInput(
        QuaternionPort("Quat" + x, "Orientation of body " + x + " (w,x,y,z), body to world.",
                       kIdentityQuaternion));
    body->vel = DeclareInput(
        Vector3Port("Vel" + x, "m/s", "Velocity of body " + x + "'s origin, world frame.", kZero3));
    body->ang_vel = DeclareInput(Vector3Port(
        "AngVel" + x, "rad/s", "Angular velocity of body " + x + ", world frame.", kZero3));
  }
  force_a_ = DeclareOutput(Vector3Port("ForceA", "N", "Force on body A, world frame."));
  moment_a_ = DeclareOutput(
      Vector3Port("MomentA", "N*m", "Moment on body A about its origin, world frame."));
  force_b_ = DeclareOutput(Vector3Port("ForceB", "N", "Force on body B, world frame."));
  moment_b_ = DeclareOutput(
      Vector3Port("MomentB", "N*m", "Moment on body B about its origin, world frame."));
}

BodyKinematics TwoBodyConnector::Read(const BodyInputs& body) const {
  const auto q = in(body.quat);
  rigid_body::CheckQuaternionInput(q, name() + " (" + type() + ")",
                                   interface().inputs[body.quat.index].spec.name, time());
  BodyKinematics k;
  k.position = in3(body.pos);
  k.rotation = Eigen::Quaterniond(q[0], q[1], q[2], q[3]).normalized().toRotationMatrix();
  k.velocity = in3(body.vel);
  k.angular_velocity = in3(body.ang_vel);
  return k;
}

void TwoBodyConnector::WriteForces(const BodyKinematics& a, const BodyKinematics& b,
                                   const Eigen::Vector3d& point_a, const Eigen::Vector3d& point_b,
                                   const Eigen::Vector3d& force_on_b,
                                   const Eigen::Vector3d& couple_on_b) {
  out3(force_b_) = force_on_b;
  out3(moment_b_) = (point_b - b.position).cross(force_on_b) + couple_on_b;
  out3(force_a_) = -force_on_b;
  out3(moment_a_) = (point_a - a.position).cross(-force_on_b) - couple_on_b;
}

std::pair<Eigen::Vector3d, Eigen::Vector3d> TwoBodyConnector::DeclareAttachmentPoints(
    const std::string& point_a, const std::string& point_b) {
  std::pair<Eigen::Vector3d, Eigen::Vector3d> points;
  for (auto [point, name, body] :
       {std::tuple{&points.first, point_a, "A"}, std::tuple{&points.second, point_b, "B"}}) {
    *point = DeclareParameter<Eigen::VectorXd>(
        {.name = std::string("Point") + body,
         .unit = "m",
         .doc = "Point " + name + ", in body " + body + "'s frame.",
         .fallback = Eigen::Vector3d::Zero(),
         .size = 3});
  }
  return points;
}

FrameOnBody TwoBodyConnector::DeclareFrameOnBody(const std::string& key, const std::string& frame,
                                                 const std::string& body) {
  const Eigen::VectorXd position = DeclareParameter<Eigen::VectorXd>(
      {.name = "Frame" + key + "Position",
       .unit = "m",
       .doc = "Origin of frame " + frame + " in body " + body + "'s frame.",
       .fallback = Eigen::Vector3d::Zero(),
       .size = 3});
  const Eigen::VectorXd quaternion = DeclareParameter<Eigen::VectorXd>(
      {.name = "Frame" + key + "Orientation",
       .unit = "-",
       .doc = "Orientation of frame " + frame + " in body " + body +
              ": unit quaternion w,x,y,z (frame " + frame + " to body " + body + ").",
       .fallback = Eigen::Vector4d(1.0, 0.0, 0.0, 0.0),
       .check = CheckUnitQuaternion,
       .size = 4});
  const std::optional<Eigen::Vector3d> rpy = DeclareRollPitchYawParameter(
      "Frame" + key + "RollPitchYaw",
      "Orientation of frame " + frame + " in body " + body + " (frame " + frame + " to body " +
          body + "), instead of Frame" + key + "Orientation.",
      "Frame" + key + "Orientation");
  FrameOnBody f = MakeFrameOnBody(position, quaternion);
  if (rpy) f.rotation = RollPitchYawToRotation(*rpy);
  return f;
}

std::vector<Input> TwoBodyConnector::KinematicsInputs() const {
  return {a_.pos, a_.quat, a_.vel, a_.ang_vel, b_.pos, b_.quat, b_.vel, b_.ang_vel};
}

}  // namespace hawser
