// Orientation as roll, pitch, yaw: the convention every hawser parameter, initial condition and
// block that takes one uses. Part of the public SimObject API.
//
// Drake's roll-pitch-yaw (also the aerospace and ship-motion z-y-x sequence): the rotation from
// the child frame C to the parent frame P is
//   R_PC = Rz(yaw) Ry(pitch) Rx(roll)
// that is, roll about P's x, then pitch about P's y, then yaw about P's z (space-fixed x-y-z;
// equivalently body-fixed z-y-x). Text is in degrees ("10,0,30"), or in radians with a trailing
// "rad" ("0.1,0,0.5 rad"); "deg" may be written too.
#pragma once

#include <Eigen/Dense>
#include <string>

#include "hawser/errors.h"

namespace hawser {

/// The unit quaternion (w, x, y, z) of R = Rz(yaw) Ry(pitch) Rx(roll), angles [rad], with
/// w >= 0 (q and -q are the same rotation).
Eigen::Vector4d RollPitchYawToQuaternion(const Eigen::Vector3d& roll_pitch_yaw);

/// Reads "roll,pitch,yaw" in degrees, or with a trailing unit "... deg" / "... rad"; each angle
/// may be an expression, as in any parameter. Returns radians. Throws ScenarioError at `loc`
/// naming `what` for anything but three numbers and an optional unit.
Eigen::Vector3d ParseRollPitchYaw(const std::string& text, const SourceLocation& loc,
                                  const std::string& what);

}  // namespace hawser
