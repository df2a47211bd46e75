// Extreme values over seeds: the Gumbel (type I, largest) fit of N records' maxima, DNV's practice
// for a design value from several 3-hour seeds (DNV-OS-E301 (2010) Ch.2 Sec.2 B300, DNV-RP-C205
// (2010) 3.5.11), and the Rayleigh MPM of one record scaled to another duration.
//
//   Gumbel CDF     F(x) = exp(-exp(-(x - mu) / beta))
//   mode (MPM)     mu
//   percentile     x_p = mu - beta ln(-ln p)         (p = 0.9 for the 90 % value)
//   moments        beta = sqrt(6) s / pi, mu = mean - gamma beta  (s the sample standard
//                  deviation with n - 1, gamma = 0.5772... Euler's constant)
//   max likelihood beta solves beta = mean - sum x_i e^(-x_i/beta) / sum e^(-x_i/beta), then
//                  mu = -beta ln((1/n) sum e^(-x_i/beta))  (as scipy.stats.gumbel_r.fit)
#pragma once

#include <span>

namespace hawser {

/// The fewest maxima a Gumbel fit takes: two parameters from two values leave no check at all.
inline constexpr long kMinGumbelSamples = 3;

struct GumbelFit {
  double mu = 0;    ///< Location: the mode, the most probable maximum.
  double beta = 0;  ///< Scale (> 0; 0 when every maximum is equal).
  /// The value not exceeded with probability p (0 < p < 1).
  double Quantile(double p) const;
};

/// The method-of-moments fit of `x` (at least kMinGumbelSamples finite values).
GumbelFit GumbelMoments(std::span<const double> x);
/// The maximum-likelihood fit of `x` (at least kMinGumbelSamples finite values); the likelihood
/// equation for beta is solved by bisection to a relative 1e-14.
GumbelFit GumbelMaximumLikelihood(std::span<const double> x);

/// The most probable maximum over `duration` of a stationary narrow-banded Gaussian process with
/// `mean` and `std` that crossed its mean upwards `upcrossings` times in `record` seconds: the
/// Rayleigh model's mean + std sqrt(2 ln(T / Tz)), Tz = record / upcrossings the mean
/// up-crossing period (statistics.h's mpm is the case T = record). NaN when there are fewer than
/// 2 up-crossings or T <= Tz (the formula holds for many cycles only).
double RayleighMpm(double mean, double std, long upcrossings, double record, double duration);

}  // namespace hawser
