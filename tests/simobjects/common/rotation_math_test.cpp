#include "simobjects/common/rotation_math.h"

#include <doctest/doctest.h>

#include <Eigen/Geometry>
#include <cmath>
#include <numbers>

namespace hawser::test {

namespace {

// Elementary rotations written out by hand (independent of the code under test).
Eigen::Matrix3d Rx(double a) {
  Eigen::Matrix3d r;
  r << 1, 0, 0, 0, std::cos(a), -std::sin(a), 0, std::sin(a), std::cos(a);
  return r;
}
Eigen::Matrix3d Ry(double a) {
  Eigen::Matrix3d r;
  r << std::cos(a), 0, std::sin(a), 0, 1, 0, -std::sin(a), 0, std::cos(a);
  return r;
}
Eigen::Matrix3d Rz(double a) {
  Eigen::Matrix3d r;
  r << std::cos(a), -std::sin(a), 0, std::sin(a), std::cos(a), 0, 0, 0, 1;
  return r;
}
Eigen::Matrix3d Exp(const Eigen::Vector3d& phi) {
  const double angle = phi.norm();
  if (angle == 0.0) return Eigen::Matrix3d::Identity();
  return Eigen::AngleAxisd(angle, phi / angle).toRotationMatrix();
}

constexpr double kHalfPi = std::numbers::pi / 2;

}  // namespace

TEST_CASE("rotation_math: body-fixed x-y-z angles (Simbody 1-2-3) round trip") {
  const Eigen::Vector3d cases[] = {
      {0.1, -0.2, 0.3},  {-2.5, 1.2, 3.0},           {0.0, 0.0, 0.0},
      {0.4, -1.5, -0.7}, {0.3, kHalfPi - 1e-4, 0.2}, {-0.6, -kHalfPi + 1e-4, 1.1}};
  for (const Eigen::Vector3d& q : cases) {
    CAPTURE(q.transpose());
    // Body-fixed: first about x, then about the new y, then the new z: R = Rx Ry Rz.
    const Eigen::Matrix3d r = Rx(q[0]) * Ry(q[1]) * Rz(q[2]);
    CHECK((BodyXyzToRotation(q) - r).norm() < 1e-15);  // Same products; rounding only.
    const Eigen::Vector3d back = RotationToBodyXyz(r);
    // Well-scaled atan2 pairs: the middle angle to ~eps; the outer ones are divided by
    // cos(q1) >= 1e-4 near the singularity, so rounding grows to ~1e-16 / 1e-4 = 1e-12.
    CHECK(std::abs(back[1] - q[1]) < 1e-13);
    CHECK(std::abs(back[0] - q[0]) < 1e-11);
    CHECK(std::abs(back[2] - q[2]) < 1e-11);
  }
}

TEST_CASE("rotation_math: roll-pitch-yaw (Drake: R = Rz(yaw) Ry(pitch) Rx(roll)) round trip") {
  const Eigen::Vector3d cases[] = {
      {0.1, -0.2, 0.3},  {-2.5, 1.2, 3.0},           {0.0, 0.0, 0.0},
      {0.4, -1.5, -0.7}, {0.3, kHalfPi - 1e-4, 0.2}, {-0.6, -kHalfPi + 1e-4, 1.1}};
  for (const Eigen::Vector3d& rpy : cases) {
    CAPTURE(rpy.transpose());
    const Eigen::Matrix3d r = Rz(rpy[2]) * Ry(rpy[1]) * Rx(rpy[0]);
    CHECK((RollPitchYawToRotation(rpy) - r).norm() < 1e-15);  // Rounding only.
    const Eigen::Vector3d back = RotationToRollPitchYaw(r);
    CHECK(std::abs(back[1] - rpy[1]) < 1e-13);  // As for body x-y-z above.
    CHECK(std::abs(back[0] - rpy[0]) < 1e-11);
    CHECK(std::abs(back[2] - rpy[2]) < 1e-11);
  }
  // Space-fixed meaning: roll 0.1 alone turns the y axis towards +z (right hand about x).
  CHECK(RotationToRollPitchYaw(Rx(0.1))[0] == doctest::Approx(0.1).epsilon(1e-15));
}

TEST_CASE("rotation_math: angle rates from angular velocity match finite differences") {
  // R(t) = R0 Exp(w_C t) (w in the child frame) for body x-y-z; R(t) = Exp(w_P t) R0 (w in the
  // parent) for roll-pitch-yaw. Central differences with h = 1e-6: truncation ~h^2 = 1e-12,
  // rounding ~1e-16 / 1e-6 = 1e-10; both grow like 1 / cos(q1)^k near the singularity, so the
  // tolerance 1e-8 / cos(q1) is checked no closer than cos(q1) = 0.05.
  const double h = 1e-6;
  const Eigen::Vector3d w(0.7, -0.4, 1.3);
  const Eigen::Vector3d cases[] = {{0.1, -0.2, 0.3}, {-1.0, 1.2, 2.0}, {0.3, kHalfPi - 0.05, 0.2}};
  for (const Eigen::Vector3d& q : cases) {
    CAPTURE(q.transpose());
    const double tol = 1e-8 / std::cos(q[1]);
    const Eigen::Matrix3d r0 = BodyXyzToRotation(q);
    const Eigen::Vector3d fd =
        (RotationToBodyXyz(r0 * Exp(w * h)) - RotationToBodyXyz(r0 * Exp(-w * h))) / (2 * h);
    CHECK((BodyXyzRateMatrixInChild(q) * w - fd).norm() < tol);

    const Eigen::Matrix3d s0 = RollPitchYawToRotation(q);
    const Eigen::Vector3d fd_rpy =
        (RotationToRollPitchYaw(Exp(w * h) * s0) - RotationToRollPitchYaw(Exp(-w * h) * s0)) /
        (2 * h);
    CHECK((RollPitchYawRateMatrixInParent(q) * w - fd_rpy).norm() < tol);
  }
}

TEST_CASE("rotation_math: the halfway rotation has the same axis and half the angle") {
  for (const Eigen::Vector3d& phi :
       {Eigen::Vector3d(0.3, -0.2, 0.5), Eigen::Vector3d(0.0, 3.0, 0.0),
        Eigen::Vector3d(-1.0, 2.0, 1.5), Eigen::Vector3d(0.0, 0.0, 0.0)}) {
    CAPTURE(phi.transpose());
    const Eigen::Matrix3d half = HalfwayRotation(Exp(phi));
    CHECK((half - Exp(phi / 2)).norm() < 1e-14);  // Rounding in a few products.
    CHECK((half * half - Exp(phi)).norm() < 1e-14);
  }
}

TEST_CASE("rotation_math: parameter checks") {
  CHECK(CheckUnitQuaternion(Eigen::Vector4d(1, 0, 0, 0)).empty());
  CHECK(
      CheckUnitQuaternion(Eigen::Vector4d(0.70710678118654752, 0.70710678118654752, 0, 0)).empty());
  CHECK_FALSE(CheckUnitQuaternion(Eigen::Vector4d(1, 1, 0, 0)).empty());
  CHECK_FALSE(CheckUnitQuaternion(Eigen::Vector4d(0.7071, 0.7071, 0, 0)).empty());  // 1e-5 off.
  CHECK(CheckNonNegative(Eigen::Vector3d(0, 1, 2)).empty());
  CHECK(CheckNonNegative(Eigen::Vector3d(0, -1, 2)) == "every value >= 0 (element 1 is -1)");
}

}  // namespace hawser::test
