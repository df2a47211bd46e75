// Rigid-body kinematics and dynamics shared by Body/6DBody and testable alone.
//
// Quaternions are stored (w, x, y, z) as in FhSim and the connectors' Quat inputs (Hamilton
// convention, q maps body coordinates to world: v_W = q v_B q*). Inertia tensors are about the
// centre of mass; the off-diagonal entries are the tensor's own elements (Drake's convention,
// I_xy = -integral of x y dm), not the "products of inertia" with the opposite sign.
#pragma once

#include <Eigen/Dense>
#include <span>
#include <string>

namespace hawser::rigid_body {

/// Rate of the stabilising term of QuatRate that pulls |Quat| back to 1 [1/s].
inline constexpr double kQuatStabilisation = 1.0;
/// Largest accepted | |Quat| - 1 | of an initial condition.
inline constexpr double kQuatTolerance = 1e-6;

/// StateSpec check of an initial Quat: "" for a unit quaternion (w,x,y,z) within kQuatTolerance,
/// else what is expected, with the norm given.
std::string CheckUnitQuaternionState(std::span<const double> q);

/// Largest accepted | |q| - 1 | of a quaternion arriving on an input (Body/Point's BodyQuat, a
/// connector's QuatA/QuatB): 1e-2 takes a quaternion typed to three digits (0.707,0,0,0.707) and
/// any integrated one (kQuatStabilisation keeps |Quat| within ~1e-6 of 1), and refuses a zero or
/// a garbled one, which would otherwise become an arbitrary rotation (the identity for zero).
inline constexpr double kQuatInputTolerance = 1e-2;

/// Throws SimulationError "<object>: input <input> is (w,x,y,z) with norm ... at t = ...;
/// expected a unit quaternion" unless | |q| - 1 | <= kQuatInputTolerance.
void CheckQuaternionInput(std::span<const double> q, const std::string& object,
                          const std::string& input, double t);

/// Hamilton product p ⊗ q of quaternions stored (w, x, y, z).
Eigen::Vector4d QuatMultiply(const Eigen::Vector4d& p, const Eigen::Vector4d& q);

/// Rotation matrix R_WB (body -> world) of q / |q|.
Eigen::Matrix3d RotationFromQuat(const Eigen::Vector4d& q);

/// dq/dt = q ⊗ (0, omega_body) / 2 - k (|q|^2 - 1) q  [1/s].
/// The first term is the exact kinematics; the second (k [1/s] >= 0) vanishes on |q| = 1 and pulls
/// integration drift of |q| back towards 1 with rate 2k, without changing the rotation.
Eigen::Vector4d QuatRate(const Eigen::Vector4d& q, const Eigen::Vector3d& omega_body, double k);

/// Euler's equations in the body frame: omega_dot_b = I^-1 (M_b - omega_b x (I omega_b))
/// [rad/s^2], with I the inertia tensor [kg m^2], M_b the moment [N m] about the centre of mass.
Eigen::Vector3d AngularAcceleration(const Eigen::Matrix3d& inertia,
                                    const Eigen::Matrix3d& inertia_inverse,
                                    const Eigen::Vector3d& omega_body,
                                    const Eigen::Vector3d& moment_body);

/// The symmetric tensor [[Ixx, Ixy, Ixz], [Ixy, Iyy, Iyz], [Ixz, Iyz, Izz]] [kg m^2].
Eigen::Matrix3d InertiaTensor(const Eigen::Vector3d& moments, const Eigen::Vector3d& products);

/// "" if `inertia` is a physical rigid-body inertia: positive definite, with principal moments
/// satisfying the triangle inequalities I1 + I2 >= I3 (to rounding, so a flat plate passes);
/// otherwise what is wrong, with the principal moments.
std::string CheckInertia(const Eigen::Matrix3d& inertia);

}  // namespace hawser::rigid_body
