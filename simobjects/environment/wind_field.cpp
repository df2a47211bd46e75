#include "simobjects/environment/wind_field.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "simobjects/environment/irregular_sea.h"

namespace hawser::wind {
namespace {
constexpr double kLowest = 1e-3;  // [m]: below it a profile is held (file comment).
constexpr double kTwoPi = 2.0 * std::numbers::pi;
}  // namespace

double NpdMeanSpeed(double u0, double z) {
  const double c = 5.73e-2 * std::sqrt(1.0 + 0.148 * u0);
  return u0 * (1.0 + c * std::log(std::max(z, kLowest) / 10.0));
}

double MeanSpeed(const ProfileSpec& p, double z) {
  z = std::max(z, kLowest);
  switch (p.kind) {
    case Profile::kPowerLaw:
      return p.speed * std::pow(z / p.height, p.exponent);
    case Profile::kLogarithmic:
      return p.speed * std::log(std::max(z, p.roughness) / p.roughness) /
             std::log(p.height / p.roughness);
    case Profile::kNpd:
      return NpdMeanSpeed(p.speed, z);
    case Profile::kUniform:
      break;
  }
  return p.speed;
}

double NpdSpectrum(double f, double u0, double z) {
  constexpr double n = 0.468;
  const double f_tilde = 172.0 * f * std::pow(z / 10.0, 2.0 / 3.0) * std::pow(u0 / 10.0, -0.75);
  return 320.0 * (u0 / 10.0) * (u0 / 10.0) * std::pow(z / 10.0, 0.45) /
         std::pow(1.0 + std::pow(f_tilde, n), 5.0 / (3.0 * n));
}

double KaimalSpectrum(double f, double sigma_u, double mean_speed, double z) {
  const double l_over_u = 8.1 * 0.7 * std::min(z, 60.0) / mean_speed;
  return sigma_u * sigma_u * 4.0 * l_over_u / std::pow(1.0 + 6.0 * f * l_over_u, 5.0 / 3.0);
}

std::vector<GustComponent> GustComponents(const std::function<double(double)>& s_hz, int n,
                                          double f_min, double f_max, std::uint64_t seed) {
  // The sea's generator (irregular_sea.h) in rad/s, S_omega(omega) = S(omega / 2 pi) / (2 pi);
  // its wave numbers (deep water) are not used.
  const ocean::IrregularSeaOptions options{
      .components = n, .omega_min = kTwoPi * f_min, .omega_max = kTwoPi * f_max, .seed = seed};
  const auto waves =
      ocean::IrregularWaveComponents([&](double omega) { return s_hz(omega / kTwoPi) / kTwoPi; },
                                     options, std::numeric_limits<double>::infinity());
  std::vector<GustComponent> gust;
  gust.reserve(waves.size());
  for (const auto& w : waves) gust.push_back({w.amplitude, w.omega, w.phase});
  return gust;
}

}  // namespace hawser::wind
