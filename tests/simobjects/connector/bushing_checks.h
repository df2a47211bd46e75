// Checks both bushings face (defined in linear_bushing_test.cpp): forces as minus the gradient
// of PotentialEnergy, the power balance, action = -reaction, invariance under a rigid motion.
#pragma once

#include <Eigen/Geometry>
#include <map>
#include <string>
#include <vector>

namespace hawser::test::bushing {

/// Pose and velocity of one body, as wired into a connector's inputs (world frame).
struct BodyMotion {
  Eigen::Vector3d pos = Eigen::Vector3d::Zero();
  Eigen::Quaterniond quat = Eigen::Quaterniond::Identity();
  Eigen::Vector3d vel = Eigen::Vector3d::Zero();
  Eigen::Vector3d ang_vel = Eigen::Vector3d::Zero();
};
using Outputs = std::map<std::string, Eigen::VectorXd>;

/// A rotation by `angle` [rad] about `axis`.
inline Eigen::Quaterniond Turn(double angle, const Eigen::Vector3d& axis) {
  return Eigen::Quaterniond(Eigen::AngleAxisd(angle, axis.normalized()));
}

std::string Csv(const Eigen::Quaterniond& q);
Outputs Evaluate(const std::string& lib, const BodyMotion& a, const BodyMotion& b);
void CheckForcesAreMinusGradient(const std::string& lib, const BodyMotion& a, const BodyMotion& b,
                                 bool rotations);
void CheckPowerBalance(const std::string& lib, const BodyMotion& a, const BodyMotion& b);
void CheckActionReaction(const std::string& lib, const BodyMotion& a, const BodyMotion& b);
void CheckSceneInvariance(const std::string& lib, const BodyMotion& a, const BodyMotion& b,
                          const std::vector<std::string>& frame_free_outputs);

}  // namespace hawser::test::bushing
