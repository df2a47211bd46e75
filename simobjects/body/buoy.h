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
//
// In an ocean (an Environment/Ocean in the scenario): density and gravity are the ocean's (a
// different WaterDensity or Gravity, or any SurfaceZ, is an error), the surface is the
// instantaneous free surface above the centre (SurfaceZ = eta(t, x, y)), so buoyancy follows
// the wetted volume in waves; u is taken relative to the ocean's water velocity (waves and
// current, plus the Current input) at the centre (at the surface above it when the centre is
// dry), and the water's acceleration a_w adds the Morison inertia force (1 + Ca) rho V_s a_w
// (Froude-Krylov plus added mass). Without an ocean nothing changes.
#pragma once

#include <Eigen/Dense>

#include "hawser/ocean.h"
#include "hawser/simobject.h"

namespace hawser {

class Buoy final : public SimObject {
 public:
  explicit Buoy(ObjectArgs& args);
  void CalcDerivatives() override;
  void Initialize() override;

 private:
  /// The ocean's water at the buoy: free-surface height, velocity (without the Current input)
  /// and acceleration; without an ocean, SurfaceZ and still water.
  struct Water {
    double surface_z = 0.0;
    Eigen::Vector3d velocity = Eigen::Vector3d::Zero();
    Eigen::Vector3d acceleration = Eigen::Vector3d::Zero();
  };
  Water OceanAtBuoy() const;
  /// Submerged volume [m^3] at height z of the centre, under a surface at surface_z.
  double SubmergedVolume(double z, double surface_z) const;

  double mass_, radius_, cd_, ca_, rho_, g_, surface_z_;
  Input force_, current_;
  State pos_, vel_;
  Output buoyancy_;
  ServiceUse ocean_;
  bool given_density_ = false, given_gravity_ = false, given_surface_ = false;
  Water water_;  ///< OceanAtBuoy() at the state being evaluated.
};

}  // namespace hawser
