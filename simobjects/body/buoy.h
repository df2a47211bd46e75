// Body/Buoy: a spherical buoy, 3 translational degrees of freedom, for mid-water and surface
// buoys on mooring lines.
//
// With R = Diameter / 2, the water surface at z = SurfaceZ and the submerged volume of the
// sphere V_s (a spherical cap of height h = clamp(SurfaceZ - (z - R), 0, 2R):
// V_s = pi h^2 (3R - h) / 3; fully submerged V_s = 4/3 pi R^3):
//   (m + a) Vel' = Force - m g e_z + rho V_s g e_z - 1/2 rho Cd (pi R^2 V_s / V) |u| u
//   Pos' = Vel,   a = Ca rho V_s (isotropic),   u = Vel - Current
// (the drag area pi R^2 scales with the submerged fraction). Force (e.g. a cable's ForceB) is
// every other force on the buoy, world frame, z up. Pos and Vel are states and outputs that
// read no input, so a buoy breaks algebraic loops between cables.
#pragma once

#include "hawser/simobject.h"

namespace hawser {

class Buoy final : public SimObject {
 public:
  explicit Buoy(ObjectArgs& args);
  void CalcDerivatives() override;

 private:
  /// Submerged volume [m^3] at height z of the centre.
  double SubmergedVolume(double z) const;

  double mass_, radius_, cd_, ca_, rho_, g_, surface_z_;
  Input force_, current_;
  State pos_, vel_;
  Output buoyancy_;
};

}  // namespace hawser
