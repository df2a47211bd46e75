#include "simobjects/body/mass.h"

namespace hawser {

PointMass::PointMass(ObjectArgs& args) : SimObject(args) {
  mass_ = DeclareParameter<double>(
      {.name = "Mass", .unit = "kg", .doc = "Mass m.", .check = Positive()});
  inverse_mass_ = 1.0 / mass_;
  DeclareIgnoredParameter("Material", "Visual only (FhSim); ignored.");
  DeclareIgnoredParameter("Mesh", "Visual only (FhSim); ignored.");
  DeclareIgnoredParameter("Scale", "Visual only (FhSim); ignored.");
  force_ = DeclareInput(Vector3Port("Force", "N", "Total external force, world frame."));
  pos_ = DeclareState(PositionState("Position, world frame."));
  vel_ = DeclareState(VelocityState("Velocity, world frame."));
  DeclareOutputFromState(Vector3Port("Pos", "m", "Position (state)."), pos_);
  DeclareOutputFromState(Vector3Port("Vel", "m/s", "Velocity (state)."), vel_);
  kinetic_energy_ =
      DeclareOutput({.name = "KineticEnergy", .width = 1, .unit = "J", .doc = "m |Vel|^2 / 2."});
  DeclareCalc(
      {kinetic_energy_}, {},
      [this] { out(kinetic_energy_)[0] = 0.5 * mass_ * state3(vel_).squaredNorm(); },
      CalcRole::kDiagnostic);
  // Packed after wiring and after Initialize(): a subclass sets gravity_ in its constructor.
  DeclareDerivativeKernel<&PointMass::Derivatives>([this] {
    return Motion{
        in3(force_).data(),       state3(vel_).data(), derivative3(pos_).data(),
        derivative3(vel_).data(), inverse_mass_,       {gravity_.x(), gravity_.y(), gravity_.z()}};
  });
}

void PointMass::Derivatives(const Motion& m) {
  // Both results before either store: a store could, for all the compiler knows, change the
  // values the other result is computed from.
  using Vector = Eigen::Map<const Eigen::Vector3d>;
  const Eigen::Vector3d vel = Vector(m.vel);
  const Eigen::Vector3d acceleration = Vector(m.force) * m.inverse_mass + Vector(m.gravity);
  Eigen::Map<Eigen::Vector3d>(m.pos_derivative) = vel;
  Eigen::Map<Eigen::Vector3d>(m.vel_derivative) = acceleration;
}

}  // namespace hawser
