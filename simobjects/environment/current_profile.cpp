#include "simobjects/environment/current_profile.h"

#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

#include "hawser/text.h"

namespace hawser::ocean {
namespace {

void CheckSpeedAndDirection(double speed, double direction) {
  if (!(speed >= 0.0) || !std::isfinite(speed)) {
    throw std::invalid_argument("current speed is " + NumberText(speed) +
                                " m/s; expected a finite value >= 0");
  }
  if (!std::isfinite(direction)) {
    throw std::invalid_argument("current direction is " + NumberText(direction) +
                                " rad; expected a finite value");
  }
}

// b - a wrapped to [-pi, pi): the shorter turn from a to b.
double AngleDifference(double a, double b) {
  const double two_pi = 2.0 * std::numbers::pi;
  double d = std::fmod(b - a + std::numbers::pi, two_pi);
  if (d < 0.0) d += two_pi;
  return d - std::numbers::pi;
}

}  // namespace

CurrentProfile CurrentProfile::Uniform(double speed, double direction) {
  CheckSpeedAndDirection(speed, direction);
  CurrentProfile p;
  p.kind_ = Kind::kUniform;
  p.speed_ = speed;
  p.direction_ = direction;
  p.cos_direction_ = std::cos(direction);
  p.sin_direction_ = std::sin(direction);
  return p;
}

CurrentProfile CurrentProfile::PowerLaw(double surface_speed, double direction, double depth,
                                        double exponent) {
  CheckSpeedAndDirection(surface_speed, direction);
  if (!(depth > 0.0) || !std::isfinite(depth)) {
    throw std::invalid_argument("power-law current depth is " + NumberText(depth) +
                                " m; expected a finite value > 0");
  }
  if (!(exponent > 0.0) || !std::isfinite(exponent)) {
    throw std::invalid_argument("power-law current exponent is " + NumberText(exponent) +
                                "; expected a finite value > 0 (1/7 is usual)");
  }
  CurrentProfile p;
  p.kind_ = Kind::kPowerLaw;
  p.speed_ = surface_speed;
  p.direction_ = direction;
  p.cos_direction_ = std::cos(direction);
  p.sin_direction_ = std::sin(direction);
  p.depth_ = depth;
  p.exponent_ = exponent;
  return p;
}

CurrentProfile CurrentProfile::Table(std::vector<CurrentTableRow> rows) {
  if (rows.empty()) throw std::invalid_argument("current table has no rows; expected at least 1");
  for (std::size_t j = 0; j < rows.size(); ++j) {
    const std::string which = "current table row " + std::to_string(j + 1) + ": ";
    if (!(rows[j].z <= 0.0) || !std::isfinite(rows[j].z)) {
      throw std::invalid_argument(which + "z is " + NumberText(rows[j].z) +
                                  " m; expected a finite value <= 0 (below the mean level)");
    }
    if (j > 0 && !(rows[j].z < rows[j - 1].z)) {
      throw std::invalid_argument(which + "z is " + NumberText(rows[j].z) + " m after " +
                                  NumberText(rows[j - 1].z) +
                                  " m; expected rows from the surface down (z decreasing)");
    }
    try {
      CheckSpeedAndDirection(rows[j].speed, rows[j].direction);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(which + e.what());
    }
  }
  CurrentProfile p;
  p.kind_ = Kind::kTable;
  p.rows_ = std::move(rows);
  return p;
}

void CurrentProfile::SpeedAndDirection(double z, double& speed, double& direction) const {
  speed = 0.0;
  direction = direction_;
  switch (kind_) {
    case Kind::kUniform:
      if (z <= 0.0) speed = speed_;
      return;
    case Kind::kPowerLaw:
      if (z <= 0.0 && z >= -depth_) speed = speed_ * std::pow((z + depth_) / depth_, exponent_);
      return;
    case Kind::kTable:
      break;
  }
  const std::vector<CurrentTableRow>& r = rows_;
  std::size_t j = 0;  // The first row at or below z.
  while (j < r.size() && r[j].z > z) ++j;
  if (j == 0 || j == r.size()) {  // Above the first row or below the last: held constant.
    const CurrentTableRow& end = j == 0 ? r.front() : r.back();
    speed = z <= 0.0 ? end.speed : 0.0;
    direction = end.direction;
    return;
  }
  const CurrentTableRow &above = r[j - 1], &below = r[j];
  const double f = (above.z - z) / (above.z - below.z);
  speed = above.speed + f * (below.speed - above.speed);
  direction = above.direction + f * AngleDifference(above.direction, below.direction);
}

Eigen::Vector3d CurrentProfile::VelocityAt(double z) const {
  double speed = 0.0, direction = 0.0;
  SpeedAndDirection(z, speed, direction);
  if (kind_ != Kind::kTable) return {speed * cos_direction_, speed * sin_direction_, 0.0};
  return {speed * std::cos(direction), speed * std::sin(direction), 0.0};
}

}  // namespace hawser::ocean
