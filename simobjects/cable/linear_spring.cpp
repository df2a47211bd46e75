// The showcase SimObject (docs/writing-simobjects.md): parameters, ports, one calculation per
// group of outputs, each the equation of linear_spring.h. Objects that come by the thousand on
// a hot path may declare a calculation in kernel form instead (hawser/kernel.h).
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
  pos_a_ = DeclareInput(Vector3Port("PosA", "m", "Position of end A."));
  pos_b_ = DeclareInput(Vector3Port("PosB", "m", "Position of end B."));
  force_a_ =
      DeclareOutput(Vector3Port("ForceA", "N", "Force on end A: k (L - L0) (PosB - PosA) / L."));
  force_b_ = DeclareOutput(Vector3Port("ForceB", "N", "Force on end B: -ForceA."));
  DeclareOutputFromInput(Vector3Port("PosA", "m", "Position of end A (echo)."), pos_a_);
  DeclareOutputFromInput(Vector3Port("PosB", "m", "Position of end B (echo)."), pos_b_);
  potential_energy_ = DeclareOutput({.name = "PotentialEnergy",
                                     .width = 1,
                                     .unit = "J",
                                     .doc = "Elastic energy k (L - L0)^2 / 2."});
  DeclareCalc({force_a_, force_b_}, {pos_a_, pos_b_}, [this] { CalcForces(); });
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
