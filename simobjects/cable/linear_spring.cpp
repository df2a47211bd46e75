#include "simobjects/cable/linear_spring.h"

#include <limits>
#include <string>

#include "hawser/text.h"

namespace hawser {

LinearSpring::LinearSpring(ObjectArgs& args) : SimObject(args) {
  stiffness_ = DeclareParameter<double>(
      {.name = "Stiffness", .unit = "N/m", .doc = "Axial stiffness k.", .check = AtLeast(0.0)});
  relaxed_length_ = DeclareParameter<double>({.name = "RelaxedLength",
                                              .unit = "m",
                                              .doc = "Length L0 at which the force is zero.",
                                              .check = AtLeast(0.0)});
  pos_a_ = DeclareInput({.name = "PosA",
                         .width = 3,
                         .unit = "m",
                         .doc = "Position of end A.",
                         .dims = {XyzDimension()}});
  pos_b_ = DeclareInput({.name = "PosB",
                         .width = 3,
                         .unit = "m",
                         .doc = "Position of end B.",
                         .dims = {XyzDimension()}});
  force_a_ = DeclareOutput({.name = "ForceA",
                            .width = 3,
                            .unit = "N",
                            .doc = "Force on end A: k (L - L0) (PosB - PosA) / L.",
                            .dims = {XyzDimension()}});
  force_b_ = DeclareOutput({.name = "ForceB",
                            .width = 3,
                            .unit = "N",
                            .doc = "Force on end B: -ForceA.",
                            .dims = {XyzDimension()}});
  DeclareOutputFromInput({.name = "PosA",
                          .width = 3,
                          .unit = "m",
                          .doc = "Position of end A (echo).",
                          .dims = {XyzDimension()}},
                         pos_a_);
  DeclareOutputFromInput({.name = "PosB",
                          .width = 3,
                          .unit = "m",
                          .doc = "Position of end B (echo).",
                          .dims = {XyzDimension()}},
                         pos_b_);
  potential_energy_ = DeclareOutput({.name = "PotentialEnergy",
                                     .width = 1,
                                     .unit = "J",
                                     .doc = "Elastic energy k (L - L0)^2 / 2."});
  DeclareKernelCalc<&LinearSpring::CalcForces>({force_a_, force_b_}, {pos_a_, pos_b_}, [this] {
    return Ends{in3(pos_a_).data(),    in3(pos_b_).data(), out3(force_a_).data(),
                out3(force_b_).data(), stiffness_,         relaxed_length_};
  });
  DeclareCalc(
      {potential_energy_}, {pos_a_, pos_b_}, [this] { CalcEnergy(); }, CalcRole::kDiagnostic);
}

void LinearSpring::Initialize() {
  // ForceA = k (L - L0) l / L has no direction at L = 0; known before the run when the ends
  // start at the same point (constant inputs or bodies' initial conditions): a scenario error
  // at this object's line rather than a non-finite value at t = 0. Met later in a run, the
  // non-finite force stops the run, which names this object (Model's diagnosis).
  const Eigen::Vector3d a = in3(pos_a_), b = in3(pos_b_);
  if (a == b) {
    throw Error("ends PosA and PosB coincide at (" + NumberText(a.x()) + "," + NumberText(a.y()) +
                "," + NumberText(a.z()) +
                ") at the start; the direction of the force is undefined; expected distinct end "
                "positions");
  }
}

void LinearSpring::CalcForces(const Ends& e) {
  using Vector = Eigen::Map<const Eigen::Vector3d>;
  const Eigen::Vector3d l = Vector(e.pos_b) - Vector(e.pos_a);
  const double length = l.norm();
  const Eigen::Vector3d force_a =
      length > 0.0 ? Eigen::Vector3d(e.stiffness * (length - e.relaxed_length) / length * l)
                   : Eigen::Vector3d::Constant(std::numeric_limits<double>::quiet_NaN());
  Eigen::Map<Eigen::Vector3d>(e.force_a) = force_a;
  Eigen::Map<Eigen::Vector3d>(e.force_b) = -force_a;
}

void LinearSpring::CalcEnergy() {
  const double stretch = (in3(pos_b_) - in3(pos_a_)).norm() - relaxed_length_;
  out(potential_energy_)[0] = 0.5 * stiffness_ * stretch * stretch;
}

}  // namespace hawser
