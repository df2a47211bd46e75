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

/// The sample where the accuracy window starts: t = 20 s in hawser's tensions (every 0.1 s from
/// t = 0). The first seconds carry the start's axial snap (docs/benchmarks.md, "The reference
/// line's 22 % gap"), which MoorDyn does not converge: at N = 100 its run at dtM differs from one
/// at dtM / 10 by 12 % RMS over 0.1-60 s but by 0.03 % from t = 20 s.
inline constexpr size_t kFrom20s = 200;

/// RmsDifference of the samples from index `from` on (NaN when either is that short).
inline double RmsDifferenceFrom(const std::vector<double>& a, const std::vector<double>& b,
                                size_t from) {
  if (a.size() <= from || b.size() <= from) return NAN;
  return RmsDifference(std::vector<double>(a.begin() + static_cast<long>(from), a.end()),
                       std::vector<double>(b.begin() + static_cast<long>(from), b.end()));
}

/// MoorDyn 2.7's accuracy on this line, the accuracy a hawser setting must match: the RMS
/// difference of its fairlead tension from t = 20 s between RK2 at dtM (MoorDynStep) and at
/// dtM / 10 (its converged answer), over the mean tension. Measured in every run given
/// --moordyn (RunMoorDyn); these are the figures of a side-by-side run (2026-11-27), for runs
/// without it.
struct PeerAccuracy {
  int n;
  double rms;
};
inline constexpr PeerAccuracy kMoorDyn[] = {{20, 2.8e-3}, {100, 3.1e-4}, {200, 3.6e-4}};

inline double MoorDynRmsAt(int n) {
  for (const PeerAccuracy& f : kMoorDyn)
    if (f.n == n) return f.rms;
  return kMoorDyn[0].rms;
}

/// MoorDyn's RK2 step dtM: 0.25 / N s (0.0025 s at N = 100, the issue's), at most 0.005 s (at
/// N = 20 0.0125 s went unstable: NaN at t = 0.8 s).
inline double MoorDynStep(int n) { return std::min(0.25 / n, 0.005); }

/// MoorDyn on the reference line in still water with the fairlead moving as RunDynamic's:
/// milliseconds of its step loop per simulated second (the fastest of `repeats` runs at dtM),
/// its RMS tension difference from hawser's `reference` (over 0.1-60 s and from t = 20 s), and,
/// with `accuracy`, its own error from t = 20 s against a run at dtM / 10 (MoorDyn's side of
/// kMoorDyn).
struct PeerRun {
  double ms = NAN, rms = NAN, rms20 = NAN, self_rms20 = NAN;
};
inline PeerRun RunMoorDyn(const peer::MoorDynLibrary& md, int n,
                          const std::vector<double>& reference, int repeats,
                          bool accuracy = false) {
  const auto run_at = [&](double dt) {
    peer::TempFolder folder;
    peer::WriteReferenceLine(folder.path(), n, dt);
    return peer::Run(md, folder.path(), 1, peer::ReferenceSurge, 60.0, 0.1, dt);
  };
  // MoorDyn's samples start at t = 0.1 s (moordyn_peer.h), hawser's at 0.
  const std::vector<double> from_01(reference.begin() + 1, reference.end());
  PeerRun best;
  std::vector<double> tension;
  for (int r = 0; r < repeats; ++r) {
    const peer::Result run = run_at(MoorDynStep(n));
    const double ms = 1e3 * run.step_seconds / 60.0;
    if (!(ms >= best.ms)) best.ms = ms;
    tension = run.tensions[0];
  }
  best.rms = RmsDifference(tension, from_01);
  best.rms20 = RmsDifferenceFrom(tension, from_01, kFrom20s - 1);
  if (accuracy) {
    const peer::Result fine = run_at(MoorDynStep(n) / 10.0);
    best.self_rms20 = RmsDifferenceFrom(tension, fine.tensions[0], kFrom20s - 1);
  }
  return best;
}

}  // namespace hawser
