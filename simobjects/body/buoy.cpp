#include "simobjects/body/buoy.h"

#include <algorithm>
#include <cmath>
#include <numbers>

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
  rho_ = DeclareParameter<double>({.name = "WaterDensity",
                                   .unit = "kg/m^3",
                                   .doc = "Water density rho.",
                                   .fallback = 1025.0,
                                   .check = AtLeast(0.0)});
  g_ = DeclareParameter<double>({.name = "Gravity",
                                 .unit = "m/s^2",
                                 .doc = "Gravitational acceleration, along -z.",
                                 .fallback = 9.81,
                                 .check = AtLeast(0.0)});
  surface_z_ = DeclareParameter<double>(
      {.name = "SurfaceZ", .unit = "m", .doc = "z of the water surface.", .fallback = 0.0});
  force_ = DeclareInput({.name = "Force",
                         .width = 3,
                         .unit = "N",
                         .doc = "Other forces on the buoy (e.g. cables), world frame.",
                         .fallback = std::vector<double>(3, 0.0)});
  current_ = DeclareInput({.name = "Current",
                           .width = 3,
                           .unit = "m/s",
                           .doc = "Water velocity.",
                           .fallback = std::vector<double>(3, 0.0)});
  pos_ = DeclareState({.name = "Pos", .width = 3, .unit = "m", .doc = "Centre, world frame."});
  vel_ = DeclareState({.name = "Vel", .width = 3, .unit = "m/s", .doc = "Velocity, world frame."});
  DeclareOutputFromState({.name = "Pos", .width = 3, .unit = "m", .doc = "Centre (state)."}, pos_);
  DeclareOutputFromState({.name = "Vel", .width = 3, .unit = "m/s", .doc = "Velocity (state)."},
                         vel_);
  buoyancy_ = DeclareOutput(
      {.name = "Buoyancy", .width = 1, .unit = "N", .doc = "Buoyancy rho V_s g (upwards)."});
  DeclareCalc({buoyancy_}, {},
              [this] { out(buoyancy_)[0] = rho_ * SubmergedVolume(state3(pos_).z()) * g_; });
}

double Buoy::SubmergedVolume(double z) const {
  const double h = std::clamp(surface_z_ - (z - radius_), 0.0, 2.0 * radius_);
  return std::numbers::pi * h * h * (3.0 * radius_ - h) / 3.0;
}

void Buoy::CalcDerivatives() {
  const double volume = 4.0 / 3.0 * std::numbers::pi * radius_ * radius_ * radius_;
  const double submerged = SubmergedVolume(state3(pos_).z());
  const Eigen::Vector3d u = state3(vel_) - in3(current_);
  const double area = std::numbers::pi * radius_ * radius_ * submerged / volume;
  const Eigen::Vector3d force = in3(force_) +
                                Eigen::Vector3d(0.0, 0.0, (rho_ * submerged - mass_) * g_) -
                                0.5 * rho_ * cd_ * area * u.norm() * u;
  derivative3(pos_) = state3(vel_);
  derivative3(vel_) = force / (mass_ + ca_ * rho_ * submerged);
}

}  // namespace hawser
