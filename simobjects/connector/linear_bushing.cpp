#include "simobjects/connector/linear_bushing.h"

#include <cmath>
#include <numbers>

#include "hawser/text.h"

namespace hawser {

namespace {
/// A 6-vector parameter (zeros while only describing the type, when a required one is absent).
Eigen::Matrix<double, 6, 1> Six(const Eigen::VectorXd& v) {
  return v.size() == 6 ? Eigen::Matrix<double, 6, 1>(v) : Eigen::Matrix<double, 6, 1>::Zero();
}
}  // namespace

LinearBushing::LinearBushing(ObjectArgs& args) : TwoBodyConnector(args) {
  frame_f_ = DeclareFrameOnBody("A", "F", "A");
  frame_m_ = DeclareFrameOnBody("B", "M", "B");
  stiffness_ = Six(DeclareParameter<Eigen::VectorXd>(
      {.name = "Stiffness",
       .unit = "N*m/rad,N/m",
       .doc = "k: 3 rotational (qx,qy,qz) then 3 translational (px,py,pz) stiffnesses, >= 0.",
       .check = CheckNonNegative,
       .size = 6}));
  damping_ = Six(DeclareParameter<Eigen::VectorXd>(
      {.name = "Damping",
       .unit = "N*m*s/rad,N*s/m",
       .doc = "c: 3 rotational then 3 translational damping coefficients, >= 0.",
       .fallback = Eigen::VectorXd::Zero(6),
       .check = CheckNonNegative,
       .size = 6}));
  q_ = DeclareOutput({.name = "q",
                      .width = 6,
                      .unit = "rad,m",
                      .doc = "Body-fixed x-y-z angles of M in F, then p_FM expressed in F.",
                      .dims = {{"rpy_xyz", 6, {"roll", "pitch", "yaw", "x", "y", "z"}}}});
  qdot_ = DeclareOutput({.name = "qdot",
                         .width = 6,
                         .unit = "rad/s,m/s",
                         .doc = "Time derivatives of q (in F).",
                         .dims = {{"rpy_xyz", 6, {"roll", "pitch", "yaw", "x", "y", "z"}}}});
  f_ = DeclareOutput({.name = "f",
                      .width = 6,
                      .unit = "N*m,N",
                      .doc = "Generalized forces on body B: -(k_i q_i + c_i qdot_i).",
                      .dims = {{"rpy_xyz", 6, {"roll", "pitch", "yaw", "x", "y", "z"}}}});
  spatial_f_ = DeclareOutput({.name = "SpatialForceFonF",
                              .width = 6,
                              .unit = "N*m,N",
                              .doc = "Moment about F's origin, then force, on frame F (body A), "
                                     "expressed in F (Drake's F_A_A).",
                              .dims = {{"spatial", 6, {"mx", "my", "mz", "fx", "fy", "fz"}}}});
  spatial_m_ = DeclareOutput({.name = "SpatialForceMonM",
                              .width = 6,
                              .unit = "N*m,N",
                              .doc = "Moment about M's origin, then force, on frame M (body B), "
                                     "expressed in M (Drake's F_C_C).",
                              .dims = {{"spatial", 6, {"mx", "my", "mz", "fx", "fy", "fz"}}}});
  potential_energy_ = DeclareOutput(
      {.name = "PotentialEnergy", .width = 1, .unit = "J", .doc = "sum k_i q_i^2 / 2."});
  dissipated_power_ = DeclareOutput(
      {.name = "DissipatedPower", .width = 1, .unit = "W", .doc = "sum c_i qdot_i^2 (>= 0)."});
  dissipated_energy_ = DeclareState(DissipatedEnergyState("Time integral of DissipatedPower."));
  DeclareCalc({q_, qdot_, f_, spatial_f_, spatial_m_, potential_energy_, dissipated_power_,
               force_a_, moment_a_, force_b_, moment_b_},
              KinematicsInputs(), [this] { Calc(); });
}

void LinearBushing::Calc() {
  const BodyKinematics a = Read(a_), b = Read(b_);
  const Eigen::Matrix3d r_gf = a.rotation * frame_f_.rotation;
  const Eigen::Matrix3d r_gm = b.rotation * frame_m_.rotation;
  const Eigen::Vector3d p_gf = a.PointPosition(frame_f_.position);
  const Eigen::Vector3d p_gm = b.PointPosition(frame_m_.position);
  const Eigen::Vector3d p_fm_g = p_gm - p_gf;

  Eigen::Matrix<double, 6, 1> q, qdot;
  q.head<3>() = RotationToBodyXyz(r_gf.transpose() * r_gm);
  q.tail<3>() = r_gf.transpose() * p_fm_g;
  if (std::abs(std::cos(q[1])) < kGimbalLockCosTolerance) {
    throw SimulationError(
        name() + " (Connector/LinearBushing) at t = " + NumberText(time()) +
        ": the middle x-y-z Euler angle qy = " + NumberText(q[1] * 180.0 / std::numbers::pi, 6) +
        " deg is within " +
        NumberText(90.0 - std::acos(kGimbalLockCosTolerance) * 180.0 / std::numbers::pi, 3) +
        " deg of the singular +-90 deg (|cos qy| < " + NumberText(kGimbalLockCosTolerance) +
        "), where the angle rates and torques are unbounded; keep the rotation of frame M about "
        "frame F's y axis well below 90 deg (align the frames or stiffen k[1])");
  }
  // Velocity of M in F, derivative taken in F: remove F's rotation from the world derivative.
  const Eigen::Vector3d w_fm_g = b.angular_velocity - a.angular_velocity;
  const Eigen::Vector3d v_fm_g = b.PointVelocity(frame_m_.position) -
                                 a.PointVelocity(frame_f_.position) -
                                 a.angular_velocity.cross(p_fm_g);
  const Eigen::Matrix3d n = BodyXyzRateMatrixInChild(q.head<3>());
  qdot.head<3>() = n * (r_gm.transpose() * w_fm_g);
  qdot.tail<3>() = r_gf.transpose() * v_fm_g;

  const Eigen::Matrix<double, 6, 1> f = -(stiffness_.cwiseProduct(q) + damping_.cwiseProduct(qdot));
  Eigen::Map<Eigen::Matrix<double, 6, 1>>(out(q_).data()) = q;
  Eigen::Map<Eigen::Matrix<double, 6, 1>>(out(qdot_).data()) = qdot;
  Eigen::Map<Eigen::Matrix<double, 6, 1>>(out(f_).data()) = f;
  out(potential_energy_)[0] = 0.5 * q.dot(stiffness_.cwiseProduct(q));
  out(dissipated_power_)[0] = qdot.dot(damping_.cwiseProduct(qdot));

  // Couple on B: m_M = N^T f_rot (power m . w = f_rot . qdot_rot); force on B at M's origin.
  const Eigen::Vector3d couple_on_b = r_gm * (n.transpose() * f.head<3>());
  const Eigen::Vector3d force_on_b = r_gf * f.tail<3>();
  WriteForces(a, b, p_gm, p_gm, force_on_b, couple_on_b);
  // At the bushing frames (the header): on M about Mo in M; on F about Fo in F.
  Eigen::Map<Eigen::Matrix<double, 6, 1>> on_m(out(spatial_m_).data());
  on_m << r_gm.transpose() * couple_on_b, r_gm.transpose() * force_on_b;
  Eigen::Map<Eigen::Matrix<double, 6, 1>> on_f(out(spatial_f_).data());
  on_f << r_gf.transpose() * (-couple_on_b - p_fm_g.cross(force_on_b)), -f.tail<3>();
}

void LinearBushing::CalcDerivatives() {
  derivative(dissipated_energy_)[0] = out(dissipated_power_)[0];
}

}  // namespace hawser
