#include "simobjects/body/rao_vessel.h"

#include <cmath>
#include <numbers>
#include <string>

#include "hawser/text.h"
#include "simobjects/body/rao_parameters.h"
#include "simobjects/body/wave_response.h"
#include "simobjects/common/ocean_agreement.h"
#include "simobjects/common/rotation_math.h"

namespace hawser {
namespace {}  // namespace

RaoVessel::RaoVessel(ObjectArgs& args) : SimObject(args) {
  const std::string file = DeclareParameter<std::string>(
      {.name = "RAOFile",
       .unit = "-",
       .doc = "CSV of displacement RAOs (rao_table.h; rotations in deg/m): absolute, or relative "
              "to the scenario file's folder."});
  const std::string unit = DeclareParameter(FrequencyUnitParameter());
  position_ = DeclareParameter<Eigen::VectorXd>(
      {.name = "Position",
       .unit = "m",
       .doc = "Mean position of the RAO reference point, world frame.",
       .fallback = Eigen::Vector3d::Zero(),
       .size = 3});
  const auto given = args.values.find("Position");
  position_at_ = given == args.values.end() ? location() : given->second.second;
  heading_ = kDegree * DeclareParameter<double>(
                           {.name = "Heading",
                            .unit = "deg",
                            .doc = "Mean heading: the bow's direction, from +x towards +y.",
                            .fallback = 0.0});
  if (!describing()) raos_ = ReadRaoTable(*this, args, file, unit);
  ocean_ = DeclareServiceUse({.name = Ocean::kServiceName,
                              .provided_by = "an Environment/Ocean object",
                              .doc = "the sea whose waves drive the RAOs",
                              .required = true});
  pos_ = DeclareOutput(
      Vector3Port("Pos", "m", "RAO reference point, world: Position + Rz(Heading) xi_1..3."));
  quat_ = DeclareOutput(
      QuaternionPort("Quat", "Orientation (w,x,y,z): Rz(Heading + yaw) Ry(pitch) Rx(roll)."));
  vel_ = DeclareOutput(Vector3Port("Vel", "m/s", "Velocity of the reference point, world."));
  ang_vel_ = DeclareOutput(Vector3Port("AngVel", "rad/s", "Angular velocity, world frame."));
  motion_ = DeclareOutput(
      {.name = "Motion",
       .width = 6,
       .unit = "m, deg",
       .doc = "Surge, sway, heave [m], roll, pitch, yaw [deg] in the mean heading's frame.",
       .dims = {DofDimension()}});
  DeclareCalc({pos_, quat_, vel_, ang_vel_, motion_}, {}, [this] { CalcMotion(); });
}

void RaoVessel::CalcMotion() {
  const Ocean* ocean = service<Ocean>(ocean_);
  const WaveResponse r =
      RaoResponse(*raos_, *ocean, time(), position_.x(), position_.y(), heading_);
  Eigen::Map<Vector6d>(out(motion_).data()) = r.value;
  const Vector6d xi = (Vector6d() << r.value.head<3>(), kDegree * r.value.tail<3>()).finished();
  const Vector6d rate = (Vector6d() << r.rate.head<3>(), kDegree * r.rate.tail<3>()).finished();
  const Eigen::Matrix3d heading = Eigen::AngleAxisd(heading_, Eigen::Vector3d::UnitZ()).matrix();
  out3(pos_) = position_ + heading * xi.head<3>();
  out3(vel_) = heading * rate.head<3>();
  const Eigen::Vector3d rpy(xi[3], xi[4], xi[5] + heading_);
  Eigen::Quaterniond q(RollPitchYawToRotation(rpy));
  if (q.w() < 0.0) q.coeffs() = -q.coeffs();  // The same rotation; keeps Quat continuous.
  out(quat_)[0] = q.w();
  out(quat_)[1] = q.x();
  out(quat_)[2] = q.y();
  out(quat_)[3] = q.z();
  const Eigen::Matrix3d yawed = Eigen::AngleAxisd(rpy[2], Eigen::Vector3d::UnitZ()).matrix();
  const Eigen::Matrix3d pitched =
      yawed * Eigen::AngleAxisd(rpy[1], Eigen::Vector3d::UnitY()).matrix();
  out3(ang_vel_) =
      rate[5] * Eigen::Vector3d::UnitZ() + rate[4] * yawed.col(1) + rate[3] * pitched.col(0);
}

void RaoVessel::Initialize() {
  const double depth = service<Ocean>(ocean_)->depth();
  if (std::string problem = BelowSeabed("the vessel's mean Position", position_.z(), -depth,
                                        "the ocean's Depth " + NumberText(depth) + " m");
      !problem.empty()) {
    throw ScenarioError(position_at_, name() + " (" + type() + "): " + problem);
  }
}

}  // namespace hawser
