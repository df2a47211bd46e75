#include "simobjects/body/body_6d.h"

#include <cmath>

#include "simobjects/body/rigid_body_math.h"

namespace hawser {

Body6D::Body6D(ObjectArgs& args)
    : RigidBodyObject(args,
                      {.mass = "Mass m.",
                       .inertia_about = "the centre of mass",
                       .force = "Total external force, world frame (gravity is added).",
                       .moment = "Total external moment about the centre of mass, world frame.",
                       .pos = "Centre of mass, world frame.",
                       .vel = "Velocity of the centre of mass, world.",
                       .pos_output = "Position (state)."}) {
  gravity_ = DeclareParameter<Eigen::VectorXd>({.name = "Gravity",
                                                .unit = "m/s^2",
                                                .doc = "Gravitational acceleration g, world frame.",
                                                .fallback = Eigen::Vector3d(0.0, 0.0, -9.81),
                                                .size = 3});
  DeclareIgnoredParameter("Material", "Visual only (FhSim); ignored.");
  DeclareIgnoredParameter("Mesh", "Visual only (FhSim); ignored.");
  DeclareIgnoredParameter("Scale", "Visual only (FhSim); ignored.");
  if (!describing()) inertia_inverse_ = inertia_.inverse();
  DeclareMotion();
  kinetic_energy_ = DeclareOutput({.name = "KineticEnergy",
                                   .width = 1,
                                   .unit = "J",
                                   .doc = "m |Vel|^2 / 2 + omega_b . I omega_b / 2."});
  potential_energy_ = DeclareOutput({.name = "PotentialEnergy",
                                     .width = 1,
                                     .unit = "J",
                                     .doc = "Gravitational energy -m g . Pos (0 at the origin)."});
  angular_momentum_ = DeclareOutput(Vector3Port(
      "AngularMomentum", "kg*m^2/s", "R I omega_b, about the centre of mass, world frame."));
  DeclareCalc({quat_out_, kinetic_energy_, potential_energy_, angular_momentum_}, {},
              [this] { CalcQuatAndEnergy(); });
}

void Body6D::CalcQuatAndEnergy() {
  const Eigen::Vector4d q = QuatState();
  Eigen::Map<Eigen::Vector4d>(out(quat_out_).data()) = q.normalized();
  const Eigen::Matrix3d rotation = rigid_body::RotationFromQuat(q);
  const Eigen::Vector3d omega_body = rotation.transpose() * state3(ang_vel_);
  out(kinetic_energy_)[0] =
      0.5 * mass_ * state3(vel_).squaredNorm() + 0.5 * omega_body.dot(inertia_ * omega_body);
  out(potential_energy_)[0] = -mass_ * gravity_.dot(state3(pos_));
  out3(angular_momentum_) = rotation * (inertia_ * omega_body);
}

void Body6D::CalcDerivatives() {
  const Eigen::Vector4d q = QuatState();
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
