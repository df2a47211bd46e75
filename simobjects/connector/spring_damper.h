// Connector/SpringDamper: Drake's LinearSpringDamper between point P on body A and point Q on B.
//
// With p_WP = PosA + R_A PointA, p_WQ = PosB + R_B PointB (world frame), l = |p_WQ - p_WP|,
// r = (p_WQ - p_WP) / l the unit vector from P to Q and dl/dt = r . (v_WQ - v_WP):
//   f_AP = (k (l - l0) + c dl/dt) r     applied ON body A at P (pulls A towards B when stretched)
//   f_BQ = -f_AP                         applied ON body B at Q
// The outputs follow docs/design.md, "Force and energy conventions": ForceX on body X, MomentX =
// (point - PosX) x ForceX about X's origin, world frame (two_body_connector.h). Energy and power
// (Drake's definitions):
//   PotentialEnergy       = k (l - l0)^2 / 2                     [J]
//   ConservativePower     = -d(PotentialEnergy)/dt = -k (l - l0) dl/dt          [W]
//   NonConservativePower  = -c (dl/dt)^2   (<= 0: the damper only dissipates)   [W]
//   DissipatedPower       = c (dl/dt)^2 >= 0, integrated in the state DissipatedEnergy [J]
// The power the element delivers to the bodies, sum over X of ForceX . v_X + MomentX . omega_X,
// equals ConservativePower + NonConservativePower, so kinetic + potential + DissipatedEnergy is
// constant in a scenario of bodies and such elements.
//
// As in Drake: FreeLength l0 > 0, Stiffness k >= 0 and Damping c >= 0 (checked at load; Damping
// defaults to 0 here, Drake has no default). The direction r is undefined at l = 0: when
// l < 1e-9 l0 the run stops with a SimulationError naming this object (Drake throws when l is
// below machine epsilon times l0; hawser stops earlier, where r is already dominated by rounding).
#pragma once

#include "simobjects/connector/two_body_connector.h"

namespace hawser {

class SpringDamper final : public TwoBodyConnector {
 public:
  explicit SpringDamper(ObjectArgs& args);
  void CalcDerivatives() override;

  /// The length, relative to FreeLength, below which the run stops.
  static constexpr double kMinRelativeLength = 1e-9;

 private:
  /// Returns the vector from P to Q, world frame; throws SimulationError when it is near zero.
  Eigen::Vector3d Span(const BodyKinematics& a, const BodyKinematics& b) const;
  void CalcGeometry();
  void CalcForces();

  Eigen::Vector3d point_a_, point_b_;  ///< P in A's frame, Q in B's frame [m].
  double free_length_, stiffness_, damping_;
  State dissipated_energy_;
  Output length_, potential_energy_;
  Output length_rate_, conservative_power_, non_conservative_power_, dissipated_power_;
};

}  // namespace hawser
