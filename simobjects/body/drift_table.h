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
#pragma once

#include <string>

#include "hawser/errors.h"
#include "simobjects/body/rao_table.h"

namespace hawser {

/// Parses the drift coefficient file `text` (the file `path`, for messages). Throws
/// ScenarioError at `path:line` for a bad row and at `where` for an empty file or a grid with
/// gaps.
RaoTable ParseDriftTable(const std::string& text, const std::string& path, RaoFrequencyUnit unit,
                         const SourceLocation& where);

}  // namespace hawser
