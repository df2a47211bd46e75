// The wind of Environment/Wind: a mean speed profile over height and a gust (turbulence) time
// series from a spectrum, along one direction.
//
// Mean profiles U(z) for z > 0 (the height above the mean water level), from the speed U_r at
// the reference height z_r:
//   uniform      U(z) = U_r
//   power law    U(z) = U_r (z / z_r)^alpha  (DNV-RP-C205 (2010) 2.3.2.7; IEC 61400-3's normal
//                wind profile offshore: alpha = 0.14)
//   logarithmic  U(z) = U_r ln(z / z0) / ln(z_r / z0), roughness z0 (DNV-RP-C205 2.3.2.4; open
//                sea z0 = 1e-4 .. 1e-2 m, IEC 61400-3: 2e-4 m)
//   npd          the NPD (Froya) 1-hour mean profile, U_0 the 1-hour mean at 10 m
//                (API RP 2A-WSD 21st ed. 2.3.2b; DNV-RP-C205 2.3.2.11; ISO 19901-1):
//                U(z) = U_0 (1 + C ln(z / 10)),  C = 5.73e-2 sqrt(1 + 0.148 U_0)
// Below z = 1e-3 m a profile takes its value there (the log profile is undefined at z <= z0).
//
// Gust spectra, one-sided, S(f) [m^2/s^2 per Hz], f [Hz]:
//   npd (Froya; API RP 2A-WSD 2.3.2c, DNV-RP-C205 2.3.4.10), at height z with U_0 as above:
//     S(f) = 320 (U_0 / 10)^2 (z / 10)^0.45 / (1 + f~^n)^(5 / (3 n)),
//     f~ = 172 f (z / 10)^(2/3) (U_0 / 10)^(-3/4),  n = 0.468
//   kaimal (IEC 61400-1 ed. 3 (2005) annex B, longitudinal), turbulence sigma_u = I U(z) at the
//   reference height (I the turbulence intensity):
//     S(f) = sigma_u^2 4 (L / U) / (1 + 6 f L / U)^(5/3),  L = 8.1 Lambda_1,
//     Lambda_1 = 0.7 min(z, 60 m);  its integral over f in [0, inf) is sigma_u^2, and over
//     [f_1, f_2] sigma_u^2 ((1 + 6 f_1 L / U)^(-2/3) - (1 + 6 f_2 L / U)^(-2/3)).
// The gust is the sum of components u_g(t) = sum_i a_i cos(omega_i t + phi_i), drawn as the
// irregular sea's (irregular_sea.h: N equal bins of [f_min, f_max], one random frequency per
// bin, a_i = sqrt(2 S_omega(omega_i) d omega), S_omega = S(f) / (2 pi), random phases, one
// std::mt19937_64 from the seed), so their variance sum a_i^2 / 2 is the spectrum's integral
// over the band. The gust is the same at every height and point (fully coherent; no spatial
// coherence), and along the mean direction only (no lateral or vertical turbulence).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

namespace hawser::wind {

enum class Profile { kUniform, kPowerLaw, kLogarithmic, kNpd };

struct ProfileSpec {
  Profile kind = Profile::kUniform;
  double speed = 0.0;       ///< U_r [m/s] (U_0 at 10 m for kNpd).
  double height = 10.0;     ///< z_r [m] > 0 (not used by kNpd).
  double exponent = 0.14;   ///< alpha [-] of the power law.
  double roughness = 2e-4;  ///< z0 [m] of the logarithmic profile, < height.
};

/// U(z) [m/s] (file comment); z [m] above the mean water level.
double MeanSpeed(const ProfileSpec& profile, double z);

/// The NPD 1-hour mean speed at height z [m] for U_0 [m/s] at 10 m.
double NpdMeanSpeed(double u0, double z);
/// The NPD (Froya) gust spectrum S(f) [m^2/s] at f [Hz], height z [m], U_0 [m/s].
double NpdSpectrum(double f, double u0, double z);
/// The Kaimal spectrum S(f) [m^2/s] at f [Hz] for sigma_u [m/s], mean speed U [m/s] and
/// height z [m] (L = 8.1 * 0.7 min(z, 60)).
double KaimalSpectrum(double f, double sigma_u, double mean_speed, double z);

struct GustComponent {
  double amplitude = 0.0;  ///< a_i [m/s].
  double omega = 0.0;      ///< [rad/s].
  double phase = 0.0;      ///< [rad].
};

/// N components of the one-sided spectrum `s_hz` (S(f) [m^2/s], f [Hz]) over [f_min, f_max]
/// [Hz] from `seed` (file comment). Throws std::invalid_argument for a bad band or count, or a
/// spectrum value that is negative or not finite.
std::vector<GustComponent> GustComponents(const std::function<double(double)>& s_hz, int n,
                                          double f_min, double f_max, std::uint64_t seed);

}  // namespace hawser::wind
