// Environment/Wind: the wind as a service ("wind", hawser/wind.h) for the wind loads of the
// scenario (Force/WindLoad): air density, a mean speed profile over height and a gust time
// series, blowing towards Direction (degrees from +x towards +y, the ocean's convention for
// current and waves: the direction the air moves TO). At most one per scenario.
//
//   U(t, z) = (U(z) + u_g(t)) (cos Direction, sin Direction, 0) for z > 0, zero for z <= 0.
//
// Profile (wind_field.h): "uniform" (Speed everywhere), "powerlaw" (Speed at ReferenceHeight,
// Exponent), "log" (Speed at ReferenceHeight, Roughness z0), "npd" (Speed is U_0, the 1-hour mean
// at 10 m; the NPD/Froya profile of API RP 2A-WSD). Gust: "none", "npd" (the NPD/Froya spectrum
// at ReferenceHeight with U_0 the profile's mean speed at 10 m) or "kaimal" (IEC 61400-1, sigma_u
// = TurbulenceIntensity times the mean speed at ReferenceHeight), NumComponents components over
// [FrequencyMin, FrequencyMax] Hz from Seed (wind_field.h for each formula and its source).
#pragma once

#include <limits>
#include <vector>

#include "hawser/simobject.h"
#include "hawser/wind.h"
#include "simobjects/environment/wind_field.h"

namespace hawser {

class WindEnvironment final : public SimObject, public Wind {
 public:
  explicit WindEnvironment(ObjectArgs& args);

  double density() const override { return density_; }
  Eigen::Vector3d Velocity(double t, const Eigen::Vector3d& point) const override;
  /// The gust u_g(t) [m/s] alone.
  double Gust(double t) const;
  const std::vector<wind::GustComponent>& gust_components() const { return gust_; }

 private:
  void DeclareGust();

  double density_ = 1.225;
  Eigen::Vector3d direction_ = Eigen::Vector3d::UnitX();
  wind::ProfileSpec profile_;
  std::vector<wind::GustComponent> gust_;
  // Gust's last time and value (NaN: none yet). One model runs on one thread.
  mutable double gust_time_ = std::numeric_limits<double>::quiet_NaN(), gust_at_time_ = 0.0;
  mutable std::vector<double> gust_work_;  ///< Gust's phases and their cosines and sines.
  Output speed_;
};

}  // namespace hawser
