#include "simobjects/connector/spring_damper.h"

#include <tuple>

#include "hawser/text.h"

namespace hawser {

SpringDamper::SpringDamper(ObjectArgs& args) : TwoBodyConnector(args) {
  std::tie(point_a_, point_b_) = DeclareAttachmentPoints("P", "Q");
  free_length_ = DeclareParameter<double>({.name = "FreeLength",
                                           .unit = "m",
                                           .doc = "Free length l0 (no force at l = l0).",
                                           .check = Positive()});
  stiffness_ = DeclareParameter<double>(
      {.name = "Stiffness", .unit = "N/m", .doc = "Stiffness k.", .check = AtLeast(0.0)});
  damping_ = DeclareParameter<double>({.name = "Damping",
                                       .unit = "N*s/m",
                                       .doc = "Damping c.",
                                       .fallback = 0.0,
                                       .check = AtLeast(0.0)});
  dissipated_energy_ =
      DeclareState(DissipatedEnergyState("Energy dissipated by the damper since the start."));
  length_ = DeclareOutput({.name = "Length", .width = 1, .unit = "m", .doc = "l = |p_WQ - p_WP|."});
  potential_energy_ = DeclareOutput(
      {.name = "PotentialEnergy", .width = 1, .unit = "J", .doc = "k (l - l0)^2 / 2."});
  length_rate_ = DeclareOutput({.name = "LengthRate", .width = 1, .unit = "m/s", .doc = "dl/dt."});
  conservative_power_ = DeclareOutput({.name = "ConservativePower",
                                       .width = 1,
                                       .unit = "W",
                                       .doc = "-d(PotentialEnergy)/dt = -k (l - l0) dl/dt."});
  non_conservative_power_ = DeclareOutput({.name = "NonConservativePower",
                                           .width = 1,
                                           .unit = "W",
                                           .doc = "-c (dl/dt)^2 (Drake's sign: < 0 dissipates)."});
  dissipated_power_ = DeclareOutput(
      {.name = "DissipatedPower", .width = 1, .unit = "W", .doc = "c (dl/dt)^2 >= 0."});
  DeclareCalc({length_, potential_energy_}, {a_.pos, a_.quat, b_.pos, b_.quat},
              [this] { CalcGeometry(); });
  DeclareCalc({force_a_, moment_a_, force_b_, moment_b_, length_rate_, conservative_power_,
               non_conservative_power_, dissipated_power_},
              KinematicsInputs(), [this] { CalcForces(); });
}

Eigen::Vector3d SpringDamper::Span(const BodyKinematics& a, const BodyKinematics& b) const {
  const Eigen::Vector3d span = b.PointPosition(point_b_) - a.PointPosition(point_a_);
  const double length = span.norm();
  if (!(length >= kMinRelativeLength * free_length_)) {
    throw SimulationError(name() + " (" + type() + "): length " + NumberText(length, 6) +
                          " m is near zero at t = " + NumberText(time()) + " (below " +
                          NumberText(kMinRelativeLength, 6) +
                          " x FreeLength): the direction of the force is undefined; revisit the "
                          "model so that points P and Q stay apart");
  }
  return span;
}

void SpringDamper::CalcGeometry() {
  const double length = Span(Read(a_), Read(b_)).norm();
  out(length_)[0] = length;
  const double stretch = length - free_length_;
  out(potential_energy_)[0] = 0.5 * stiffness_ * stretch * stretch;
}

void SpringDamper::CalcForces() {
  const BodyKinematics a = Read(a_), b = Read(b_);
  const Eigen::Vector3d span = Span(a, b);
  const double length = span.norm();
  const Eigen::Vector3d unit = span / length;  // r, from P to Q.
  const double rate = unit.dot(b.PointVelocity(point_b_) - a.PointVelocity(point_a_));
  const double spring = stiffness_ * (length - free_length_);
  const double tension = spring + damping_ * rate;  // > 0 pulls the points together.
  WriteForces(a, b, a.PointPosition(point_a_), b.PointPosition(point_b_), -tension * unit,
              Eigen::Vector3d::Zero());
  out(length_rate_)[0] = rate;
  out(conservative_power_)[0] = -spring * rate;
  out(non_conservative_power_)[0] = -damping_ * rate * rate;
  out(dissipated_power_)[0] = damping_ * rate * rate;
}

void SpringDamper::CalcDerivatives() {
  derivative(dissipated_energy_)[0] = out(dissipated_power_)[0];
}

}  // namespace hawser
