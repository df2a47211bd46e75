#include "simobjects/body/rigid_body_math.h"

#include <Eigen/Eigenvalues>
#include <Eigen/Geometry>

#include "hawser/errors.h"
#include "hawser/text.h"

namespace hawser::rigid_body {

Eigen::Vector4d QuatMultiply(const Eigen::Vector4d& p, const Eigen::Vector4d& q) {
  const double pw = p[0], qw = q[0];
  const Eigen::Vector3d pv = p.tail<3>(), qv = q.tail<3>();
  Eigen::Vector4d r;
  r[0] = pw * qw - pv.dot(qv);
  r.tail<3>() = pw * qv + qw * pv + pv.cross(qv);
  return r;
}

Eigen::Matrix3d RotationFromQuat(const Eigen::Vector4d& q) {
  return Eigen::Quaterniond(q[0], q[1], q[2], q[3]).normalized().toRotationMatrix();
}

Eigen::Vector4d QuatRate(const Eigen::Vector4d& q, const Eigen::Vector3d& omega_body, double k) {
  Eigen::Vector4d omega_quat;
  omega_quat << 0.0, omega_body;
  return 0.5 * QuatMultiply(q, omega_quat) - k * (q.squaredNorm() - 1.0) * q;
}

Eigen::Vector3d AngularAcceleration(const Eigen::Matrix3d& inertia,
                                    const Eigen::Matrix3d& inertia_inverse,
                                    const Eigen::Vector3d& omega_body,
                                    const Eigen::Vector3d& moment_body) {
  return inertia_inverse * (moment_body - omega_body.cross(inertia * omega_body));
}

Eigen::Matrix3d InertiaTensor(const Eigen::Vector3d& moments, const Eigen::Vector3d& products) {
  Eigen::Matrix3d inertia;
  inertia << moments[0], products[0], products[1],  //
      products[0], moments[1], products[2],         //
      products[1], products[2], moments[2];
  return inertia;
}

std::string CheckInertia(const Eigen::Matrix3d& inertia) {
  if (!inertia.allFinite()) return "the inertia tensor has a non-finite entry";
  const Eigen::Vector3d moments =
      Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d>(inertia, Eigen::EigenvaluesOnly)
          .eigenvalues();  // Ascending.
  const std::string principal = "principal moments " + NumberText(moments[0], 6) + ", " +
                                NumberText(moments[1], 6) + ", " + NumberText(moments[2], 6) +
                                " kg*m^2";
  // Rounding in the eigen-solver is ~1e-15 of the largest moment; allow 1e-12 of it.
  const double tolerance = 1e-12 * moments.cwiseAbs().maxCoeff();
  if (moments[0] <= tolerance) {
    return "the inertia tensor is not positive definite (" + principal + ")";
  }
  if (moments[0] + moments[1] < moments[2] - tolerance) {
    return "no rigid body has this inertia: the principal moments break the triangle "
           "inequality I1 + I2 >= I3 (" +
           principal + ")";
  }
  return "";
}

std::string CheckUnitQuaternionState(std::span<const double> q) {
  const double norm = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (std::abs(norm - 1.0) <= kQuatTolerance) return "";
  return "a unit quaternion (w,x,y,z) with |q| within " + NumberText(kQuatTolerance) +
         " of 1 (this one has norm " + NumberText(norm, 9) + ")";
}

void CheckQuaternionInput(std::span<const double> q, const std::string& object,
                          const std::string& input, double t) {
  const double norm = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (std::abs(norm - 1.0) <= kQuatInputTolerance) return;
  std::string text = object;
  text += ": input ";
  text += input;
  text += " is (" + NumberText(q[0]) + "," + NumberText(q[1]) + "," + NumberText(q[2]) + "," +
          NumberText(q[3]) + "), norm " + NumberText(norm, 6);
  text += " at t = " + NumberText(t);
  text += "; expected a unit quaternion (w,x,y,z), |q| within " + NumberText(kQuatInputTolerance) +
          " of 1";
  throw SimulationError(text);
}

}  // namespace hawser::rigid_body
