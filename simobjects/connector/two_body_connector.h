// TwoBodyConnector: the common interface of force elements that join body A and body B.
//
// Inputs (world frame), per body X in {A, B}:
//   PosX (3, m)        origin of body X (its centre of mass for Body/6DBody)
//   QuatX (4, -)       orientation of X in world, unit quaternion (w, x, y, z); default identity
//   VelX (3, m/s)      velocity of X's origin; default zero
//   AngVelX (3, rad/s) angular velocity of X, world frame; default zero
// so a connector between point masses needs only PosA and PosB (and the velocities for damping).
// Outputs (world frame; docs/design.md, "Force and energy conventions"): ForceX is the force ON
// body X, MomentX the moment on X about X's origin: ready to wire into Body/6DBody's Force and
// Moment inputs.
#pragma once

#include <Eigen/Geometry>

#include "hawser/simobject.h"
#include "simobjects/common/rotation_math.h"

namespace hawser {

/// Pose and velocity of one body, as read from a connector's inputs.
struct BodyKinematics {
  Eigen::Vector3d position;
  Eigen::Matrix3d rotation;  ///< Body frame -> world (R_WX).
  Eigen::Vector3d velocity;
  Eigen::Vector3d angular_velocity;  ///< World frame.

  /// World position of a point given in body coordinates.
  Eigen::Vector3d PointPosition(const Eigen::Vector3d& p_body) const {
    return position + rotation * p_body;
  }
  /// World velocity of that point: v + w x (R p).
  Eigen::Vector3d PointVelocity(const Eigen::Vector3d& p_body) const {
    return velocity + angular_velocity.cross(rotation * p_body);
  }
};

class TwoBodyConnector : public SimObject {
 protected:
  /// Declares the kinematics inputs of A and B and the outputs ForceA, MomentA, ForceB, MomentB.
  explicit TwoBodyConnector(ObjectArgs& args);

  struct BodyInputs {
    Input pos, quat, vel, ang_vel;
  };
  /// Reads a body's kinematics; the quaternion is normalised (a literal need not be exact).
  BodyKinematics Read(const BodyInputs& body) const;
  /// Writes the force on each body and the moments about each body's origin, given the force
  /// `force_on_b` applied to B at world point `point_b` (and -force_on_b to A at `point_a`) plus
  /// pure couples `couple_on_b` on B and -couple_on_b on A.
  void WriteForces(const BodyKinematics& a, const BodyKinematics& b, const Eigen::Vector3d& point_a,
                   const Eigen::Vector3d& point_b, const Eigen::Vector3d& force_on_b,
                   const Eigen::Vector3d& couple_on_b);
  /// Declares PointA and PointB: where the element attaches to each body [m], in that body's
  /// frame, default its origin. `point_a`/`point_b` name the points in the docs ("P", "Q").
  std::pair<Eigen::Vector3d, Eigen::Vector3d> DeclareAttachmentPoints(const std::string& point_a,
                                                                      const std::string& point_b);
  /// Declares Frame<key>Position (3, m) and Frame<key>Orientation (unit quaternion w,x,y,z,
  /// frame to body), or instead Frame<key>RollPitchYaw (hawser/roll_pitch_yaw.h, degrees), of
  /// the frame named `frame` fixed on body `body` ("A" or "B"); default the body frame itself.
  FrameOnBody DeclareFrameOnBody(const std::string& key, const std::string& frame,
                                 const std::string& body);
  /// All kinematics inputs, for DeclareCalc.
  std::vector<Input> KinematicsInputs() const;

  BodyInputs a_, b_;
  Output force_a_, moment_a_, force_b_, moment_b_;
};

}  // namespace hawser
