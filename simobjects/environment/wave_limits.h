// What a sea can physically be: the limits Environment/Ocean checks its waves against before a
// run (docs/ocean-and-bodies.md, "Limits"). Each returns "" when the input is within the limit,
// else what is wrong and what is expected, naming the ocean's parameters.
//
// Breaking. A wave steeper than Miche's limit (Miche 1944, "Mouvements ondulatoires de la mer en
// profondeur constante ou decroissante", Annales des Ponts et Chaussees 114; as in the Coastal
// Engineering Manual EM 1110-2-1100 II-1)
//   H / L <= 0.142 tanh(k d),   L = 2 pi / k,  omega^2 = g k tanh(k d),
// (1/7 in deep water) breaks: it cannot exist. In shallow water a wave taller than McCowan's
// solitary-wave limit (McCowan 1894, "On the highest wave of permanent type", Phil. Mag. 38)
//   H / d <= 0.78
// breaks on the depth, and one taller than the depth has no trough above the seabed. For an
// irregular sea the same limits apply to Hs and the wavelength at the peak period Tp: a third of
// the waves are taller than Hs and the tallest about 1.9 Hs, so a sea whose Hs already breaks
// is refused rather than warned about (linear theory would superpose waves that do not exist).
//
// Period and depth. Below WavePeriod 0.2 s (a deep-water wavelength of 6 cm) surface tension
// changes omega^2 = g k by more than 7 % (sigma k^3 / rho against g k, sigma = 0.073 N/m), so a
// gravity-wave model does not hold; a Depth below 1 cm leaves no water column for anything to
// float or hang in, and its shallow-water speed sqrt(g d) is that of a film.
#pragma once

#include <span>
#include <string>

#include "simobjects/environment/sea_state.h"

namespace hawser::ocean {

inline constexpr double kMicheCoefficient = 0.142;  ///< H/L <= 0.142 tanh(k d) (Miche 1944).
inline constexpr double kMcCowanRatio = 0.78;       ///< H/d <= 0.78 (McCowan 1894).
inline constexpr double kMinWavePeriod = 0.2;       ///< [s]; capillary effects below (above).
inline constexpr double kMinDepth = 0.01;           ///< [m]; Environment/Ocean's Depth.
/// The discretised sea's Hs = 4 sqrt(sum a_i^2 / 2) must be within this fraction of the Hs asked.
/// 100 components (the configs') give Hs within 3 %, 200 (the default) within 1 %, at gamma up to
/// 3.3 (any seed); NumComponents = 1 gives up to +200 %, and a band far beyond the spectrum -100 %.
inline constexpr double kHsTolerance = 0.05;

/// "" when a wave of height H [m] (Hs for an irregular sea: `significant`) at period T [s] (Tp)
/// in depth d [m] (inf: deep) is within Miche's and McCowan's limits and kMinWavePeriod.
std::string BreakingProblem(double height, double period, double depth, double gravity,
                            bool significant);

/// "" when the components' Hs = 4 sqrt(sum a_i^2 / 2) is within kHsTolerance of `hs` [m].
std::string DiscretisedHsProblem(std::span<const WaveComponent> components, double hs);

}  // namespace hawser::ocean
