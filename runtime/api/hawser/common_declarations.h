// The declarations most SimObjects make, each written once: a 3-vector port, a quaternion, the
// states of a body that moves (Pos, Vel, Quat, AngVel) and of a force element that dissipates,
// and the unit factors of angles and frequencies. A body then declares its physics, not its
// bookkeeping:
//
//   force_ = DeclareInput(Vector3Port("Force", "N", "External force, world frame.", kZero3));
//   pos_ = DeclareState(PositionState("Position, world frame."));
//   vel_ = DeclareState(VelocityState("Velocity, world frame."));
//   DeclareOutputFromState(Vector3Port("Pos", "m", "Position (state)."), pos_);
//
// Part of the public SimObject API (included by hawser/simobject.h).
#pragma once

#include <Eigen/Dense>
#include <functional>
#include <numbers>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "hawser/declarations.h"

namespace hawser {

// ---- Units ----
/// One degree in radians: a value given in deg times kDegree is in rad.
inline constexpr double kDegree = std::numbers::pi / 180.0;
/// One hertz in rad/s: a frequency f [Hz] is the angular frequency omega = kRadPerHertz f [rad/s].
inline constexpr double kRadPerHertz = 2.0 * std::numbers::pi;

/// The default of a 3-vector input that may stay unconnected: (0, 0, 0).
inline const Eigen::Vector3d kZero3 = Eigen::Vector3d::Zero();
/// The identity rotation as a quaternion (w, x, y, z).
inline const Eigen::Vector4d kIdentityQuaternion(1.0, 0.0, 0.0, 0.0);

// ---- Ports ----
/// A 3-vector port: x, y, z in result files.
inline PortSpec Vector3Port(std::string name, std::string unit, std::string doc) {
  return {.name = std::move(name),
          .width = 3,
          .unit = std::move(unit),
          .doc = std::move(doc),
          .dims = {XyzDimension()}};
}
/// A 3-vector input that has `fallback` while it is not connected.
inline PortSpec Vector3Port(std::string name, std::string unit, std::string doc,
                            const Eigen::Vector3d& fallback) {
  PortSpec spec = Vector3Port(std::move(name), std::move(unit), std::move(doc));
  spec.fallback = std::vector<double>(fallback.begin(), fallback.end());
  return spec;
}
/// An orientation port, a unit quaternion (w, x, y, z): w, x, y, z in result files.
inline PortSpec QuaternionPort(std::string name, std::string doc) {
  return {.name = std::move(name),
          .width = 4,
          .unit = "-",
          .doc = std::move(doc),
          .dims = {QuatDimension()}};
}
/// An orientation input that has `fallback` (usually kIdentityQuaternion) while unconnected.
inline PortSpec QuaternionPort(std::string name, std::string doc, const Eigen::Vector4d& fallback) {
  PortSpec spec = QuaternionPort(std::move(name), std::move(doc));
  spec.fallback = std::vector<double>(fallback.begin(), fallback.end());
  return spec;
}

// ---- The states of a body ----
/// A 3-vector state: x, y, z in result files.
inline StateSpec Vector3State(std::string name, std::string unit, std::string doc) {
  return {.name = std::move(name),
          .width = 3,
          .unit = std::move(unit),
          .doc = std::move(doc),
          .dims = {XyzDimension()}};
}
/// A body's position "Pos" [m].
inline StateSpec PositionState(std::string doc) { return Vector3State("Pos", "m", std::move(doc)); }
/// A body's velocity "Vel" [m/s]: zero at every equilibrium (StateSpec::velocities).
inline StateSpec VelocityState(std::string doc) {
  StateSpec spec = Vector3State("Vel", "m/s", std::move(doc));
  spec.velocities = {{0, 3}};
  return spec;
}
/// A body's angular velocity "AngVel" [rad/s]: zero at every equilibrium.
inline StateSpec AngularVelocityState(std::string doc) {
  StateSpec spec = Vector3State("AngVel", "rad/s", std::move(doc));
  spec.velocities = {{0, 3}};
  return spec;
}
/// A body's orientation "Quat" (w, x, y, z), starting at the identity; `check` tests a given
/// initial value (e.g. that it is a unit quaternion).
inline StateSpec QuaternionState(std::string doc,
                                 std::function<std::string(std::span<const double>)> check) {
  return {.name = "Quat",
          .width = 4,
          .unit = "-",
          .doc = std::move(doc),
          .initial = {1.0, 0.0, 0.0, 0.0},
          .check = std::move(check),
          .dims = {QuatDimension()}};
}

/// A force element's "DissipatedEnergy" [J]: the integral of the power it dissipates, an
/// accumulator that Settle holds (StateSpec::accumulator), starting at a value >= 0
/// (DissipatedEnergyCheck).
inline StateSpec DissipatedEnergyState(std::string doc) {
  return {.name = "DissipatedEnergy",
          .width = 1,
          .unit = "J",
          .doc = std::move(doc),
          .check = DissipatedEnergyCheck(),
          .accumulator = true};
}

}  // namespace hawser
