#include "simobjects/body/buoy.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "hawser/text.h"
#include "simobjects/common/ocean_agreement.h"

namespace hawser {

Buoy::Buoy(ObjectArgs& args) : SimObject(args) {
  mass_ = DeclareParameter<double>(
      {.name = "Mass", .unit = "kg", .doc = "Mass m (in air).", .check = Positive()});
  radius_ =
      0.5 * DeclareParameter<double>(
                {.name = "Diameter", .unit = "m", .doc = "Sphere diameter.", .check = Positive()});
  cd_ = DeclareParameter<double>({.name = "Cd",
                                  .unit = "-",
                                  .doc = "Drag coefficient on the projected area.",
                                  .fallback = 0.5,
                                  .check = AtLeast(0.0)});
  ca_ = DeclareParameter<double>({.name = "Ca",
                                  .unit = "-",
                                  .doc = "Added-mass coefficient (0.5 for a sphere).",
                                  .fallback = 0.5,
                                  .check = AtLeast(0.0)});
  given_density_ = args.values.count("WaterDensity") > 0;
  given_gravity_ = args.values.count("Gravity") > 0;
  given_surface_ = args.values.count("SurfaceZ") > 0;
  rho_ = DeclareParameter(WaterDensityParameter());
  g_ = DeclareParameter(GravityParameter());
  surface_z_ = DeclareParameter<double>(
      {.name = "SurfaceZ", .unit = "m", .doc = "z of the water surface.", .fallback = 0.0});
  force_ = DeclareInput(
      Vector3Port("Force", "N", "Other forces on the buoy (e.g. cables), world frame.", kZero3));
  current_ = DeclareInput(
      Vector3Port("Current", "m/s", "Water velocity (added to an Environment/Ocean's).", kZero3));
  pos_ = DeclareState(PositionState("Centre, world frame."));
  vel_ = DeclareState(VelocityState("Velocity, world frame."));
  DeclareOutputFromState(Vector3Port("Pos", "m", "Centre (state)."), pos_);
  DeclareOutputFromState(Vector3Port("Vel", "m/s", "Velocity (state)."), vel_);
  buoyancy_ = DeclareOutput(ScalarPort("Buoyancy", "N", "Buoyancy rho V_s g (upwards)."));
  ocean_ = DeclareServiceUse({.name = Ocean::kServiceName,
                              .provided_by = "an Environment/Ocean object",
                              .doc = "density, gravity, the free surface, waves and current"});
  // The ocean is sampled once per evaluation, here (the model runs this calculation before the
  // derivatives: it is not diagnostic), and CalcDerivatives reads water_ again.
  DeclareCalc({buoyancy_}, {}, [this] {
    water_ = OceanAtBuoy();
    out(buoyancy_)[0] = rho_ * SubmergedVolume(state3(pos_).z(), water_.surface_z) * g_;
  });
}

void Buoy::Initialize() {
  const Ocean* ocean = service<Ocean>(ocean_);
  if (ocean == nullptr) return;
  for (const std::string& problem :
       {OceanDisagreement("WaterDensity", given_density_, rho_, ocean->density(), "a buoy"),
        OceanDisagreement("Gravity", given_gravity_, g_, ocean->gravity(), "a buoy")}) {
    if (!problem.empty()) throw Error(problem);
  }
  if (given_surface_) {
    throw Error(
        "SurfaceZ is given, but in an Environment/Ocean the surface is the ocean's "
        "(z = 0 plus the waves); expected no SurfaceZ");
  }
  rho_ = ocean->density();
  g_ = ocean->gravity();
  const double depth = ocean->depth();
  if (std::string problem = BelowSeabed("its centre (initial Pos)", state3(pos_).z(), -depth,
                                        "the ocean's Depth " + NumberText(depth) + " m");
      !problem.empty()) {
    throw Error(problem);
  }
}

Buoy::Water Buoy::OceanAtBuoy() const {
  Water w;
  w.surface_z = surface_z_;
  const Ocean* ocean = service<Ocean>(ocean_);
  if (ocean == nullptr) return w;
  const Eigen::Vector3d p = state3(pos_);
  w.surface_z = ocean->Elevation(time(), p.x(), p.y());
  // The water's motion at the centre, or at the free surface above it when the centre is dry.
  const WaterMotion m =
      ocean->Motion(time(), Eigen::Vector3d(p.x(), p.y(), std::min(p.z(), w.surface_z)));
  w.velocity = m.velocity;
  w.acceleration = m.acceleration;
  return w;
}

double Buoy::SubmergedVolume(double z, double surface_z) const {
  const double h = std::clamp(surface_z - (z - radius_), 0.0, 2.0 * radius_);
  return std::numbers::pi * h * h * (3.0 * radius_ - h) / 3.0;
}

void Buoy::CalcDerivatives() {
  const double volume = 4.0 / 3.0 * std::numbers::pi * radius_ * radius_ * radius_;
  const Water& w = water_;  // Sampled at this state by the buoyancy's calculation.
  const double submerged = SubmergedVolume(state3(pos_).z(), w.surface_z);
  const Eigen::Vector3d u = state3(vel_) - (w.velocity + in3(current_));
  const double area = std::numbers::pi * radius_ * radius_ * submerged / volume;
  // Morison: Froude-Krylov plus added mass on the water's acceleration, (1 + Ca) rho V_s a_w;
  // the added mass on the buoy's own acceleration is in the mass below.
  const Eigen::Vector3d force =
      in3(force_) + Eigen::Vector3d(0.0, 0.0, (rho_ * submerged - mass_) * g_) -
      0.5 * rho_ * cd_ * area * u.norm() * u + (1.0 + ca_) * rho_ * submerged * w.acceleration;
  derivative3(pos_) = state3(vel_);
  derivative3(vel_) = force / (mass_ + ca_ * rho_ * submerged);
}

}  // namespace hawser
