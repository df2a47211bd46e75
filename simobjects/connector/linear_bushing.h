// Connector/LinearBushing: Simbody's Force::LinearBushing (Simbody 3.3 reference page).
//
// A massless compliant element between frame F fixed on body A (Simbody's body 1) and frame M
// fixed on body B (body 2). Each frame is given in its body's frame by a position and a unit
// quaternion (w, x, y, z) rotating frame vectors into body vectors (default: the body frame).
//
// Coordinates, as the page defines them (angles in rad):
//   q = [qx, qy, qz, px, py, pz]: the body-fixed x-y-z (1-2-3) Euler angles of M in F,
//       R_FM = Rx(qx) Ry(qy) Rz(qz), then p_FM (F's origin to M's origin) expressed in F.
//   qdot: [qx, qy, qz]' = N(q) w_FM_M (w_FM_M: angular velocity of M in F, expressed in M, with
//       the x-y-z kinematics N of rotation_math.h), and v_FM = d/dt p_FM taken in F.
//   f_i = -(k_i q_i + c_i qdot_i)      (generalized forces on body B, rotations first)
//   PotentialEnergy = sum k_i q_i^2 / 2,   DissipatedPower = sum c_i qdot_i^2 >= 0.
// Spatial forces (the page: "the scalar rotational moments f_0..f_2 act about rotated axes ...
// transformed internally"; as a Bushing mobilizer with qdot = N w): the couple on B is
// m = N^T [f0, f1, f2] expressed in M (so m . w_FM = f_rot . qdot_rot), the force on B is
// [f3, f4, f5] expressed in F, applied at M's origin; body A gets -m and -force at the same
// point (the point of A coincident with M's origin). ForceX/MomentX are these, in world, about
// each body's origin. As Drake's bushing reports them (CalcBushingSpatialForceOnFrameA/C), the
// same forces are also output at the bushing frames, each [moment; force] on that frame:
//   SpatialForceMonM = [m, force on B] about M's origin Mo, expressed in M;
//   SpatialForceFonF = [-m - p_FoMo x force, -force on B] about F's origin Fo, expressed in F
// (the force on A acts at the point of A coincident with Mo, hence the transfer term).
// So the element's power is sum f_i qdot_i = -(dV/dt + DissipatedPower).
//
// Deliberate differences: Simbody gives no threshold for the singular middle angle; hawser stops
// the run (SimulationError naming this object) when |cos qy| < 0.008 (kGimbalLockCosTolerance,
// Drake's threshold), since N and the torques are unbounded there. Damping defaults to zero.
// The angles cannot wrap: q jumps when an angle passes +-pi (the page says so too).
#pragma once

#include "simobjects/common/rotation_math.h"
#include "simobjects/connector/two_body_connector.h"

namespace hawser {

class LinearBushing final : public TwoBodyConnector {
 public:
  explicit LinearBushing(ObjectArgs& args);
  void CalcDerivatives() override;

 private:
  void Calc();

  FrameOnBody frame_f_, frame_m_;
  Eigen::Matrix<double, 6, 1> stiffness_, damping_;
  Output q_, qdot_, f_, spatial_f_, spatial_m_, potential_energy_, dissipated_power_;
  State dissipated_energy_;
};

}  // namespace hawser
