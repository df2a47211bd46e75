#include "simobjects/environment/wave_probe.h"

#include "hawser/text.h"
#include "simobjects/common/ocean_agreement.h"

namespace hawser {

WaveProbe::WaveProbe(ObjectArgs& args) : SimObject(args) {
  position_ = DeclareParameter<Eigen::VectorXd>({.name = "Position",
                                                 .unit = "m",
                                                 .doc = "The probe's point, world frame.",
                                                 .fallback = Eigen::VectorXd::Zero(3),
                                                 .size = 3});
  const auto given = args.values.find("Position");
  position_at_ = given == args.values.end() ? location() : given->second.second;
  ocean_ = DeclareServiceUse({.name = Ocean::kServiceName,
                              .provided_by = "an Environment/Ocean object",
                              .doc = "the sea it measures",
                              .required = true});
  elevation_ = DeclareOutput({.name = "Elevation",
                              .width = 1,
                              .unit = "m",
                              .doc = "Free-surface elevation above z = 0 at the point's x, y."});
  velocity_ = DeclareOutput(
      Vector3Port("WaterVelocity", "m/s", "Water velocity at the point (waves + current), world."));
  acceleration_ = DeclareOutput(Vector3Port(
      "WaterAcceleration", "m/s^2", "Water acceleration at the point (local d/dt), world."));
  DeclareCalc({elevation_, velocity_, acceleration_}, {}, [this] {
    const Ocean& ocean = *service<Ocean>(ocean_);
    out(elevation_)[0] = ocean.Elevation(time(), position_.x(), position_.y());
    const WaterMotion m = ocean.Motion(time(), position_);
    out3(velocity_) = m.velocity;
    out3(acceleration_) = m.acceleration;
  });
}

void WaveProbe::Initialize() {
  const double depth = service<Ocean>(ocean_)->depth();
  if (std::string problem = BelowSeabed("the probe's Position", position_.z(), -depth,
                                        "the ocean's Depth " + NumberText(depth) + " m");
      !problem.empty()) {
    throw ScenarioError(position_at_, name() + " (" + type() + "): " + problem);
  }
}

}  // namespace hawser
