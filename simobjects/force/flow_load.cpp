#include "simobjects/force/flow_load.h"

#include <cmath>

#include "hawser/text.h"
#include "hawser/text_file.h"

namespace hawser {

FlowLoad::FlowLoad(ObjectArgs& args, const std::string& medium) : SimObject(args) {
  const std::string file = DeclareParameter<std::string>(
      {.name = "CoefficientFile",
       .unit = "-",
       .doc = "CSV of " + medium +
              " coefficients per relative heading: heading_deg, Cx, Cy, Cmz "
              "(flow_coefficients.h); \"\": Areas and DragCoefficient.",
       .fallback = ""});
  const Eigen::VectorXd areas =
      DeclareParameter<Eigen::VectorXd>({.name = "Areas",
                                         .unit = "m^2",
                                         .doc = "Frontal (x) and lateral (y) projected areas.",
                                         .fallback = Eigen::Vector2d::Zero(),
                                         .size = 2});
  const double cd = DeclareParameter<double>({.name = "DragCoefficient",
                                              .unit = "-",
                                              .doc = "Cd on Areas.",
                                              .fallback = 1.0,
                                              .check = AtLeast(0.0)});
  centre_ = DeclareParameter<Eigen::VectorXd>(
      {.name = "CentreOfPressure",
       .unit = "m",
       .doc = "Where the load acts and the " + medium + " is sampled, from O, heading frame.",
       .fallback = Eigen::Vector3d::Zero(),
       .size = 3});
  if (!describing()) {
    const bool has_file = !file.empty(), has_areas = args.values.contains("Areas");
    if (has_file == has_areas) {
      throw Error(has_file ? "CoefficientFile and Areas are both given; expected one of the two"
                           : "no coefficients; expected CoefficientFile or Areas");
    }
    if (has_areas && areas.minCoeff() < 0.0) {
      throw ScenarioError(args.values.at("Areas").second,
                          name() + " (" + type() + "): Areas " + NumberText(areas[0]) + ", " +
                              NumberText(areas[1]) + " m^2 has a negative entry");
    }
    if (has_file) {
      const SourceLocation where = args.values.at("CoefficientFile").second;
      const std::string path = ResolvePath(file);
      coefficients_ =
          FlowCoefficients::Parse(ReadRegularFile(path, "coefficient file", where), path, where);
    } else {
      coefficients_ = FlowCoefficients::FromAreas(cd, areas[0], areas[1]);
    }
  }
  pos_ = DeclareInput(Vector3Port("Pos", "m", "The body origin O, world (the body's Pos)."));
  vel_ = DeclareInput(Vector3Port("Vel", "m/s", "Velocity of O, world (the body's Vel)."));
  ang_vel_ = DeclareInput(Vector3Port(
      "AngVel", "rad/s", "The body's angular velocity, world (zero: not used).", kZero3));
  rpy_ = DeclareInput({.name = "RollPitchYaw",
                       .width = 3,
                       .unit = "deg",
                       .doc = "The body's attitude (its RollPitchYaw); the yaw is used.",
                       .dims = {RollPitchYawDimension()}});
  force_ = DeclareOutput(Vector3Port("Force", "N", "Load at O, world."));
  moment_ = DeclareOutput(Vector3Port("Moment", "N*m", "Moment about O, world."));
  relative_ = DeclareOutput(Vector3Port(
      "RelativeVelocity", "m/s", "Horizontal flow velocity relative to the hull at P, world."));
  DeclareCalc({force_, moment_, relative_}, {pos_, vel_, ang_vel_, rpy_}, [this] { Compute(); });
}

void FlowLoad::Compute() {
  const Eigen::Matrix3d heading =
      Eigen::AngleAxisd(in(rpy_)[2] * kDegree, Eigen::Vector3d::UnitZ()).matrix();
  const Eigen::Vector3d r = heading * centre_;
  const Eigen::Vector3d point = in3(pos_) + r;
  Eigen::Vector3d u = FlowVelocity(time(), point) - in3(vel_) - in3(ang_vel_).cross(r);
  u.z() = 0.0;
  out3(relative_) = u;
  const Eigen::Vector3d u_h = heading.transpose() * u;
  const double q = 0.5 * FlowDensity() * u_h.squaredNorm();  // 1/2 rho V^2
  if (q == 0.0) {
    out3(force_).setZero();
    out3(moment_).setZero();
    return;
  }
  const Eigen::Vector3d c = coefficients_->At(std::atan2(u_h.y(), u_h.x()) / kDegree);
  const Eigen::Vector3d force = heading * Eigen::Vector3d(q * c.x(), q * c.y(), 0.0);
  out3(force_) = force;
  out3(moment_) = r.cross(force) + Eigen::Vector3d(0.0, 0.0, q * c.z());
}

}  // namespace hawser
