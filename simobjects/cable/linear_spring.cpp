#include "simobjects/cable/linear_spring.h"

#include <limits>

namespace hawser {

LinearSpring::LinearSpring(ObjectArgs& args) : SimObject(args) {
  stiffness_ = DeclareParameter<double>(
      {.name = "Stiffness", .unit = "N/m", .doc = "Axial stiffness k.", .check = AtLeast(0.0)});
  relaxed_length_ = DeclareParameter<double>({.name = "RelaxedLength",
                                              .unit = "m",
                                              .doc = "Length L0 at which the force is zero.",
                                              .check = AtLeast(0.0)});
  pos_a_ = DeclareInput({.name = "PosA", .width = 3, .unit = "m", .doc = "Position of end A."});
  pos_b_ = DeclareInput({.name = "PosB", .width = 3, .unit = "m", .doc = "Position of end B."});
  force_a_ = DeclareOutput({.name = "ForceA",
                            .width = 3,
                            .unit = "N",
                            .doc = "Force on end A: k (L - L0) (PosB - PosA) / L."});
  force_b_ =
      DeclareOutput({.name = "ForceB", .width = 3, .unit = "N", .doc = "Force on end B: -ForceA."});
  DeclareOutputFromInput(
      {.name = "PosA", .width = 3, .unit = "m", .doc = "Position of end A (echo)."}, pos_a_);
  DeclareOutputFromInput(
      {.name = "PosB", .width = 3, .unit = "m", .doc = "Position of end B (echo)."}, pos_b_);
  potential_energy_ = DeclareOutput({.name = "PotentialEnergy",
                                     .width = 1,
                                     .unit = "J",
                                     .doc = "Elastic energy k (L - L0)^2 / 2."});
  DeclareCalc({force_a_, force_b_}, {pos_a_, pos_b_}, [this] { CalcForces(); });
  DeclareCalc(
      {potential_energy_}, {pos_a_, pos_b_}, [this] { CalcEnergy(); }, CalcRole::kDiagnostic);
}

void LinearSpring::CalcForces() {
  const Eigen::Vector3d l = in3(pos_b_) - in3(pos_a_);
  const double length = l.norm();
  const Eigen::Vector3d force_a =
      length > 0.0 ? Eigen::Vector3d(stiffness_ * (length - relaxed_length_) / length * l)
                   : Eigen::Vector3d::Constant(std::numeric_limits<double>::quiet_NaN());
  out3(force_a_) = force_a;
  out3(force_b_) = -force_a;
}

void LinearSpring::CalcEnergy() {
  const double stretch = (in3(pos_b_) - in3(pos_a_)).norm() - relaxed_length_;
  out(potential_energy_)[0] = 0.5 * stiffness_ * stretch * stretch;
}

}  // namespace hawser
