#include "simobjects/connector/axial_spring_damper.h"

namespace hawser {

AxialSpringDamper::AxialSpringDamper(ObjectArgs& args) : TwoBodyConnector(args) {
  stiffness_ = DeclareParameter<double>({.name = "Stiffness",
                                         .unit = "N/m",
                                         .doc = "Stiffness k.",
                                         .fallback = 0.0,
                                         .check = AtLeast(0.0)});
  damping_ = DeclareParameter<double>({.name = "Damping",
                                       .unit = "N*s/m",
                                       .doc = "Damping c.",
                                       .fallback = 0.0,
                                       .check = AtLeast(0.0)});
  offset_ = DeclareParameter<double>({.name = "Offset",
                                      .unit = "m",
                                      .doc = "Displacement at which the spring force is zero.",
                                      .fallback = 0.0});
  velocity_offset_ = DeclareParameter<double>({.name = "VelocityOffset",
                                               .unit = "m/s",
                                               .doc = "Velocity at which the damper force is zero.",
                                               .fallback = 0.0});
  force_ = DeclareParameter<double>({.name = "Force",
                                     .unit = "N",
                                     .doc = "Constant force added to the law (actuation).",
                                     .fallback = 0.0});
  const Eigen::Vector3d axis = DeclareParameter<Eigen::VectorXd>(
      {.name = "Axis",
       .unit = "-",
       .doc = "Axis d in body A's frame (co-rotates with A); used as given, as Exudyn: |Axis| "
              "scales dx, dv and f, and the force on the bodies by |Axis|^2.",
       .fallback = Eigen::Vector3d(1.0, 0.0, 0.0),
       .check =
           [](const Eigen::VectorXd& v) {
             return v.size() == 3 && v.norm() > 0.0 ? "" : std::string("a non-zero vector");
           },
       .size = 3});
  axis_ = axis.norm() > 0.0 ? axis : Eigen::Vector3d::UnitX();  // Not normalised (the header).
  std::tie(point_a_, point_b_) = DeclareAttachmentPoints("P", "Q");
  active_ = DeclareParameter<bool>({.name = "ActiveConnector",
                                    .unit = "-",
                                    .doc = "false: no force (Exudyn's activeConnector).",
                                    .fallback = true});
  force_input_ = DeclareInput({.name = "ForceInput",
                               .width = 1,
                               .unit = "N",
                               .doc = "When connected, ForceLocal (replaces the linear law).",
                               .fallback = std::vector<double>{0.0}});
  dissipated_energy_ =
      DeclareState(DissipatedEnergyState("Integral of DissipatedPower since the start."));
  displacement_ =
      DeclareOutput({.name = "Displacement", .width = 1, .unit = "m", .doc = "dx = d . (Q - P)."});
  velocity_ =
      DeclareOutput({.name = "Velocity", .width = 1, .unit = "m/s", .doc = "dv = d(dx)/dt."});
  force_local_ = DeclareOutput({.name = "ForceLocal",
                                .width = 1,
                                .unit = "N",
                                .doc = "f, > 0 pulls B towards A along the axis."});
  potential_energy_ = DeclareOutput({.name = "PotentialEnergy",
                                     .width = 1,
                                     .unit = "J",
                                     .doc = "k (dx - Offset)^2 / 2 + Force (dx - Offset)."});
  conservative_power_ = DeclareOutput(
      {.name = "ConservativePower", .width = 1, .unit = "W", .doc = "-d(PotentialEnergy)/dt."});
  non_conservative_power_ = DeclareOutput({.name = "NonConservativePower",
                                           .width = 1,
                                           .unit = "W",
                                           .doc = "Power of the damper (or input law) on the "
                                                  "bodies; < 0 dissipates."});
  dissipated_power_ = DeclareOutput(
      {.name = "DissipatedPower", .width = 1, .unit = "W", .doc = "-NonConservativePower."});
  DeclareCalc({displacement_, velocity_}, KinematicsInputs(), [this] {
    const Motion m = CalcMotion();
    out(displacement_)[0] = m.displacement;
    out(velocity_)[0] = m.velocity;
  });
  // Displacement and Velocity do not read ForceInput, so a force law wired from them into
  // ForceInput (through blocks or a connection sum) is not an algebraic loop.
  std::vector<Input> inputs = KinematicsInputs();
  inputs.push_back(force_input_);
  DeclareCalc({force_a_, moment_a_, force_b_, moment_b_, force_local_, potential_energy_,
               conservative_power_, non_conservative_power_, dissipated_power_},
              inputs, [this] { CalcForces(); });
}

AxialSpringDamper::Motion AxialSpringDamper::CalcMotion() const {
  Motion m;
  m.a = Read(a_);
  m.b = Read(b_);
  m.axis = m.a.rotation * axis_;
  m.point_b = m.b.PointPosition(point_b_);
  m.displacement = m.axis.dot(m.point_b - m.a.PointPosition(point_a_));
  // d(dx)/dt = (w_A x d) . (Q - P) + d . (v_Q - v_P) = d . (v_Q - v_AQ).
  const Eigen::Vector3d velocity_a_at_q =
      m.a.velocity + m.a.angular_velocity.cross(m.point_b - m.a.position);
  m.velocity = m.axis.dot(m.b.PointVelocity(point_b_) - velocity_a_at_q);
  return m;
}

void AxialSpringDamper::CalcForces() {
  const Motion m = CalcMotion();
  const double stretch = m.displacement - offset_;
  double f = 0.0, conservative = 0.0, potential = 0.0;
  if (active_ && input_connected(force_input_)) {
    f = in(force_input_)[0];
  } else if (active_) {
    conservative = stiffness_ * stretch + force_;
    f = conservative + damping_ * (m.velocity - velocity_offset_);
    potential = 0.5 * stiffness_ * stretch * stretch + force_ * stretch;
  }
  WriteForces(m.a, m.b, m.point_b, m.point_b, -f * m.axis, Eigen::Vector3d::Zero());
  out(force_local_)[0] = f;
  out(potential_energy_)[0] = potential;
  out(conservative_power_)[0] = -conservative * m.velocity;
  out(non_conservative_power_)[0] = -(f - conservative) * m.velocity;
  out(dissipated_power_)[0] = (f - conservative) * m.velocity;
}

void AxialSpringDamper::CalcDerivatives() {
  derivative(dissipated_energy_)[0] = out(dissipated_power_)[0];
}

}  // namespace hawser
