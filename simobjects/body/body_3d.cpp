#include "simobjects/body/body_3d.h"

namespace hawser {

Body3D::Body3D(ObjectArgs& args) : PointMass(args) {
  gravity_ = DeclareParameter<Eigen::VectorXd>({.name = "Gravity",
                                                .unit = "m/s^2",
                                                .doc = "Gravitational acceleration g, world frame.",
                                                .fallback = Eigen::Vector3d(0.0, 0.0, -9.81),
                                                .size = 3});
  potential_energy_ = DeclareOutput(
      ScalarPort("PotentialEnergy", "J", "Gravitational energy -m g . Pos (0 at the origin)."));
  DeclareCalc(
      {potential_energy_}, {},
      [this] { out(potential_energy_)[0] = -mass_ * gravity_.dot(state3(pos_)); },
      CalcRole::kDiagnostic);
}

}  // namespace hawser
