// The roll-pitch-yaw rotation written out from its elementary rotations, independently of
// hawser's own (runtime/api/hawser/roll_pitch_yaw.h), for the tests that check it.
#pragma once

#include <Eigen/Dense>
#include <cmath>

namespace hawser::test {

/// R = Rz(yaw) Ry(pitch) Rx(roll) from the elementary rotations about the parent's axes [rad].
inline Eigen::Matrix3d ClosedFormRpy(double roll, double pitch, double yaw) {
  Eigen::Matrix3d rx, ry, rz;
  rx << 1, 0, 0, 0, std::cos(roll), -std::sin(roll), 0, std::sin(roll), std::cos(roll);
  ry << std::cos(pitch), 0, std::sin(pitch), 0, 1, 0, -std::sin(pitch), 0, std::cos(pitch);
  rz << std::cos(yaw), -std::sin(yaw), 0, std::sin(yaw), std::cos(yaw), 0, 0, 0, 1;
  return rz * ry * rx;
}

}  // namespace hawser::test
