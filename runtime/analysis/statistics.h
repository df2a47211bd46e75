// Statistics of a recorded signal over a time window: what `hawser stats` prints and what sweep
// summaries (`--summary COLUMN:STAT[@FROM:TO]`) store per case.
//
//   n, initial, final, min, max, absmax  over the samples in the window
//   mean, std, rms                       sample mean, standard deviation (population form,
//                                        sqrt(mean((x - mean)^2)), as numpy's std), sqrt(mean(x^2))
//   pNN                                  the NN-th percentile, 0 <= NN <= 100, linear between
//                                        order statistics (numpy's default "linear" method)
//   upcrossings                          how often x crosses its mean upwards
//   mpm                                  the most probable maximum of the record: for a
//                                        stationary, narrow-banded Gaussian process the peaks are
//                                        Rayleigh-distributed, and the mode of the largest of N of
//                                        them is mean + std sqrt(2 ln N) (Ochi 1973; DNV-RP-C205
//                                        (2010) 3.5.11 and DNV-OS-E301's MPM of line tension).
//                                        N is the count of mean-level up-crossings (one per
//                                        cycle); NaN for fewer than 2. The samples are taken as
//                                        given, so the output step must resolve the signal's
//                                        oscillations (ten samples per cycle or more).
// Every statistic is over the output rows (not time-weighted): give evenly spaced output times.
// A NaN among the samples makes every statistic of the values NaN (min, max, mean, std,
// percentiles, mpm: as numpy's, and never order-dependent); n, initial and final stay the
// samples'. `hawser stats` instead takes the finite samples (SplitFinite) and says how many it
// left out.
#pragma once

#include <limits>
#include <span>
#include <string>
#include <vector>

namespace hawser {

/// [from, to] in s; either end may be open.
struct TimeWindow {
  double from = -std::numeric_limits<double>::infinity();
  double to = std::numeric_limits<double>::infinity();
  bool Contains(double t) const { return t >= from && t <= to; }
  bool whole() const;
  /// "from:to", either side may be empty ("100:", ":600"); throws std::invalid_argument with
  /// what is expected.
  static TimeWindow Parse(const std::string& text);
  std::string Text() const;  ///< As parsed ("100:600", "100:"); "" for the whole record.
};

struct Statistics {
  long n = 0;
  double initial = 0, final = 0, min = 0, max = 0, absmax = 0, mean = 0, std = 0, rms = 0;
  long upcrossings = 0;
  double mpm = std::numeric_limits<double>::quiet_NaN();
};

/// The statistics of `x` (NaN everywhere when it is empty).
Statistics Summarise(std::span<const double> x);

/// The p-th percentile of `x`, 0 <= p <= 100 (numpy's "linear" method); NaN when empty or when
/// `x` holds a NaN.
double Percentile(std::span<const double> x, double p);

/// A record split into its finite samples (in order) and counts of the others.
struct FiniteSamples {
  std::vector<double> values;
  long nan = 0, plus_inf = 0, minus_inf = 0;
  long left_out() const { return nan + plus_inf + minus_inf; }
  /// "2 NaN, 1 +inf" (the non-zero counts); "" when every sample is finite.
  std::string Kinds() const;
};
FiniteSamples SplitFinite(std::span<const double> x);

/// Whether `name` is a statistic Statistic() knows: final, initial, min, max, absmax, mean, std,
/// rms, mpm, upcrossings, n, or pNN with 0 <= NN <= 100 (e.g. p50, p99.9).
bool IsStatisticName(const std::string& name);
/// The names, for messages: "final, initial, ..., pNN (percentile)".
std::string StatisticNames();
/// The statistic `name` of `x` (IsStatisticName(name) must hold).
double Statistic(const std::string& name, std::span<const double> x);

}  // namespace hawser
