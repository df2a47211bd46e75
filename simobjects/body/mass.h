// Body/Mass: a point mass with 3 translational degrees of freedom, without gravity.
//
//   m Vel' = Force,   Pos' = Vel        (world frame; m = Mass [kg], Force [N])
//   KineticEnergy = m |Vel|^2 / 2  [J]
//
// Pos and Vel are states (start at 0 unless an <InitialCondition> gives them) and outputs that
// read no input, so a body breaks algebraic loops. Force must be connected (write "0,0,0" for a
// free body). Material, Mesh and Scale are FhSim's visual parameters: accepted and ignored.
// Gravity is not applied here; Body/3DBody (body_3d.h) is the same body with gravity.
#pragma once

#include "hawser/simobject.h"

namespace hawser {

/// A point mass under Force plus a constant acceleration field `gravity_` (zero unless a subclass
/// sets it): the shared part of Body/Mass and Body/3DBody.
class PointMass : public SimObject {
 protected:
  /// Declares Mass, the ignored visual parameters, Force, Pos, Vel and KineticEnergy.
  explicit PointMass(ObjectArgs& args);

  double mass_;
  /// 1 / m: one multiplication per step instead of three divisions (within an ulp of F / m).
  double inverse_mass_;
  Eigen::Vector3d gravity_ = Eigen::Vector3d::Zero();  ///< [m/s^2]
  Input force_;
  State pos_, vel_;
  Output kinetic_energy_;

 private:
  /// What the derivatives read and write (a kernel's item, hawser/kernel.h).
  struct Motion {
    const double* force;
    const double* vel;
    double* pos_derivative;
    double* vel_derivative;
    double inverse_mass;
    double gravity[3];
  };
  static void Derivatives(const Motion& m);
};

class Mass final : public PointMass {
 public:
  explicit Mass(ObjectArgs& args) : PointMass(args) {}
};

}  // namespace hawser
