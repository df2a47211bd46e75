// An explicit list of wave components from a file (Environment/Ocean Waves="file",
// WaveComponentsFile): the format of MoorDyn v2's `wave_frequencies.txt`, so that a sea measured,
// or made by another tool, or handed to MoorDyn for a side by side, is the same sea in hawser.
//
// Format (MoorDyn docs/waterkinematics.rst, source/Waves/WaveSpectrum.cpp): one component a row,
// values separated by white space (or commas), `#` comments and blank lines skipped:
//   omega  Re(A)  Im(A)  [beta]
// omega the angular frequency [rad/s], A the complex amplitude of the elevation [m], beta the
// direction of travel (towards, from +x towards +y) [rad], 0 when left out, |beta| <= 2 pi.
// MoorDyn's component-summing mode (WaveKin 7, source/Waves/SpectrumKin.cpp) reads a row as
//   eta = |A| sin(omega t - k (x cos beta + y sin beta) + arg A).
// Since sin(X) = cos(X - pi/2), that is hawser's component (sea_state.h)
//   eta = a cos(k (x cos theta + y sin theta) - omega t + phi),
//   a = |A|,  phi = pi/2 - arg A,  theta = WaveDirection + beta,
// with k from the finite-depth dispersion relation, as MoorDyn computes it. (MoorDyn's FFT grid,
// WaveKin 2, source/Waves/WaveGrid.cpp, inverse-transforms the same numbers into
// |A| cos(omega t - k l + arg A): a quarter period apart from its summing mode; hawser follows
// the summing mode, the exact one.)
// MoorDyn requires a first row at omega = 0; a zero-frequency row is accepted when its amplitude
// is zero (it is no wave) and skipped. Refused, at the row (file:line, naming the column): a value
// that is not a finite number, fewer than 3 or more than 4 values, omega < 0, a non-zero amplitude
// at omega = 0, |beta| > 2 pi, a component that alone breaks or is below the capillary period
// (wave_limits.h: Miche, McCowan, 0.2 s, as a regular wave of height 2 |A|); at the file: no
// component, more than kMaxWaveComponents, and a sea whose Hs = 4 sqrt(sum a^2 / 2) breaks at the
// period of its largest component.
#pragma once

#include <string>
#include <vector>

#include "hawser/errors.h"
#include "simobjects/environment/sea_state.h"

namespace hawser::ocean {

/// The components of `text` (the contents of the file `path`), in hawser's convention (file
/// comment), in depth h [m] (inf: deep) under gravity g; `direction` [rad] is added to every
/// row's beta. Throws ScenarioError at path:line for a bad row and at `where` (the attribute
/// naming the file) for a bad file as a whole.
std::vector<WaveComponent> ParseWaveComponents(const std::string& text, const std::string& path,
                                               const SourceLocation& where, double direction,
                                               double depth, double gravity);

/// ParseWaveComponents of the regular file `path` (hawser/text_file.h limits).
std::vector<WaveComponent> ReadWaveComponentsFile(const std::string& path,
                                                  const SourceLocation& where, double direction,
                                                  double depth, double gravity);

}  // namespace hawser::ocean
