// cable_bench's MoorDyn side: MoorDyn 2.7's accuracy on the reference line, its step, and a
// side-by-side run of it (bench/moordyn_peer.h) timed and compared with hawser's reference run.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "bench/moordyn_peer.h"

namespace hawser {

/// RMS of a - b over the mean of b (NaN when their lengths differ or they are empty).
inline double RmsDifference(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size() || a.empty()) return NAN;
  double sum = 0.0, mean = 0.0;
  const size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    sum += (a[i] - b[i]) * (a[i] - b[i]);
    mean += b[i];
  }
  return std::sqrt(sum / n) / (mean / n);
}

/// MoorDyn 2.7's RMS tension error on this line (RK2 at its stable step), from
/// a side-by-side run: the accuracy to match (deterministic, unlike a wall time, which is only
/// compared within one run: --moordyn).
struct PeerAccuracy {
  int n;
  double rms;
};
inline constexpr PeerAccuracy kMoorDyn[] = {{20, 3.5e-3}, {100, 5.9e-3}, {200, 7.3e-3}};

inline double MoorDynRmsAt(int n) {
  for (const PeerAccuracy& f : kMoorDyn)
    if (f.n == n) return f.rms;
  return kMoorDyn[0].rms;
}

/// MoorDyn's RK2 step dtM: 0.25 / N s (0.0025 s at N = 100, the issue's), at most 0.005 s (at
/// N = 20 0.0125 s went unstable: NaN at t = 0.8 s).
inline double MoorDynStep(int n) { return std::min(0.25 / n, 0.005); }

/// MoorDyn on the reference line in still water with the fairlead moving as RunDynamic's, the
/// fastest of 3 runs: milliseconds of its step loop per simulated second and the RMS tension
/// error against `reference`.
struct PeerRun {
  double ms = NAN, rms = NAN;
};
inline PeerRun RunMoorDyn(const peer::MoorDynLibrary& md, int n,
                          const std::vector<double>& reference, int repeats) {
  peer::TempFolder folder;
  peer::WriteReferenceLine(folder.path(), n, MoorDynStep(n));
  PeerRun best;
  for (int r = 0; r < repeats; ++r) {
    const peer::Result run =
        peer::Run(md, folder.path(), 1, peer::ReferenceSurge, 60.0, 0.1, MoorDynStep(n));
    const double ms = 1e3 * run.step_seconds / 60.0;
    if (!(ms >= best.ms)) best.ms = ms;
    // MoorDyn's samples start at t = 0.1 s (moordyn_peer.h), hawser's at 0.
    best.rms =
        RmsDifference(run.tensions[0], std::vector<double>(reference.begin() + 1, reference.end()));
  }
  return best;
}

}  // namespace hawser
