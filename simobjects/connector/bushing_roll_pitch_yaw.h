// Connector/BushingRollPitchYaw: Drake's LinearBushingRollPitchYaw (Drake reference page).
//
// A massless bushing between frame A fixed on body A (Drake's link L0) and frame C fixed on body
// B (link L1). Each frame is given in its body's frame by a position and a unit quaternion
// (w, x, y, z) rotating frame vectors into body vectors (default: the body frame).
//
// Law, as on the page (angles in rad):
//   q = [roll, pitch, yaw] of C in A: R_AC = Rz(q2) Ry(q1) Rx(q0); pitch in [-pi/2, pi/2].
//   qdot = N w_AC_A, N = [[c2/c1, s2/c1, 0], [-s2, c2, 0], [c2 t1, s2 t1, 1]] (ci = cos qi, ...).
//   tau = -(k∘q + d∘qdot)                     "gimbal" torques
//   B: the frame halfway (same axis, half the angle) from A to C, origin Bo midway Ao..Co.
//   [x y z] = p_AoCo expressed in B; [xdot ydot zdot] = its derivative in B, with Drake's
//   w_AB = w_AC / 2:  xyzdot = R_BA (v_ACo_A - w_AC_A / 2 x p_AoCo_A).
//   f = -(kxyz∘xyz + dxyz∘xyzdot)             force on C, expressed in B
//   t = N^T tau                                torque on C, expressed in A (t . w_AC = tau . qdot)
// The forces on C are the couple t plus f at Cp; those on A are -t plus -f at Ap; Cp and Ap are
// the points of C and A coincident with Bo. Outputs SpatialForceAonA = F_A_A (moment about Ao,
// then force; expressed in A) and SpatialForceConC = F_C_C (moment about Co, then force;
// expressed in C) as Drake's CalcBushingSpatialForceOnFrameA/C define them; ForceX/MomentX are
// the same forces in world, about each body's origin. Outputs q, qdot, tau, xyz, xyzdot, f, t.
// PotentialEnergy = (k∘q).q/2 + (kxyz∘xyz).xyz/2; DissipatedPower = (d∘qdot).qdot +
// (dxyz∘xyzdot).xyzdot >= 0 (Drake's non-conservative power, negated), integrated in the state
// DissipatedEnergy. The power delivered to the bodies is exactly tau.qdot + f.xyzdot.
//
// Notes and deliberate differences:
// - Drake's model is not exactly conservative: with w_AB = w_AC / 2 (exact only when w_AC is
//   parallel to the rotation axis of R_AC, e.g. zero), d/dt of PotentialEnergy differs from
//   (k∘q).qdot + (kxyz∘xyz).xyzdot unless kx = ky = kz. hawser reproduces Drake's force law
//   unchanged; the energy balance K + V + DissipatedEnergy holds exactly in those cases only.
// - Near gimbal lock (|cos pitch| < 0.008, Drake's RollPitchYaw threshold, about 0.46 deg from
//   +-90 deg) Drake throws; hawser stops the run with a SimulationError naming this object.
// - Roll and yaw jump at +-pi (no wrapping), as on the page. Damping defaults to zero.
#pragma once

#include "simobjects/common/rotation_math.h"
#include "simobjects/connector/two_body_connector.h"

namespace hawser {

class BushingRollPitchYaw final : public TwoBodyConnector {
 public:
  explicit BushingRollPitchYaw(ObjectArgs& args);
  void CalcDerivatives() override;

 private:
  void Calc();

  FrameOnBody frame_a_, frame_c_;
  Eigen::Vector3d torque_stiffness_, torque_damping_, force_stiffness_, force_damping_;
  Output q_, qdot_, tau_, xyz_, xyzdot_, f_, t_, spatial_a_, spatial_c_, potential_energy_,
      dissipated_power_;
  State dissipated_energy_;
};

}  // namespace hawser
