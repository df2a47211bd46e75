// Body/FloatingBody (alias Body/Floater): a rigid floating body for mooring analysis, 6 DOF, with
// linear hydrostatics, constant added mass, linear and quadratic damping, and first-order wave
// excitation from force RAOs in the ocean's sea (the frequency-domain-coefficient body of
// OrcaFlex, SIMA or MoorDyn's coupled bodies). Needs an Environment/Ocean (density, gravity,
// current, waves).
//
// Frames: the body origin O is the point the hydrodynamic data refer to (usually on the
// waterplane, above the centre of flotation); the body frame has x to the bow, y to port, z up.
// The heading frame is the world frame turned by the body's yaw psi (roll-pitch-yaw R =
// Rz(yaw) Ry(pitch) Rx(roll), rotation_math.h): hydrostatic and wave loads are given in it, so
// they turn with the body's heading but not with its roll and pitch.
//
// States (like Body/6DBody, but at O): Pos (3, m) of O, world; Quat (4) body -> world; Vel
// (3, m/s) of O, world; AngVel (3, rad/s) world.
//
// Loads (generalised 6-vectors: force, then moment about O):
//   weight and buoyancy  (0, 0, rho g V - m g) at O, world. At the reference the body floats on
//                        an even keel with its centre of buoyancy below G: the weight's and
//                        buoyancy's moments under roll and pitch are both in C (as in WAMIT's
//                        and OrcaFlex's hydrostatic stiffness: GM includes G's height).
//   hydrostatics         -C xi in the heading frame, xi = (0, 0, z_O - HydrostaticZ, roll,
//                        pitch, 0). C is HydrostaticStiffness (6x6), or from WaterplaneArea Awp
//                        and MetacentricHeight (GMT, GML): C33 = rho g Awp, C44 = rho g V GMT,
//                        C55 = rho g V GML. Surge, sway and yaw are not restored by
//                        hydrostatics: their rows and columns of C must be zero.
//   damping              -B nu - Bq (nu_r |nu_r|) (element-wise), body frame, with nu the body
//                        velocity (R^T v_O, R^T omega) and nu_r the same relative to the ocean's
//                        current at O's depth (the surface current when O is above z = 0).
//                        B = LinearDamping, Bq = QuadraticDamping [N s^2/m^2 ...].
//   waves                the force RAOs (ForceRAOFile, rao_table.h; per metre of wave amplitude,
//                        N/m and N*m/m about O, heading frame) summed over the ocean's wave
//                        components at O's instantaneous horizontal position and at each
//                        component's heading relative to the body's yaw (wave_response.h).
//   inputs               Force (world, at O) and Moment (world, about O), e.g. the fairleads'
//                        Body/Point BodyForce and BodyMoment.
// Equations of motion about O (G = O + c, c = R CentreOfGravity):
//   (M_RB + A_w) (a_O, alpha) = (F - m w x (w x c),  M_O - w x (I_G w) - m c x (w x (w x c)))
//   M_RB = [[m 1, -m [c]x], [m [c]x, I_G + m [c]x^T [c]x]] (world), I_G = R Inertia R^T, and
//   A_w = diag(R, R) AddedMass diag(R, R)^T (AddedMass about O in the body frame, constant: the
//   infinite-frequency or a representative added mass; no radiation memory).
// Hull data from WAMIT files (WamitFile="base", wamit_hull.h) instead: C from base.hst, the force
// RAOs from base.3, AddedMass = A_inf from base.1, and the radiation memory mu (Cummins'
// equation, radiation_fit.h) on the body velocity: the load -mu(nu), body frame, with its
// states RadiationMemory (x' = a x + b nu_j per fitted DOF pair).
//   Pos' = Vel, Vel' = a_O, AngVel' = alpha, Quat' as Body/6DBody (stabilised).
//
// Outputs: Pos, Quat (normalised), Vel, AngVel; RollPitchYaw [deg]; WaveLoad (6, heading frame,
// the RAO excitation). Valid for small roll and pitch (linear hydrostatics), any yaw and drift.
#pragma once

#include <optional>

#include "hawser/ocean.h"
#include "hawser/simobject.h"
#include "simobjects/body/rao_table.h"
#include "simobjects/body/rigid_body_object.h"
#include "simobjects/body/wamit_hull.h"
#include "simobjects/body/wave_response.h"

namespace hawser {

using Matrix6d = Eigen::Matrix<double, 6, 6>;

class FloatingBody final : public RigidBodyObject {
 public:
  explicit FloatingBody(ObjectArgs& args);
  void Initialize() override;
  void CalcDerivatives() override;

 private:
  void DeclareHydrostatics(const ObjectArgs& args);
  void DeclareDamping();
  /// WamitFile and its scales; reads the files (the state's width depends on the fit).
  void DeclareWamit(const ObjectArgs& args);
  /// The attitude outputs (Quat, RollPitchYaw) at the current state. A calculation of its own,
  /// so that a result row logging only the body's pose (or points on it) skips the loads.
  void CalcAttitude();
  /// The attitude, the wave load and the environment loads at the current state: computed once
  /// per evaluation by WaveLoad's calculation (which the model always runs before the
  /// derivatives: it is not diagnostic), read again by CalcDerivatives.
  void CalcLoads();
  /// The loads other than the inputs (weight, buoyancy, hydrostatics, damping, waves), about O,
  /// world, for attitude `rotation` with roll-pitch-yaw angles `rpy` [rad]; also the wave load
  /// in the heading frame.
  Vector6d EnvironmentLoads(const Eigen::Matrix3d& rotation, const Eigen::Vector3d& rpy,
                            Vector6d& wave) const;

  Eigen::Vector3d centre_of_gravity_;
  double displacement_ = 0.0;  ///< V [m^3]; 0: m / rho (set in Initialize).
  double hydrostatic_z_;
  Matrix6d stiffness_ = Matrix6d::Zero();  ///< C, or built in Initialize from Awp and GM.
  double waterplane_area_ = 0.0;
  Eigen::Vector2d metacentric_height_ = Eigen::Vector2d::Zero();
  bool stiffness_from_waterplane_ = false;
  Matrix6d added_mass_, linear_damping_, quadratic_damping_;
  std::optional<RaoTable> force_raos_;
  RadiationMemory memory_;
  State memory_state_;  ///< Declared when memory_ has pairs.
  WamitScales wamit_scales_;
  bool wamit_ = false;
  double fit_tolerance_ = 0.02;
  double rho_ = 0.0, g_ = 0.0;
  ServiceUse ocean_;
  Output rpy_, wave_load_;
  // CalcLoads' results, for CalcDerivatives.
  Eigen::Vector4d quat_value_ = Eigen::Vector4d(1, 0, 0, 0);  ///< The Quat state as integrated.
  Eigen::Matrix3d rotation_ = Eigen::Matrix3d::Identity();
  Vector6d environment_loads_ = Vector6d::Zero();
};

}  // namespace hawser
