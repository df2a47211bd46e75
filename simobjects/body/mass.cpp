#include "simobjects/body/mass.h"

namespace hawser {

PointMass::PointMass(ObjectArgs& args) : SimObject(args) {
  mass_ = DeclareParameter<double>(
      {.name = "Mass", .unit = "kg", .doc = "Mass m.", .check = Positive()});
  inverse_mass_ = 1.0 / mass_;
  DeclareIgnoredParameter("Material", "Visual only (FhSim); ignored.");
  DeclareIgnoredParameter("Mesh", "Visual only (FhSim); ignored.");
  DeclareIgnoredParameter("Scale", "Visual only (FhSim); ignored.");
  force_ = DeclareInput({.name = "Force",
                         .width = 3,
                         .unit = "N",
                         .doc = "Total external force, world frame.",
                         .dims = {XyzDimension()}});
  pos_ = DeclareState({.name = "Pos",
                       .width = 3,
                       .unit = "m",
                       .doc = "Position, world frame.",
                       .dims = {XyzDimension()}});
  vel_ = DeclareState({.name = "Vel",
                       .width = 3,
                       .unit = "m/s",
                       .doc = "Velocity, world frame.",
                       .dims = {XyzDimension()}});
  DeclareOutputFromState({.name = "Pos",
                          .width = 3,
                          .unit = "m",
                          .doc = "Position (state).",
                          .dims = {XyzDimension()}},
                         pos_);
  DeclareOutputFromState({.name = "Vel",
                          .width = 3,
                          .unit = "m/s",
                          .doc = "Velocity (state).",
                          .dims = {XyzDimension()}},
                         vel_);
  kinetic_energy_ =
      DeclareOutput({.name = "KineticEnergy", .width = 1, .unit = "J", .doc = "m |Vel|^2 / 2."});
  DeclareCalc(
      {kinetic_energy_}, {},
      [this] { out(kinetic_energy_)[0] = 0.5 * mass_ * state3(vel_).squaredNorm(); },
      CalcRole::kDiagnostic);
}

void PointMass::CalcDerivatives() {
  // Both results before either store: a store through one view could, for all the compiler
  // knows, change the tables the next view is read from.
  const Eigen::Vector3d vel = state3(vel_);
  const Eigen::Vector3d acceleration = in3(force_) * inverse_mass_ + gravity_;
  derivative3(pos_) = vel;
  derivative3(vel_) = acceleration;
}

}  // namespace hawser
