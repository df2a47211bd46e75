// Mean wave drift coefficients of a floating body: per wave frequency and heading, the mean
// second-order force and moment about the body's origin O in a regular wave of unit amplitude,
//   F_mean = D(omega, beta) a^2     [N/m^2, N*m/m^2],
// the diagonal of the difference-frequency QTF (Newman 1974; WAMIT's .8/.9 "mean drift", OrcaFlex's
// "wave drift QTFs" diagonal). Used by Force/WaveDrift (wave_drift.h).
//
// File format (CSV, '#' starts a comment line, blank lines skipped, a first line that does not
// start with a number is a header): one row per (frequency, heading) with 8 columns
//   frequency, heading_deg, surge, sway, heave, roll, pitch, yaw
// the last six D in N/m^2 (forces) and N*m/m^2 (moments about O), heading frame (x to the bow,
// y to port, z up); the frequency in rad/s, Hz or as a period in s (FrequencyUnit); the heading
// as in rao_table.h (the direction the waves travel towards relative to the bow, from +x towards
// +y: 180 = head seas). The rows must cover a full grid, every frequency at every heading, once.
// D is interpolated as an RAO table's values (bilinear, frequencies outside the table held,
// headings periodic): the table is kept as a RaoTable whose values are real.
//
// WAMIT-format files (WAMIT v7 manual, 4.8 to 4.10; also written by NEMOH and Capytaine's
// exporters): .8 (momentum), .9 (pressure) mean drift, rows
//   PER  BETA1  BETA2  I  |F|  phase  Re(F)  Im(F)
// and .12d (difference-frequency QTF), rows
//   PER1  PER2  BETA1  BETA2  I  |F|  phase  Re(F)  Im(F)
// with PER the wave period [s], BETA the headings [deg] (WAMIT's: the direction the waves
// travel towards from the body's x axis, counter-clockwise: the same as above), I the mode 1..6
// and F non-dimensional: F_i = rho g A^2 L^k F'_i with k = 1 for forces (I = 1..3), 2 for
// moments (I = 4..6), L = WAMIT's ULEN. Only unidirectional rows (BETA1 = BETA2) and, in a
// .12d file, the diagonal (PER1 = PER2, the mean drift) are read; Re(F) is the coefficient.
// A mode a file does not give (e.g. heave from the momentum method) is zero. The grid rule is
// as above (every period at every heading), over the modes that are given.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "simobjects/body/rao_table.h"

namespace hawser {

/// Parses the drift coefficient file `text` (the file `path`, for messages). Throws
/// ScenarioError at `path:line` for a bad row and at `where` for an empty file or a grid with
/// gaps.
RaoTable ParseDriftTable(const std::string& text, const std::string& path, RaoFrequencyUnit unit,
                         const SourceLocation& where);

/// Parses the WAMIT-format drift file `text` (`path` for messages; .12d when `qtf`, else .8 or
/// .9): the non-dimensional coefficients F' (multiply by rho g L^k, WamitDriftScale). Errors as
/// ParseDriftTable.
RaoTable ParseWamitDrift(const std::string& text, const std::string& path, bool qtf,
                         const SourceLocation& where);

/// The values of a WAMIT row, separated by blanks or tabs (errors at `at`; also qtf_table.h).
std::vector<double> WamitRowValues(const std::string& line, const SourceLocation& at);

/// rho g L^k per mode (k = 1 for forces, 2 for moments): WAMIT's dimensional factor of a
/// coefficient per unit wave amplitude squared.
std::array<double, 6> WamitDriftScale(double density, double gravity, double length);

}  // namespace hawser
