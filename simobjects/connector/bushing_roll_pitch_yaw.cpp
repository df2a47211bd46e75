#include "simobjects/connector/bushing_roll_pitch_yaw.h"

#include <cmath>
#include <numbers>

#include "hawser/text.h"

namespace hawser {

namespace {
Eigen::VectorXd Vec(std::initializer_list<double> values) {
  Eigen::VectorXd v(static_cast<Eigen::Index>(values.size()));
  Eigen::Index i = 0;
  for (double x : values) v[i++] = x;
  return v;
}
/// A 3-vector parameter (zeros while only describing the type, when a required one is absent).
Eigen::Vector3d Three(const Eigen::VectorXd& v) {
  return v.size() == 3 ? Eigen::Vector3d(v) : Eigen::Vector3d::Zero();
}
}  // namespace

BushingRollPitchYaw::BushingRollPitchYaw(ObjectArgs& args) : TwoBodyConnector(args) {
  frame_a_ = DeclareFrameOnBody("A", "A", "A");
  frame_c_ = DeclareFrameOnBody("C", "C", "B");
  const auto gains = [this](const char* name, const char* unit, const char* doc, bool required) {
    ParamSpec<Eigen::VectorXd> spec{
        .name = name, .unit = unit, .doc = doc, .check = CheckNonNegative, .size = 3};
    if (!required) spec.fallback = Vec({0.0, 0.0, 0.0});
    return Three(DeclareParameter<Eigen::VectorXd>(spec));
  };
  torque_stiffness_ =
      gains("TorqueStiffness", "N*m/rad", "k0 k1 k2 (roll, pitch, yaw), >= 0.", true);
  torque_damping_ = gains("TorqueDamping", "N*m*s/rad", "d0 d1 d2, >= 0.", false);
  force_stiffness_ = gains("ForceStiffness", "N/m", "kx ky kz (frame B axes), >= 0.", true);
  force_damping_ = gains("ForceDamping", "N*s/m", "dx dy dz, >= 0.", false);

  const auto output = [this](const char* name, int width, const char* unit, const char* doc) {
    return DeclareOutput({.name = name, .width = width, .unit = unit, .doc = doc});
  };
  q_ = output("q", 3, "rad", "Roll, pitch, yaw of frame C in frame A.");
  qdot_ = output("qdot", 3, "rad/s", "Roll, pitch, yaw rates: N w_AC_A.");
  tau_ = output("tau", 3, "N*m", "Gimbal torques -(k q + d qdot).");
  xyz_ = output("xyz", 3, "m", "p_AoCo expressed in the halfway frame B.");
  xyzdot_ = output("xyzdot", 3, "m/s", "Derivative in B of p_AoCo (w_AB = w_AC / 2), in B.");
  f_ = output("f", 3, "N", "Force on C at Bo, expressed in B: -(kxyz xyz + dxyz xyzdot).");
  t_ = output("t", 3, "N*m", "Torque on C, expressed in A: N^T tau.");
  spatial_a_ = output("SpatialForceAonA", 6, "N*m,N",
                      "F_A_A: moment about Ao, then force, on frame A, expressed in A.");
  spatial_c_ = output("SpatialForceConC", 6, "N*m,N",
                      "F_C_C: moment about Co, then force, on frame C, expressed in C.");
  potential_energy_ =
      output("PotentialEnergy", 1, "J", "(k q).q / 2 + (kxyz xyz).xyz / 2 (see the doc).");
  dissipated_power_ = output("DissipatedPower", 1, "W", "(d qdot).qdot + (dxyz xyzdot).xyzdot.");
  dissipated_energy_ = DeclareState(DissipatedEnergyState("Time integral of DissipatedPower."));
  DeclareCalc({q_, qdot_, tau_, xyz_, xyzdot_, f_, t_, spatial_a_, spatial_c_, potential_energy_,
               dissipated_power_, force_a_, moment_a_, force_b_, moment_b_},
              KinematicsInputs(), [this] { Calc(); });
}

void BushingRollPitchYaw::Calc() {
  const BodyKinematics a = Read(a_), b = Read(b_);
  const Eigen::Matrix3d r_wa = a.rotation * frame_a_.rotation;
  const Eigen::Matrix3d r_ac = r_wa.transpose() * (b.rotation * frame_c_.rotation);
  const Eigen::Vector3d p_ao = a.PointPosition(frame_a_.position);
  const Eigen::Vector3d p_co = b.PointPosition(frame_c_.position);
  const Eigen::Vector3d p_aoco_w = p_co - p_ao;

  const Eigen::Vector3d q = RotationToRollPitchYaw(r_ac);
  if (std::abs(std::cos(q[1])) < kGimbalLockCosTolerance) {
    throw SimulationError(
        name() + " (Connector/BushingRollPitchYaw) at t = " + NumberText(time()) +
        ": pitch angle p = " + NumberText(q[1] * 180.0 / std::numbers::pi, 6) + " deg is within " +
        NumberText(90.0 - std::acos(kGimbalLockCosTolerance) * 180.0 / std::numbers::pi, 3) +
        " deg of gimbal lock (p = +-90 deg; |cos p| < " + NumberText(kGimbalLockCosTolerance) +
        " as in Drake's LinearBushingRollPitchYaw, which throws here), where the roll-pitch-yaw "
        "rates and torques are unbounded; use a default alignment of frames A and C far from it "
        "and/or stiffness and damping that keep the pitch angle away from +-90 deg");
  }
  const Eigen::Matrix3d r_ab = HalfwayRotation(r_ac);
  const Eigen::Vector3d p_aoco_a = r_wa.transpose() * p_aoco_w;
  const Eigen::Vector3d w_ac_a = r_wa.transpose() * (b.angular_velocity - a.angular_velocity);
  // Velocity of Co in A (derivative taken in A), expressed in A.
  const Eigen::Vector3d v_aco_a =
      r_wa.transpose() * (b.PointVelocity(frame_c_.position) - a.PointVelocity(frame_a_.position) -
                          a.angular_velocity.cross(p_aoco_w));
  const Eigen::Matrix3d n = RollPitchYawRateMatrixInParent(q);
  const Eigen::Vector3d qdot = n * w_ac_a;
  const Eigen::Vector3d xyz = r_ab.transpose() * p_aoco_a;
  const Eigen::Vector3d xyzdot = r_ab.transpose() * (v_aco_a - 0.5 * w_ac_a.cross(p_aoco_a));

  const Eigen::Vector3d tau =
      -(torque_stiffness_.cwiseProduct(q) + torque_damping_.cwiseProduct(qdot));
  const Eigen::Vector3d f =
      -(force_stiffness_.cwiseProduct(xyz) + force_damping_.cwiseProduct(xyzdot));
  const Eigen::Vector3d t_a = n.transpose() * tau;  // On C, about any point (a couple).
  const Eigen::Vector3d f_a = r_ab * f;             // On C at Cp (coincident with Bo).

  Eigen::Map<Eigen::Vector3d>(out(q_).data()) = q;
  Eigen::Map<Eigen::Vector3d>(out(qdot_).data()) = qdot;
  Eigen::Map<Eigen::Vector3d>(out(tau_).data()) = tau;
  Eigen::Map<Eigen::Vector3d>(out(xyz_).data()) = xyz;
  Eigen::Map<Eigen::Vector3d>(out(xyzdot_).data()) = xyzdot;
  Eigen::Map<Eigen::Vector3d>(out(f_).data()) = f;
  Eigen::Map<Eigen::Vector3d>(out(t_).data()) = t_a;
  // F_A_A: -t and -f at Ap, shifted to Ao (p_AoAp = p_AoCo / 2).
  Eigen::Map<Eigen::Matrix<double, 6, 1>> spatial_a(out(spatial_a_).data());
  spatial_a << -t_a + (0.5 * p_aoco_a).cross(-f_a), -f_a;
  // F_C_C: t and f at Cp, shifted to Co (p_CoCp = -p_AoCo / 2), expressed in C.
  const Eigen::Matrix3d r_ca = r_ac.transpose();
  Eigen::Map<Eigen::Matrix<double, 6, 1>> spatial_c(out(spatial_c_).data());
  spatial_c << r_ca * (t_a + (-0.5 * p_aoco_a).cross(f_a)), r_ca * f_a;

  out(potential_energy_)[0] = 0.5 * (q.dot(torque_stiffness_.cwiseProduct(q)) +
                                     xyz.dot(force_stiffness_.cwiseProduct(xyz)));
  out(dissipated_power_)[0] = qdot.dot(torque_damping_.cwiseProduct(qdot)) +
                              xyzdot.dot(force_damping_.cwiseProduct(xyzdot));
  const Eigen::Vector3d bo = 0.5 * (p_ao + p_co);
  WriteForces(a, b, bo, bo, r_wa * f_a, r_wa * t_a);
}

void BushingRollPitchYaw::CalcDerivatives() {
  derivative(dissipated_energy_)[0] = out(dissipated_power_)[0];
}

}  // namespace hawser
