// Connector/AxialSpringDamper: Exudyn's ObjectConnectorLinearSpringDamper, a spring-damper along
// an axis fixed in body A (Exudyn's marker m0 = A, m1 = B).
//
// With d = R_A Axis the axis in world coordinates (it co-rotates with A), P = PosA + R_A
// PointA and Q = PosB + R_B PointB (world frame):
//   Displacement  dx = d . (Q - P)                                              [m]
//   Velocity      dv = d(dx)/dt = d . (v_Q - v_AQ),  v_AQ = VelA + AngVelA x (Q - PosA)  [m/s]
//   ForceLocal    f  = k (dx - Offset) + c (dv - VelocityOffset) + Force        [N]
//                      (= the input ForceInput instead, when ForceInput is connected)
//   ForceB = -f d on B at Q;   ForceA = +f d on A, line of action through Q
// so f > 0 (stretched along d) pushes B back towards A along -d and A along +d: Exudyn's sign
// (its source adds f d to marker m1's left-hand side). With ActiveConnector false, f = 0.
// MomentX is about X's origin (two_body_connector.h), world frame.
//
// Energy (docs/design.md, "Force and energy conventions"; power signs as Drake's, see
// spring_damper.h):
//   PotentialEnergy      = k (dx - Offset)^2 / 2 + Force (dx - Offset)    (linear law; else 0)
//   ConservativePower    = -(k (dx - Offset) + Force) dv
//   NonConservativePower = -c (dv - VelocityOffset) dv   (force-input law: -f dv)
//   DissipatedPower      = -NonConservativePower, integrated in the state DissipatedEnergy
// The power delivered to the bodies is -f dv = ConservativePower + NonConservativePower.
// DissipatedPower >= 0 unless VelocityOffset != 0 (the damper then acts as an actuator) or the
// force-input law feeds energy in; for a force-input law DissipatedEnergy holds all the work done
// on the law (hawser cannot split a user law into stored and dissipated parts), so kinetic +
// PotentialEnergy + DissipatedEnergy stays constant in every case.
//
// Connecting ForceInput is the block-diagram form of Exudyn's springForceUserFunction
// UF(t, dx, dv): wire Displacement and Velocity (which do not read ForceInput, so this is no
// algebraic loop) through blocks or a connection sum into ForceInput; configs/
// exudyn_mini_example.xml does it with Math/LinearMapping next to the built-in law.
//
// Where hawser differs from Exudyn, deliberately:
// - Exudyn applies +f d to A at P; hawser applies it on the line through Q. The forces are the
//   same; the moment on A differs by (Q - P) x f d, which is zero whenever Q - P is parallel to d
//   (a prismatic joint, Exudyn's intended use) or A is ground. With it, the element is exactly
//   conservative (the forces are the gradient of PotentialEnergy, also with respect to A's
//   rotation, which turns d) and the moments balance about any point.
// - Velocity is the true rate of Displacement; Exudyn's d . (v_Q - v_P) differs by
//   d . (AngVelA x (Q - P)), again zero in a prismatic joint or when A does not rotate.
// - A zero Axis is an error (Exudyn would apply no force). Stiffness and Damping must be >= 0
//   (Exudyn does not check).
//
// Axis is used as given, NOT normalised, exactly as Exudyn's axisMarker0: with a = |Axis|,
// Displacement and Velocity are a times the distance and rate along the unit axis, the spring and
// damper parts of ForceLocal scale with a (Offset, VelocityOffset and Force do not) and the force
// vector f d on the bodies with a once more, so the stiffness and damping felt along the axis are
// k a^2 and c a^2. An Exudyn model with a non-unit axis therefore gives Exudyn's numbers unchanged.
// To mean "a direction only", write a unit Axis (or divide k and c by a^2).
#pragma once

#include "simobjects/connector/two_body_connector.h"

namespace hawser {

class AxialSpringDamper final : public TwoBodyConnector {
 public:
  explicit AxialSpringDamper(ObjectArgs& args);
  void CalcDerivatives() override;

 private:
  /// The geometry and motion along the axis, shared by both calculations.
  struct Motion {
    BodyKinematics a, b;
    Eigen::Vector3d axis;     ///< d, world frame.
    Eigen::Vector3d point_b;  ///< Q, world frame.
    double displacement = 0.0, velocity = 0.0;
  };
  Motion CalcMotion() const;
  void CalcForces();

  Eigen::Vector3d axis_;  ///< Axis in A's frame, as given (not normalised, as Exudyn).
  Eigen::Vector3d point_a_, point_b_;
  double stiffness_, damping_, offset_, velocity_offset_, force_;
  bool active_;
  Input force_input_;
  State dissipated_energy_;
  Output displacement_, velocity_, force_local_, potential_energy_;
  Output conservative_power_, non_conservative_power_, dissipated_power_;
};

}  // namespace hawser
