#include "runtime/analysis/extremes.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <numbers>

namespace hawser {
namespace {

struct Moments {
  double mean = 0, std = 0;  // std with n - 1.
};

Moments SampleMoments(std::span<const double> x) {
  assert(x.size() >= static_cast<size_t>(kMinGumbelSamples));
  Moments m;
  for (double v : x) m.mean += v;
  m.mean /= static_cast<double>(x.size());
  double dev = 0;
  for (double v : x) dev += (v - m.mean) * (v - m.mean);
  m.std = std::sqrt(dev / static_cast<double>(x.size() - 1));
  return m;
}

/// (1/n) sum e^(-(x_i - top)/beta) and sum x_i e^(...)/sum e^(...), shifted by the largest value
/// `top` so that no exponential overflows (each term is <= 1, the largest is 1).
struct Weighted {
  double mean_weight = 0, weighted_mean = 0;
};

Weighted WeightedMean(std::span<const double> x, double top, double beta) {
  double sum_w = 0, sum_xw = 0;
  for (double v : x) {
    const double w = std::exp(-(v - top) / beta);
    sum_w += w;
    sum_xw += (v - top) * w;
  }
  return {sum_w / static_cast<double>(x.size()), top + sum_xw / sum_w};
}

}  // namespace

double GumbelFit::Quantile(double p) const { return mu - beta * std::log(-std::log(p)); }

GumbelFit GumbelMoments(std::span<const double> x) {
  const Moments m = SampleMoments(x);
  const double beta = std::sqrt(6.0) * m.std / std::numbers::pi;
  return {m.mean - std::numbers::egamma * beta, beta};
}

GumbelFit GumbelMaximumLikelihood(std::span<const double> x) {
  const Moments m = SampleMoments(x);
  const double top = *std::max_element(x.begin(), x.end());
  if (m.std == 0) return {m.mean, 0};  // Every maximum equal: no spread to fit.
  // g(beta) = beta - mean + weighted mean: g -> min - mean < 0 as beta -> 0 and g ~ beta as
  // beta -> inf, with one root (the likelihood is unimodal). Bracket it around the moments'
  // estimate, then bisect.
  const auto g = [&](double beta) {
    return beta - m.mean + WeightedMean(x, top, beta).weighted_mean;
  };
  const double guess = std::sqrt(6.0) * m.std / std::numbers::pi;
  double lo = guess, hi = guess;
  while (g(lo) > 0 && lo > guess * 1e-12) lo *= 0.5;
  while (g(hi) < 0 && hi < guess * 1e12) hi *= 2.0;
  for (int i = 0; i < 200 && hi - lo > 1e-14 * hi; ++i) {
    const double mid = 0.5 * (lo + hi);
    (g(mid) < 0 ? lo : hi) = mid;
  }
  const double beta = 0.5 * (lo + hi);
  return {top - beta * std::log(WeightedMean(x, top, beta).mean_weight), beta};
}

double RayleighMpm(double mean, double std, long upcrossings, double record, double duration) {
  if (upcrossings < 2 || !(record > 0)) return std::numeric_limits<double>::quiet_NaN();
  const double cycles = static_cast<double>(upcrossings) * duration / record;  // T / Tz
  if (!(cycles > 1)) return std::numeric_limits<double>::quiet_NaN();
  return mean + std * std::sqrt(2.0 * std::log(cycles));
}

}  // namespace hawser
