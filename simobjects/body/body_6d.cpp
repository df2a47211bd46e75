#include "simobjects/body/body_6d.h"

#include <cmath>

#include "hawser/text.h"
#include "simobjects/body/rigid_body_math.h"

namespace hawser {

namespace {

/// Where the parameter `name` was written (its attribute's line), else the <Lib> element.
SourceLocation ParamLocation(const ObjectArgs& args, const std::string& name) {
  auto it = args.values.find(name);
  return it == args.values.end() ? args.loc : it->second.second;
}

Eigen::Vector4d ToVector4(std::span<const double> v) { return {v[0], v[1], v[2], v[3]}; }

}  // namespace

Body6D::Body6D(ObjectArgs& args) : SimObject(args) {
  mass_ = DeclareParameter<double>(
      {.name = "Mass", .unit = "kg", .doc = "Mass m.", .check = Positive()});
  const Eigen::VectorXd moments = DeclareParameter<Eigen::VectorXd>(
      {.name = "Inertia",
       .unit = "kg*m^2",
       .doc = "Moments of inertia Ixx,Iyy,Izz about the centre of mass, body frame.",
       .size = 3});
  const Eigen::VectorXd products = DeclareParameter<Eigen::VectorXd>(
      {.name = "InertiaProducts",
       .unit = "kg*m^2",
       .doc = "Off-diagonal tensor elements Ixy,Ixz,Iyz (= -integral x y dm etc.), body frame.",
       .fallback = Eigen::Vector3d::Zero(),
       .size = 3});
  gravity_ = DeclareParameter<Eigen::VectorXd>({.name = "Gravity",
                                                .unit = "m/s^2",
                                                .doc = "Gravitational acceleration g, world frame.",
                                                .fallback = Eigen::Vector3d(0.0, 0.0, -9.81),
                                                .size = 3});
  DeclareIgnoredParameter("Material", "Visual only (FhSim); ignored.");
  DeclareIgnoredParameter("Mesh", "Visual only (FhSim); ignored.");
  DeclareIgnoredParameter("Scale", "Visual only (FhSim); ignored.");
  if (!describing()) {  // When describing, the required Inertia is empty.
    inertia_ = rigid_body::InertiaTensor(moments, products);
    if (const std::string problem = rigid_body::CheckInertia(inertia_); !problem.empty()) {
      const auto products_text = args.values.find("InertiaProducts");
      throw ScenarioError(
          ParamLocation(args, "Inertia"),
          name() + ": parameter 'Inertia' = '" + Excerpt(args.values.at("Inertia").first) +
              "' with InertiaProducts = '" +
              (products_text == args.values.end() ? "0,0,0"
                                                  : Excerpt(products_text->second.first)) +
              "' is invalid: " + problem +
              "; expected the inertia of a real body (principal moments positive, each at most "
              "the sum of the other two)");
    }
    inertia_inverse_ = inertia_.inverse();
  }

  force_ = DeclareInput({.name = "Force",
                         .width = 3,
                         .unit = "N",
                         .doc = "Total external force, world frame (gravity is added).",
                         .fallback = std::vector<double>{0.0, 0.0, 0.0}});
  moment_ = DeclareInput({.name = "Moment",
                          .width = 3,
                          .unit = "N*m",
                          .doc = "Total external moment about the centre of mass, world frame.",
                          .fallback = std::vector<double>{0.0, 0.0, 0.0}});
  pos_ =
      DeclareState({.name = "Pos", .width = 3, .unit = "m", .doc = "Centre of mass, world frame."});
  quat_ = DeclareState({.name = "Quat",
                        .width = 4,
                        .unit = "-",
                        .doc = "Orientation (w,x,y,z), body to world.",
                        .initial = {1.0, 0.0, 0.0, 0.0},
                        .check = rigid_body::CheckUnitQuaternionState});
  vel_ = DeclareState(
      {.name = "Vel", .width = 3, .unit = "m/s", .doc = "Velocity of the centre of mass, world."});
  ang_vel_ = DeclareState(
      {.name = "AngVel", .width = 3, .unit = "rad/s", .doc = "Angular velocity, world frame."});
  DeclareOutputFromState({.name = "Pos", .width = 3, .unit = "m", .doc = "Position (state)."},
                         pos_);
  quat_out_ = DeclareOutput({.name = "Quat",
                             .width = 4,
                             .unit = "-",
                             .doc = "Orientation (w,x,y,z), body to world, normalised."});
  DeclareOutputFromState({.name = "Vel", .width = 3, .unit = "m/s", .doc = "Velocity (state)."},
                         vel_);
  DeclareOutputFromState(
      {.name = "AngVel", .width = 3, .unit = "rad/s", .doc = "Angular velocity, world (state)."},
      ang_vel_);
  kinetic_energy_ = DeclareOutput({.name = "KineticEnergy",
                                   .width = 1,
                                   .unit = "J",
                                   .doc = "m |Vel|^2 / 2 + omega_b . I omega_b / 2."});
  potential_energy_ = DeclareOutput({.name = "PotentialEnergy",
                                     .width = 1,
                                     .unit = "J",
                                     .doc = "Gravitational energy -m g . Pos (0 at the origin)."});
  angular_momentum_ = DeclareOutput({.name = "AngularMomentum",
                                     .width = 3,
                                     .unit = "kg*m^2/s",
                                     .doc = "R I omega_b, about the centre of mass, world frame."});
  DeclareCalc({quat_out_, kinetic_energy_, potential_energy_, angular_momentum_}, {},
              [this] { CalcQuatAndEnergy(); });
}

void Body6D::CalcQuatAndEnergy() {
  const Eigen::Vector4d q = ToVector4(state(quat_));
  Eigen::Map<Eigen::Vector4d>(out(quat_out_).data()) = q.normalized();
  const Eigen::Matrix3d rotation = rigid_body::RotationFromQuat(q);
  const Eigen::Vector3d omega_body = rotation.transpose() * state3(ang_vel_);
  out(kinetic_energy_)[0] =
      0.5 * mass_ * state3(vel_).squaredNorm() + 0.5 * omega_body.dot(inertia_ * omega_body);
  out(potential_energy_)[0] = -mass_ * gravity_.dot(state3(pos_));
  out3(angular_momentum_) = rotation * (inertia_ * omega_body);
}

void Body6D::CalcDerivatives() {
  const Eigen::Vector4d q = ToVector4(state(quat_));
  const Eigen::Matrix3d rotation = rigid_body::RotationFromQuat(q);
  const Eigen::Vector3d omega_body = rotation.transpose() * state3(ang_vel_);
  const Eigen::Vector3d moment_body = rotation.transpose() * in3(moment_);
  derivative3(pos_) = state3(vel_);
  derivative3(vel_) = in3(force_) / mass_ + gravity_;
  derivative3(ang_vel_) = rotation * rigid_body::AngularAcceleration(inertia_, inertia_inverse_,
                                                                     omega_body, moment_body);
  Eigen::Map<Eigen::Vector4d>(derivative(quat_).data()) =
      rigid_body::QuatRate(q, omega_body, kQuatStabilisation);
}

}  // namespace hawser
