// Body/3DBody (FhSim alias Ball/3DBody): a point mass with 3 translational degrees of freedom
// under gravity.
//
//   m Vel' = Force + m g,   Pos' = Vel      (world frame, z up; g = Gravity, default (0,0,-9.81))
//   KineticEnergy   = m |Vel|^2 / 2   [J]
//   PotentialEnergy = -m g . Pos      [J]  (gravitational, zero at the origin)
//
// Otherwise as Body/Mass (mass.h): Pos and Vel are states and loop-breaking outputs, Force must
// be connected, Material, Mesh and Scale are accepted and ignored. With Force = 0,
// KineticEnergy + PotentialEnergy is conserved.
#pragma once

#include "simobjects/body/mass.h"

namespace hawser {

class Body3D final : public PointMass {
 public:
  explicit Body3D(ObjectArgs& args);

 private:
  Output potential_energy_;
};

}  // namespace hawser
