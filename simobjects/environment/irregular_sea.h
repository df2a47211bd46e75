// Linear wave components of an irregular sea drawn from a wave spectrum: the random-phase model
// with deterministic amplitudes (e.g. Faltinsen 1990 section 2.3; DNV-RP-C205 (2010) 3.5.9).
//
// Frequencies: [omega_min, omega_max] is cut into N bins of equal width d omega =
// (omega_max - omega_min) / N. In bin i (0-based) the component frequency is
//   kRandomInBin (default): omega_i = omega_min + (i + u_i) d omega, u_i uniform in [0, 1);
//   kBinCentre:             omega_i = omega_min + (i + 1/2) d omega.
// Amplitudes a_i = sqrt(2 S(omega_i) d omega), so that the variance sum a_i^2 / 2 is the
// Riemann sum of S over the band (the midpoint rule for kBinCentre). Phases phi_i are uniform in
// [0, 2 pi). Amplitudes are not randomised (no Rayleigh draw): every realisation has the
// spectrum's variance in the band exactly.
//
// Repeat period: with bin-centre frequencies the sea is periodic in its groups with
//   T_rep = 2 pi / d omega
// (every component advances by a whole number of cycles plus the same fraction
// omega_min / d omega + 1/2; when that is an integer eta itself repeats), e.g. 200 components
// over 0.2..2.2 rad/s repeat after 628 s, far short of a 3-hour storm. Random in-bin
// frequencies are rationally independent, so the record never repeats: after T_rep component i
// is shifted in phase by 2 pi u_i, with u_i independent and uniform, and the expected
// correlation of eta(t) with eta(t + T_rep) is zero. RepeatPeriod() returns T_rep.
//
// Directional spreading (optional): with spreading exponent n > 0 each component gets its own
// direction (single-summation method, one direction per frequency, which keeps the sea
// ergodic) drawn from D(theta) proportional to cos^n(theta - theta_0) for
// |theta - theta_0| < pi/2 (DNV-RP-C205 3.5.8.4), by rejection sampling. n = 0: long-crested,
// every component travels towards theta_0. The spreading is independent of frequency.
//
// Reproducibility: one std::mt19937_64 seeded with `seed`; uniforms are (draw >> 11) 2^-53,
// which, unlike std::uniform_real_distribution, is the same on every standard library, so the
// same seed gives bit-identical components everywhere. Draws per component, in order: u_i
// (always drawn, also for kBinCentre, so that both placements share their phases), the phase,
// then, with spreading, pairs of uniforms until one is accepted.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "simobjects/environment/dispersion.h"
#include "simobjects/environment/sea_state.h"

namespace hawser {
/// The most components an irregular sea may have (NumComponents): 1e5, far beyond the few hundred
/// to few thousand a sea needs, and about 18 MB; more would cost memory and time without bound
/// (each component is summed at every point at every step).
inline constexpr long kMaxWaveComponents = 100'000;
}  // namespace hawser

namespace hawser::ocean {

enum class FrequencyPlacement { kRandomInBin, kBinCentre };

struct IrregularSeaOptions {
  int components = 200;             ///< N >= 1.
  double omega_min = 0.0;           ///< Lower end of the band [rad/s], > 0.
  double omega_max = 0.0;           ///< Upper end [rad/s], > omega_min.
  double mean_direction = 0.0;      ///< theta_0, travels towards, from +x towards +y [rad].
  double spreading_exponent = 0.0;  ///< n in cos^n (0 = long-crested) [-].
  std::uint64_t seed = 0;           ///< Seed of the std::mt19937_64.
  FrequencyPlacement placement = FrequencyPlacement::kRandomInBin;
};

/// The components of an irregular sea with one-sided spectrum S(omega) [m^2 s/rad] (e.g. a
/// WaveSpectrum) in depth h [m]. Throws std::invalid_argument for bad options or a spectrum
/// value that is negative or not finite.
std::vector<WaveComponent> IrregularWaveComponents(const std::function<double(double)>& spectrum,
                                                   const IrregularSeaOptions& options, double depth,
                                                   double gravity = kDefaultGravity);

/// T_rep = 2 pi / d omega [s] (file comment).
double RepeatPeriod(const IrregularSeaOptions& options);

}  // namespace hawser::ocean
