// What Body/6DBody and Body/FloatingBody declare alike (rigid_body_math.h has what they compute
// alike): the Mass, Inertia and InertiaProducts parameters, with the inertia checked where it
// was written; the Force and Moment inputs; the Pos, Quat, Vel, AngVel states and the outputs
// showing them (Quat normalised, filled by the derived class's calculation).
#pragma once

#include <Eigen/Dense>
#include <span>
#include <string>

#include "hawser/simobject.h"

namespace hawser {

/// The documentation of the declarations, in the derived class's words.
struct RigidBodyDocs {
  std::string mass;           ///< The Mass parameter.
  std::string inertia_about;  ///< The point the Inertia is about: "the centre of mass", "G".
  std::string force;          ///< The Force input.
  std::string moment;         ///< The Moment input.
  std::string pos;            ///< The Pos state: "Centre of mass, world frame."
  std::string vel;            ///< The Vel state.
  std::string pos_output;     ///< The Pos output.
};

class RigidBodyObject : public SimObject {
 protected:
  /// Declares Mass, Inertia and InertiaProducts. An inertia that is not a real body's is a
  /// scenario error at the Inertia attribute's line, naming both values.
  RigidBodyObject(ObjectArgs& args, const RigidBodyDocs& docs);
  /// Declares the Force and Moment inputs, the states and their outputs (in that order, so
  /// that derived classes may declare their own parameters first).
  void DeclareMotion();

  /// The Quat state as a vector (w, x, y, z), as integrated (not normalised).
  Eigen::Vector4d QuatState() const;

  double mass_ = 0.0;
  Eigen::Matrix3d inertia_ = Eigen::Matrix3d::Identity();  ///< About inertia_about, body frame.
  Input force_, moment_;
  State pos_, quat_, vel_, ang_vel_;
  Output quat_out_;  ///< Normalised Quat: the derived class's calculation writes it.

 private:
  RigidBodyDocs docs_;
};

}  // namespace hawser
