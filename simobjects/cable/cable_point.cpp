#include "simobjects/cable/cable_point.h"

#include <string>

#include "hawser/text.h"
#include "simobjects/common/ocean_agreement.h"

namespace hawser {

CablePoint::CablePoint(ObjectArgs& args) : SimObject(args) {
  const Eigen::VectorXd position = DeclareParameter<Eigen::VectorXd>(
      {.name = "Position",
       .unit = "m",
       .doc = "Where the point starts (free; an InitialCondition Pos overrides it) or stays "
              "(fixed), world frame.",
       .size = 3});
  if (position.size() == 3) position_ = position.head<3>();  // Empty while describing.
  fixed_ = DeclareParameter<bool>({.name = "Fixed",
                                   .unit = "-",
                                   .doc = "1: a fixed point (an anchor), no state.",
                                   .fallback = false});
  if (fixed_) {
    DeclareFixed();
  } else {
    DeclareFree(args);
  }
}

void CablePoint::DeclareFixed() {
  force_ = DeclareInput(
      Vector3Port("Force", "N", "Sum of the lines' end forces on the point, world frame.", kZero3));
  pos_out_ = DeclareOutput(Vector3Port("Pos", "m", "Position (constant)."));
  vel_out_ = DeclareOutput(Vector3Port("Vel", "m/s", "Velocity (0)."));
  load_ = DeclareOutput(Vector3Port("Load", "N", "The force on the point (= Force)."));
  DeclareCalc({pos_out_, vel_out_}, {}, [this] {
    out3(pos_out_) = position_;
    out3(vel_out_) = Eigen::Vector3d::Zero();
  });
  DeclareCalc({load_}, {force_}, [this] { out3(load_) = in3(force_); });
}

void CablePoint::DeclareFree(const ObjectArgs& args) {
  mass_ = DeclareParameter<double>({.name = "Mass",
                                    .unit = "kg",
                                    .doc = "Mass m (in air).",
                                    .fallback = 0.0,
                                    .check = AtLeast(0.0)});
  volume_ = DeclareParameter<double>({.name = "Volume",
                                      .unit = "m^3",
                                      .doc = "Displaced volume V (buoyancy rho V g).",
                                      .fallback = 0.0,
                                      .check = AtLeast(0.0)});
  cda_ = DeclareParameter<double>({.name = "CdA",
                                   .unit = "m^2",
                                   .doc = "Drag area Cd A (isotropic).",
                                   .fallback = 0.0,
                                   .check = AtLeast(0.0)});
  ca_ = DeclareParameter<double>({.name = "Ca",
                                  .unit = "-",
                                  .doc = "Added-mass coefficient on rho V (isotropic).",
                                  .fallback = 0.0,
                                  .check = AtLeast(0.0)});
  given_density_ = args.values.count("WaterDensity") > 0;
  given_gravity_ = args.values.count("Gravity") > 0;
  rho_ = DeclareParameter(WaterDensityParameter());
  g_ = DeclareParameter(GravityParameter());
  if (!describing() && !(mass_ + ca_ * rho_ * volume_ > 0.0)) {
    // The line ends carry no inertia: a point without any would have Vel' = F / 0.
    const auto given = args.values.find("Mass");
    throw ScenarioError(given != args.values.end() ? given->second.second : location(),
                        name() + ": Mass = " + NumberText(mass_) +
                            " with no added mass (Ca rho Volume = 0) leaves a free point without "
                            "inertia; expected Mass > 0 (or Fixed=\"1\" for an anchor)");
  }
  force_ = DeclareInput(
      Vector3Port("Force", "N", "Sum of the lines' end forces on the point, world frame."));
  current_ = DeclareInput(
      Vector3Port("Current", "m/s", "Water velocity (added to an Environment/Ocean's).", kZero3));
  StateSpec pos = PositionState("Position, world frame (starts at Position).");
  pos.initial.assign(position_.begin(), position_.end());
  pos_ = DeclareState(std::move(pos));
  vel_ = DeclareState(VelocityState("Velocity, world frame."));
  DeclareOutputFromState(Vector3Port("Pos", "m", "Position (state)."), pos_);
  DeclareOutputFromState(Vector3Port("Vel", "m/s", "Velocity (state)."), vel_);
  ocean_ = DeclareServiceUse({.name = Ocean::kServiceName,
                              .provided_by = "an Environment/Ocean object",
                              .doc = "density, gravity, waves and current"});
}

void CablePoint::Initialize() {
  const Ocean* ocean = fixed_ ? nullptr : service<Ocean>(ocean_);
  if (ocean == nullptr) return;
  for (const std::string& problem :
       {OceanDisagreement("WaterDensity", given_density_, rho_, ocean->density(), "a point"),
        OceanDisagreement("Gravity", given_gravity_, g_, ocean->gravity(), "a point")}) {
    if (!problem.empty()) throw Error(problem);
  }
  rho_ = ocean->density();
  g_ = ocean->gravity();
  const double depth = ocean->depth();
  if (std::string problem = BelowSeabed("Pos", state3(pos_).z(), -depth,
                                        "the ocean's Depth " + NumberText(depth) + " m");
      !problem.empty()) {
    throw Error(problem);
  }
}

void CablePoint::CalcDerivatives() {
  if (fixed_) return;
  Eigen::Vector3d water = Eigen::Vector3d::Zero(), water_acceleration = Eigen::Vector3d::Zero();
  if (const Ocean* ocean = service<Ocean>(ocean_)) {
    const WaterMotion m = ocean->Motion(time(), state3(pos_));
    water = m.velocity;
    water_acceleration = m.acceleration;
  }
  const Eigen::Vector3d u = state3(vel_) - (water + in3(current_));
  // Weight in water, drag on the relative velocity, Morison's Froude-Krylov plus added mass on
  // the water's acceleration; the added mass on the point's own acceleration is in the mass.
  const Eigen::Vector3d force =
      in3(force_) + Eigen::Vector3d(0.0, 0.0, (rho_ * volume_ - mass_) * g_) -
      0.5 * rho_ * cda_ * u.norm() * u + (1.0 + ca_) * rho_ * volume_ * water_acceleration;
  derivative3(pos_) = state3(vel_);
  derivative3(vel_) = force / (mass_ + ca_ * rho_ * volume_);
}

}  // namespace hawser
