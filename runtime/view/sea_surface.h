// The sea surface of a ViewCase from its wave components (hdf5_sea.h), for the VTK files; the
// page's script computes the same sum (page/view.js, waveSurface).
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "runtime/view/view_data.h"

namespace hawser::view {

/// The most wave components a drawn sea surface sums (the largest amplitudes): 65 x 65
/// vertices times 200 components is ~10 ms a frame in a browser.
inline constexpr size_t kMaxDrawnWaves = 200;

/// The ramp factor r(t): the stored (t, r) samples interpolated linearly, 1 after the last.
double WaveRampAt(const std::vector<std::array<double, 2>>& ramp, double t);

/// The largest-amplitude `most` of `waves`, largest first.
std::vector<std::array<double, 5>> LargestWaves(std::vector<std::array<double, 5>> waves,
                                                size_t most);

/// eta(t, x, y) = r(t) sum a cos(k (x cos dir + y sin dir) - omega t + phase) [m].
double SeaElevation(const std::vector<std::array<double, 5>>& waves, double ramp, double t,
                    double x, double y);

}  // namespace hawser::view
