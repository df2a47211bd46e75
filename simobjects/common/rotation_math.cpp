#include "simobjects/common/rotation_math.h"

#include <Eigen/Geometry>
#include <cmath>

#include "hawser/text.h"

namespace hawser {

namespace {
Eigen::Matrix3d Rot(int axis, double angle) {
  return Eigen::AngleAxisd(angle, Eigen::Vector3d::Unit(axis)).toRotationMatrix();
}
}  // namespace

Eigen::Matrix3d BodyXyzToRotation(const Eigen::Vector3d& q) {
  return Rot(0, q[0]) * Rot(1, q[1]) * Rot(2, q[2]);
}

Eigen::Vector3d RotationToBodyXyz(const Eigen::Matrix3d& r) {
  // R = Rx(a) Ry(b) Rz(c) = [[cb cc, -cb sc, sb], [., ., -sa cb], [., ., ca cb]], so
  // a = atan2(-R12, R22) (cb >= 0 by choice of range). Then Rx(a)^T R = Ry(b) Rz(c) has
  // row 1 = (sc, cc, 0) and column 2 = (sb, 0, cb): c and b follow from well-scaled pairs,
  // which keeps them accurate near the singular b = +-pi/2 (Simbody's approach).
  const double a = std::atan2(-r(1, 2), r(2, 2));
  const double ca = std::cos(a), sa = std::sin(a);
  const double c = std::atan2(ca * r(1, 0) + sa * r(2, 0), ca * r(1, 1) + sa * r(2, 1));
  const double b = std::atan2(r(0, 2), ca * r(2, 2) - sa * r(1, 2));
  return {a, b, c};
}

Eigen::Matrix3d BodyXyzRateMatrixInChild(const Eigen::Vector3d& q) {
  const double c1 = std::cos(q[1]), s1 = std::sin(q[1]);
  const double c2 = std::cos(q[2]), s2 = std::sin(q[2]);
  // Inverse of w_C = [[c1 c2, s2, 0], [-c1 s2, c2, 0], [s1, 0, 1]] qdot (determinant c1).
  Eigen::Matrix3d n;
  n << c2, -s2, 0.0, c1 * s2, c1 * c2, 0.0, -s1 * c2, s1 * s2, c1;
  return n / c1;
}

Eigen::Matrix3d RollPitchYawToRotation(const Eigen::Vector3d& rpy) {
  return Rot(2, rpy[2]) * Rot(1, rpy[1]) * Rot(0, rpy[0]);
}

Eigen::Vector3d RotationToRollPitchYaw(const Eigen::Matrix3d& r) {
  // R^T = Rx(-roll) Ry(-pitch) Rz(-yaw): a body-fixed x-y-z sequence with negated angles.
  return -RotationToBodyXyz(r.transpose());
}

Eigen::Matrix3d RollPitchYawRateMatrixInParent(const Eigen::Vector3d& rpy) {
  const double c1 = std::cos(rpy[1]), s1 = std::sin(rpy[1]);
  const double c2 = std::cos(rpy[2]), s2 = std::sin(rpy[2]);
  Eigen::Matrix3d n;
  n << c2 / c1, s2 / c1, 0.0, -s2, c2, 0.0, c2 * s1 / c1, s2 * s1 / c1, 1.0;
  return n;
}

Eigen::Matrix3d HalfwayRotation(const Eigen::Matrix3d& r_ac) {
  // q_AC = (cos(θ/2), λ sin(θ/2)) with w >= 0; q_AB = (cos(θ/4), λ sin(θ/4)) where
  // cos(θ/4) = sqrt((1 + w) / 2) and λ sin(θ/4) = λ sin(θ/2) / (2 cos(θ/4)) (double angle).
  Eigen::Quaterniond q(r_ac);
  if (q.w() < 0.0) q.coeffs() = -q.coeffs();
  const double e0 = std::sqrt(0.5 * (1.0 + q.w()));
  const Eigen::Vector3d e = q.vec() / (2.0 * e0);
  return Eigen::Quaterniond(e0, e.x(), e.y(), e.z()).normalized().toRotationMatrix();
}

std::string CheckUnitQuaternion(const Eigen::VectorXd& q) {
  if (std::abs(q.norm() - 1.0) <= kUnitQuaternionTolerance) return "";
  return "a unit quaternion w,x,y,z (|q| = " + NumberText(q.norm(), 9) + "; it must be 1 within " +
         NumberText(kUnitQuaternionTolerance, 6) + ": give more digits)";
}

std::string CheckNonNegative(const Eigen::VectorXd& v) {
  for (Eigen::Index i = 0; i < v.size(); ++i) {
    if (!(v[i] >= 0.0))
      return "every value >= 0 (element " + std::to_string(i) + " is " + NumberText(v[i]) + ")";
  }
  return "";
}

FrameOnBody MakeFrameOnBody(const Eigen::VectorXd& position, const Eigen::VectorXd& quaternion) {
  FrameOnBody frame;
  frame.position = position.head<3>();
  frame.rotation = Eigen::Quaterniond(quaternion[0], quaternion[1], quaternion[2], quaternion[3])
                       .normalized()
                       .toRotationMatrix();
  return frame;
}

}  // namespace hawser
