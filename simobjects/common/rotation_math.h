// Rotation helpers shared by the bushings and the bodies: the two Euler-angle sequences of the
// peers they reproduce, their angular-velocity kinematics, and the frame-on-body parameters.
//
// Conventions (R_PC maps vectors in child frame C to parent frame P; angles in rad):
// - Simbody body-fixed x-y-z (1-2-3): R_PC = Rx(q0) Ry(q1) Rz(q2), first about x of P, then about
//   the new y, then the new z. Middle angle q1 in [-pi/2, pi/2]; singular at cos(q1) = 0.
// - Drake roll-pitch-yaw: R_PC = Rz(yaw) Ry(pitch) Rx(roll) (space-fixed x-y-z = body-fixed z-y-x).
//   Pitch in [-pi/2, pi/2]; singular at cos(pitch) = 0.
#pragma once

#include <Eigen/Dense>
#include <string>

namespace hawser {

/// R = Rx(q[0]) Ry(q[1]) Rz(q[2]) from body-fixed x-y-z angles [rad].
Eigen::Matrix3d BodyXyzToRotation(const Eigen::Vector3d& q);
/// The body-fixed x-y-z angles of R: q[1] in [-pi/2, pi/2], q[0] and q[2] in [-pi, pi].
Eigen::Vector3d RotationToBodyXyz(const Eigen::Matrix3d& r);
/// N with qdot = N w_C, w_C the angular velocity of C in P expressed in C (body-fixed x-y-z).
/// N = (1/c1) [[c2, -s2, 0], [c1 s2, c1 c2, 0], [-s1 c2, s1 s2, c1]]; infinite at cos(q1) = 0.
Eigen::Matrix3d BodyXyzRateMatrixInChild(const Eigen::Vector3d& q);

/// R = Rz(rpy[2]) Ry(rpy[1]) Rx(rpy[0]) from roll, pitch, yaw [rad].
Eigen::Matrix3d RollPitchYawToRotation(const Eigen::Vector3d& rpy);
/// The roll, pitch, yaw of R: pitch in [-pi/2, pi/2], roll and yaw in [-pi, pi].
Eigen::Vector3d RotationToRollPitchYaw(const Eigen::Matrix3d& r);
/// N with rpydot = N w_P, w_P the angular velocity of C in P expressed in P (Drake's page):
/// N = [[c2/c1, s2/c1, 0], [-s2, c2, 0], [c2 s1/c1, s2 s1/c1, 1]] with q1 = pitch, q2 = yaw.
Eigen::Matrix3d RollPitchYawRateMatrixInParent(const Eigen::Vector3d& rpy);

/// R_AB, the rotation "halfway" (in an angle-axis sense) from A to C given R_AC: the same axis,
/// half the angle in [0, pi/2] (Drake's bushing frame B).
Eigen::Matrix3d HalfwayRotation(const Eigen::Matrix3d& r_ac);

/// Both bushings stop a run when |cos| of their middle angle falls below this (Drake's
/// RollPitchYaw::kGimbalLockToleranceCosPitchAngle: within about 0.46 degrees of +-90 degrees).
inline constexpr double kGimbalLockCosTolerance = 0.008;

/// Largest accepted | |q| - 1 | of a quaternion parameter (as for Body/6DBody initial Quat).
inline constexpr double kUnitQuaternionTolerance = 1e-6;
/// Parameter check: "" for a 4-vector (w, x, y, z) with |q| within kUnitQuaternionTolerance of 1.
std::string CheckUnitQuaternion(const Eigen::VectorXd& q);
/// Parameter check: "" when every element is >= 0.
std::string CheckNonNegative(const Eigen::VectorXd& v);

/// A frame fixed on a body: its origin (body frame) and R_body_frame.
struct FrameOnBody {
  Eigen::Vector3d position = Eigen::Vector3d::Zero();
  Eigen::Matrix3d rotation = Eigen::Matrix3d::Identity();
};
/// The frame given by a position and a unit quaternion (w, x, y, z) parameter.
FrameOnBody MakeFrameOnBody(const Eigen::VectorXd& position, const Eigen::VectorXd& quaternion);

}  // namespace hawser
