// Checks both bushings face (defined in linear_bushing_test.cpp): forces as minus the gradient
// of PotentialEnergy, the power balance, action = -reaction, invariance under a rigid motion;
// and the configurations both tests use (the general one, the pendulum configs).
#pragma once

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <Eigen/Geometry>
#include <fstream>
#include <iterator>
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

/// The scenario configs/NAME (a pendulum on a bushing, output every 0.05 s to 10 s) with its
/// TOutput replaced by `output`, to keep a test short or sample it where it matters.
inline std::string PendulumConfig(const std::string& name, const std::string& output) {
  std::ifstream file(std::string(HAWSER_SOURCE_DIR) + "/configs/" + name);
  REQUIRE(file);
  std::string xml((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  const std::string full = R"(TOutput="0, 0.05, 10")";
  REQUIRE(xml.find(full) != std::string::npos);
  xml.replace(xml.find(full), full.size(), "TOutput=\"" + output + "\"");
  return xml;
}

/// The frames of the general configuration: frame A and the connector's other frame (`other`:
/// "B" or "C") each offset and turned in its body, as <Lib> attributes.
inline std::string GeneralFrames(const std::string& other) {
  return fmt::format(R"(FrameAPosition="0.1,0.2,-0.1" FrameAOrientation="{}" )"
                     R"(Frame{}Position="-0.2,0.05,0.1" Frame{}Orientation="{}")",
                     Csv(Turn(0.3, {0, 1, 1})), other, other, Csv(Turn(-0.5, {1, 0.2, -0.4})));
}
/// Body A of the general configuration: offset, turned and moving.
inline BodyMotion GeneralA() {
  return {.pos = {0.1, -0.2, 0.3},
          .quat = Turn(0.4, {1, 2, 3}),
          .vel = {0.3, -0.1, 0.2},
          .ang_vel = {0.5, -0.3, 0.8}};
}
/// Body B of the general configuration, its centre at `pos`: turned and moving.
inline BodyMotion GeneralB(const Eigen::Vector3d& pos) {
  return {.pos = pos,
          .quat = Turn(0.7, {-1, 0.5, 2}),
          .vel = {-0.2, 0.4, 0.1},
          .ang_vel = {-0.6, 0.2, 0.3}};
}
Outputs Evaluate(const std::string& lib, const BodyMotion& a, const BodyMotion& b);
void CheckForcesAreMinusGradient(const std::string& lib, const BodyMotion& a, const BodyMotion& b,
                                 bool rotations);
void CheckPowerBalance(const std::string& lib, const BodyMotion& a, const BodyMotion& b);
void CheckActionReaction(const std::string& lib, const BodyMotion& a, const BodyMotion& b);
void CheckSceneInvariance(const std::string& lib, const BodyMotion& a, const BodyMotion& b,
                          const std::vector<std::string>& frame_free_outputs);

}  // namespace hawser::test::bushing
