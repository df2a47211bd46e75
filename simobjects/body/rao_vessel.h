// Body/RAOVessel (alias Body/Vessel): a vessel whose 6-DOF motion is prescribed by its
// displacement RAOs in the ocean's sea (OrcaFlex's "prescribed by RAOs" vessel). It has no states;
// its outputs wire into Body/Point objects (fairleads) like a body's states.
//
// Motion: with xi(t) = (surge, sway, heave [m], roll, pitch, yaw [rad]) the sum over the ocean's
// wave components of a |H| cos(psi + epsilon) (wave_response.h; RAO conventions and file format
// in rao_table.h: heading relative to the vessel's bow, phase lag in degrees, rotations in deg/m),
// with the phase psi at the reference point Position and the relative heading taken from the
// mean Heading (first-order: the vessel's own yaw does not feed back):
//   Pos    = Position + Rz(Heading) (surge, sway, heave)
//   Quat   = Rz(Heading + yaw) Ry(pitch) Rx(roll)         (roll-pitch-yaw, rotation-matrix form)
//   Vel    = Rz(Heading) (surge', sway', heave')          (exact time derivative of Pos)
//   AngVel = yaw' z + Rz(Heading + yaw) (pitch' y + Ry(pitch) roll' x)   (world; exact for the
//            roll-pitch-yaw sequence, so Pos/Quat and Vel/AngVel are consistent)
// Outputs also the Motion (surge, sway, heave [m], roll, pitch, yaw [deg]) in the mean heading's
// frame. Needs an Environment/Ocean; in still water the vessel stays at Position.
#pragma once

#include <optional>

#include "hawser/ocean.h"
#include "hawser/simobject.h"
#include "simobjects/body/rao_table.h"

namespace hawser {

class RaoVessel final : public SimObject {
 public:
  explicit RaoVessel(ObjectArgs& args);
  /// Refuses a mean Position below the ocean's seabed (ocean_agreement.h).
  void Initialize() override;

 private:
  void CalcMotion();

  std::optional<RaoTable> raos_;
  Eigen::Vector3d position_;
  SourceLocation position_at_;  ///< Position's line (the <Lib>'s when not given).
  double heading_ = 0.0;        ///< [rad]
  ServiceUse ocean_;
  Output pos_, quat_, vel_, ang_vel_, motion_;
};

}  // namespace hawser
