// Reading the WAMIT-format output of a boundary-element code (WAMIT; NEMOH, Capytaine and HAMS
// write the same files): `.1` added mass and damping, `.3` first-order excitation, `.hst`
// hydrostatic stiffness, for one body with 6 modes, made dimensional and converted to hawser's
// conventions (docs/ocean-and-bodies.md, "Hull data from WAMIT files").
//
// Format (WAMIT User Manual, chapter 4, "Output files"): whitespace-separated numbers, one
// coefficient per line, in any order; a line that starts with a non-number is skipped only as
// the file's first line (a header). The first column is the wave period PER [s] (WAMIT's
// default IPEROUT = 1; frequencies are not accepted).
//   .1    PER I J Abar Bbar     (PER = -1: infinite period, zero frequency; PER = 0: zero
//                                period, infinite frequency; those rows have no Bbar: PER I J Abar)
//   .3    PER BETA I Mod Pha Re Im   (BETA in degrees, Pha in degrees)
//   .hst  I J Cbar
// Entries WAMIT leaves out (below its output threshold) are zero.
//
// Non-dimensionalisation with the density rho, gravity g and length ULEN = L:
//   A_ij = Abar rho L^k,  B_ij = Bbar rho omega L^k,  k = 3 (i, j <= 3), 4 (mixed), 5 (i, j >= 4)
//   X_i = Xbar rho g L^m (per metre of wave amplitude),  m = 2 (i <= 3), 3 (i >= 4)
//   C_ij = Cbar rho g L^k,  k = 2 (i, j <= 3), 3 (mixed), 4 (i, j >= 4)
//
// Conventions: WAMIT's x forward, y to port, z up and its heading BETA (the direction the waves
// travel towards, from +x towards +y) are hawser's (rao_table.h). WAMIT's phase is a LEAD on the
// incident wave's elevation at the origin (Re(X e^{i omega t}) against Re(A e^{i omega t}));
// hawser's RAO phase is a lag, so the excitation RAO is H = conj(X): epsilon = -Pha.
#pragma once

#include <Eigen/Dense>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "simobjects/body/rao_table.h"

namespace hawser {

/// The most periods a .1 or .3 file may list, and headings a .3 file: BEM runs use tens to a few
/// hundred; the bound keeps the memory fit (O(periods) per iteration, radiation_fit.h) and
/// Ogilvie's relation (O(periods^2)) to seconds whatever a file holds.
inline constexpr size_t kMaxWamitPeriods = 1000;
inline constexpr size_t kMaxWamitHeadings = 720;

/// rho [kg/m^3], g [m/s^2] and WAMIT's ULEN [m] for making WAMIT's coefficients dimensional.
struct WamitScales {
  double rho = 1025.0, g = 9.81, length = 1.0;
};

/// A .1 file, dimensional, about WAMIT's origin, body frame.
struct WamitRadiation {
  std::vector<double> omegas;  ///< [rad/s], increasing, from the finite positive periods.
  std::vector<Eigen::Matrix<double, 6, 6>> added_mass;  ///< A(omega) per omega [kg, kg m, ...].
  std::vector<Eigen::Matrix<double, 6, 6>> damping;     ///< B(omega) per omega [N s/m, ...].
  std::optional<Eigen::Matrix<double, 6, 6>> added_mass_infinite;  ///< PER = 0 rows.
  std::optional<Eigen::Matrix<double, 6, 6>> added_mass_zero;      ///< PER = -1 rows.
  std::vector<int> lines;  ///< The first line of each omega's rows (for messages).
};

/// Parses `text` (the file `path`; errors at `path:line`; `where` for a file with no rows).
WamitRadiation ParseWamitRadiation(const std::string& text, const std::string& path,
                                   const WamitScales& scales, const SourceLocation& where);
/// Force RAOs (N/m, N m/m about the origin) from a .3 file; every period at every heading.
RaoTable ParseWamitExcitation(const std::string& text, const std::string& path,
                              const WamitScales& scales, const SourceLocation& where,
                              std::vector<int>* period_lines = nullptr);
/// C (6x6) from a .hst file.
Eigen::Matrix<double, 6, 6> ParseWamitHydrostatics(const std::string& text, const std::string& path,
                                                   const WamitScales& scales,
                                                   const SourceLocation& where);

}  // namespace hawser
