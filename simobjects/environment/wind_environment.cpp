#include "simobjects/environment/wind_environment.h"

#include <cmath>
#include <span>
#include <stdexcept>
#include <string>

#include "hawser/text.h"
#include "simobjects/environment/irregular_sea.h"
#include "simobjects/environment/vector_math.h"

namespace hawser {

WindEnvironment::WindEnvironment(ObjectArgs& args) : SimObject(args) {
  density_ = DeclareParameter<double>({.name = "Density",
                                       .unit = "kg/m^3",
                                       .doc = "Air density.",
                                       .fallback = 1.225,
                                       .check = Positive()});
  const std::string profile =
      DeclareParameter<std::string>({.name = "Profile",
                                     .unit = "-",
                                     .doc = "uniform, powerlaw, log or npd (wind_field.h).",
                                     .fallback = "uniform",
                                     .check = OneOf({"uniform", "powerlaw", "log", "npd"})});
  profile_.kind = profile == "powerlaw" ? wind::Profile::kPowerLaw
                  : profile == "log"    ? wind::Profile::kLogarithmic
                  : profile == "npd"    ? wind::Profile::kNpd
                                        : wind::Profile::kUniform;
  profile_.speed = DeclareParameter<double>(
      {.name = "Speed",
       .unit = "m/s",
       .doc = "Mean speed at ReferenceHeight (npd: the 1-hour mean U_0 at 10 m).",
       .fallback = 0.0,
       .check = AtLeast(0.0)});
  const double direction =
      DeclareParameter<double>({.name = "Direction",
                                .unit = "deg",
                                .doc = "Direction the wind blows towards, from +x towards +y.",
                                .fallback = 0.0});
  direction_ = Eigen::Vector3d(std::cos(direction * kDegree), std::sin(direction * kDegree), 0.0);
  profile_.height = DeclareParameter<double>({.name = "ReferenceHeight",
                                              .unit = "m",
                                              .doc = "Height z_r of Speed above z = 0.",
                                              .fallback = 10.0,
                                              .check = Positive()});
  profile_.exponent = DeclareParameter<double>({.name = "Exponent",
                                                .unit = "-",
                                                .doc = "Power-law exponent alpha.",
                                                .fallback = 0.14,
                                                .check = AtLeast(0.0)});
  profile_.roughness = DeclareParameter<double>({.name = "Roughness",
                                                 .unit = "m",
                                                 .doc = "Roughness length z0 (log profile).",
                                                 .fallback = 2e-4,
                                                 .check = Positive()});
  if (!describing() && profile_.kind == wind::Profile::kLogarithmic &&
      !(profile_.roughness < profile_.height)) {
    throw Error("Roughness " + NumberText(profile_.roughness) + " m is not below ReferenceHeight " +
                NumberText(profile_.height) + " m; the logarithmic profile needs z0 < z_r");
  }
  DeclareGust();
  speed_ = DeclareOutput(
      Vector3Port("Velocity", "m/s", "The wind velocity at ReferenceHeight above the origin."));
  DeclareCalc({speed_}, {}, [this] {
    out3(speed_) = Velocity(time(), Eigen::Vector3d(0.0, 0.0, profile_.height));
  });
  ProvideService(Wind::kServiceName, *this);
}

void WindEnvironment::DeclareGust() {
  const std::string gust =
      DeclareParameter<std::string>({.name = "Gust",
                                     .unit = "-",
                                     .doc = "none, npd (API RP 2A / Froya) or kaimal (IEC).",
                                     .fallback = "none",
                                     .check = OneOf({"none", "npd", "kaimal"})});
  const double intensity =
      DeclareParameter<double>({.name = "TurbulenceIntensity",
                                .unit = "-",
                                .doc = "sigma_u / U at ReferenceHeight (kaimal).",
                                .fallback = 0.1,
                                .check = AtLeast(0.0)});
  const long components = DeclareParameter<long>({.name = "NumComponents",
                                                  .unit = "-",
                                                  .doc = "Components of the gust.",
                                                  .fallback = 200,
                                                  .check = IntegerInRange(1, kMaxWaveComponents)});
  const long seed = DeclareParameter<long>({.name = "Seed",
                                            .unit = "-",
                                            .doc = "Seed of the gust's frequencies and phases.",
                                            .fallback = 1});
  const double f_min = DeclareParameter<double>({.name = "FrequencyMin",
                                                 .unit = "Hz",
                                                 .doc = "Lowest gust frequency.",
                                                 .fallback = 1.0 / 3600.0,
                                                 .check = Positive()});
  const double f_max = DeclareParameter<double>({.name = "FrequencyMax",
                                                 .unit = "Hz",
                                                 .doc = "Highest gust frequency.",
                                                 .fallback = 0.5,
                                                 .check = Positive()});
  if (describing() || gust == "none") return;
  if (!(f_min < f_max)) {
    throw Error("gust: FrequencyMin " + NumberText(f_min) + " Hz is not below FrequencyMax " +
                NumberText(f_max) + " Hz");
  }
  const double z = profile_.height;
  const double u0 = wind::MeanSpeed(profile_, 10.0), u_ref = wind::MeanSpeed(profile_, z);
  if (!(u_ref > 0.0)) throw Error("Gust=\"" + gust + "\" needs a mean Speed > 0");
  std::function<double(double)> spectrum = [u0, z](double f) {
    return wind::NpdSpectrum(f, u0, z);
  };
  if (gust == "kaimal") {
    spectrum = [sigma = intensity * u_ref, u_ref, z](double f) {
      return wind::KaimalSpectrum(f, sigma, u_ref, z);
    };
  }
  try {
    gust_ = wind::GustComponents(spectrum, static_cast<int>(components), f_min, f_max,
                                 static_cast<std::uint64_t>(seed));
  } catch (const std::invalid_argument& e) {
    throw Error(std::string("gust: ") + e.what());
  }
}

double WindEnvironment::Gust(double t) const {
  // The Newton iterations and the Jacobian's difference columns of a step, and every wind load,
  // ask again at the same t: the sum of the last t serves them (the same bits).
  if (t == gust_time_) return gust_at_time_;
  // The cosines 4 at a time (SLEEF, vector_math.h), summed in the components' order.
  const size_t n = gust_.size();
  gust_work_.resize(2 * n);
  const std::span<double> cosine(gust_work_.data(), n), sine(gust_work_.data() + n, n);
  for (size_t k = 0; k < n; ++k) cosine[k] = gust_[k].omega * t + gust_[k].phase;
  vector_math::SinCos(cosine, cosine, sine);
  double u = 0.0;
  for (size_t k = 0; k < n; ++k) u += gust_[k].amplitude * cosine[k];
  gust_time_ = t;
  gust_at_time_ = u;
  return u;
}

Eigen::Vector3d WindEnvironment::Velocity(double t, const Eigen::Vector3d& point) const {
  if (point.z() <= 0.0) return Eigen::Vector3d::Zero();
  return (wind::MeanSpeed(profile_, point.z()) + Gust(t)) * direction_;
}

}  // namespace hawser
