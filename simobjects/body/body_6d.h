// Body/6DBody (FhSim alias Ball/6DBody): a rigid body with 6 degrees of freedom under gravity.
//
// States (all given in <InitialCondition> like any state):
//   Pos (3, m)         centre of mass, world frame
//   Quat (4, -)        orientation (w, x, y, z), body -> world; default 1,0,0,0
//   Vel (3, m/s)       velocity of the centre of mass, world frame
//   AngVel (3, rad/s)  angular velocity, WORLD frame (so the initial condition and the output
//                      mean the same thing; the body-frame omega_b = R^T AngVel is derived)
// Equations, with R = R(Quat / |Quat|), I the body-frame inertia tensor about the centre of mass,
// F and M the inputs Force and Moment (world frame, M about the centre of mass):
//   Pos' = Vel,   m Vel' = F + m g
//   I omega_b' = R^T M - omega_b x (I omega_b)      (Euler, gyroscopic term included)
//   AngVel' = R omega_b'                             (exact: d/dt (R omega_b) = R omega_b')
//   Quat' = Quat ⊗ (0, omega_b) / 2 - k (|Quat|^2 - 1) Quat,   k = 1 /s (drift stabilisation)
// Outputs: Pos, Vel, AngVel (the states), Quat normalised, KineticEnergy
// m |Vel|^2 / 2 + omega_b . I omega_b / 2, PotentialEnergy -m g . Pos (zero at the origin), and
// AngularMomentum R I omega_b (about the centre of mass, world frame).
//
// Parameters: Mass > 0; Inertia "Ixx,Iyy,Izz" and InertiaProducts "Ixy,Ixz,Iyz" (default 0): the
// tensor's elements in the body frame, I = [[Ixx,Ixy,Ixz],[Ixy,Iyy,Iyz],[Ixz,Iyz,Izz]] (Drake's
// convention: Ixy = -integral x y dm); the tensor must be positive definite with principal
// moments satisfying the triangle inequality. Gravity (default 0,0,-9.81). Force and Moment
// default to zero when not connected (unlike Body/Mass, whose Force must be connected). An
// initial Quat must have |q| within 1e-6 of 1 (checked before integration, reported at the <Lib>
// line). Material, Mesh and Scale are FhSim's visual parameters: accepted and ignored.
#pragma once

#include "hawser/simobject.h"
#include "simobjects/body/rigid_body_math.h"
#include "simobjects/body/rigid_body_object.h"

namespace hawser {

class Body6D final : public RigidBodyObject {
 public:
  explicit Body6D(ObjectArgs& args);
  void CalcDerivatives() override;

  /// Rate of the stabilising term that pulls |Quat| back to 1 [1/s].
  static constexpr double kQuatStabilisation = rigid_body::kQuatStabilisation;
  /// Largest accepted | |Quat| - 1 | of an initial condition.
  static constexpr double kQuatTolerance = rigid_body::kQuatTolerance;

 private:
  void CalcQuatAndEnergy();

  Eigen::Matrix3d inertia_inverse_;
  Eigen::Vector3d gravity_;
  Output kinetic_energy_, potential_energy_, angular_momentum_;
};

}  // namespace hawser
