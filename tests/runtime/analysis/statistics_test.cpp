// runtime/analysis/statistics.h against values worked out by hand, numpy's documented percentile
// method, and the closed form of the most probable maximum of a Gaussian record.
#include "runtime/analysis/statistics.h"

#include <doctest/doctest.h>

#include <cmath>
#include <numbers>
#include <random>
#include <stdexcept>
#include <vector>

namespace hawser {

TEST_CASE("statistics of a short record, by hand") {
  const std::vector<double> x = {3, -1, 4, 1, -5, 9, 2, 6};
  const Statistics s = Summarise(x);
  CHECK(s.n == 8);
  CHECK(s.initial == 3);
  CHECK(s.final == 6);
  CHECK(s.min == -5);
  CHECK(s.max == 9);
  CHECK(s.absmax == 9);
  // mean 19/8; sum of squares 173; population std sqrt(173/8 - (19/8)^2).
  CHECK(s.mean == doctest::Approx(19.0 / 8).epsilon(1e-15));
  CHECK(s.rms == doctest::Approx(std::sqrt(173.0 / 8)).epsilon(1e-15));
  CHECK(s.std == doctest::Approx(std::sqrt(173.0 / 8 - 361.0 / 64)).epsilon(1e-14));
  // Up-crossings of the mean 2.375 (from below to at or above it): -1 -> 4, -5 -> 9, 2 -> 6.
  CHECK(s.upcrossings == 3);
  CHECK(s.mpm == doctest::Approx(s.mean + s.std * std::sqrt(2 * std::log(3.0))).epsilon(1e-15));
  // Too few cycles for an extreme-value estimate.
  CHECK(std::isnan(Summarise(std::vector<double>{0, 1, 0}).mpm));
  CHECK(std::isnan(Summarise(std::vector<double>{}).mean));
}

TEST_CASE("percentiles follow numpy's linear method") {
  // numpy.percentile([1, 2, 3, 4], q): rank q/100 (n - 1), linear between neighbours:
  // q = 25 -> 1.75, 50 -> 2.5, 90 -> 3.7, 0 -> 1, 100 -> 4 (values numpy prints).
  const std::vector<double> x = {4, 1, 3, 2};
  CHECK(Percentile(x, 25) == doctest::Approx(1.75).epsilon(1e-15));
  CHECK(Percentile(x, 50) == doctest::Approx(2.5).epsilon(1e-15));
  CHECK(Percentile(x, 90) == doctest::Approx(3.7).epsilon(1e-15));
  CHECK(Percentile(x, 0) == 1);
  CHECK(Percentile(x, 100) == 4);
  CHECK(Statistic("p50", x) == doctest::Approx(2.5).epsilon(1e-15));
  CHECK(IsStatisticName("p99.9"));
  CHECK_FALSE(IsStatisticName("p101"));
  CHECK_FALSE(IsStatisticName("median"));
}

TEST_CASE("time windows: FROM:TO with open ends, and what is wrong otherwise") {
  const TimeWindow w = TimeWindow::Parse("100:");
  CHECK(w.Contains(100));
  CHECK(w.Contains(1e9));
  CHECK_FALSE(w.Contains(99.9));
  CHECK(w.Text() == "100:");
  CHECK(TimeWindow::Parse(":5").Text() == ":5");
  CHECK(TimeWindow::Parse(":").whole());
  CHECK_THROWS_WITH_AS(TimeWindow::Parse("5"),
                       doctest::Contains("time window '5': expected FROM:TO in s"),
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(TimeWindow::Parse("a:3"), doctest::Contains("'a' is not a time"),
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(TimeWindow::Parse("8:3"), doctest::Contains("FROM is after TO"),
                       std::invalid_argument);
}

TEST_CASE("most probable maximum of a synthetic narrow-band Gaussian record vs its closed form") {
  // x(t) = sum a cos(w_i t + phi_i), 400 components with equal amplitude, w_i evenly in
  // [0.9, 1.1] rad/s, random phases (fixed seed): Gaussian to a very good approximation, with
  // m0 = sum a^2/2 = 1 and m2 = sum a^2/2 w_i^2, so sigma = 1 and the mean up-crossing period
  // Tz = 2 pi sqrt(m0 / m2). Over T the closed form is MPM = sigma sqrt(2 ln(T / Tz)).
  constexpr int kComponents = 400;
  const double a = std::sqrt(2.0 / kComponents);
  std::mt19937_64 rng(42);
  std::uniform_real_distribution<double> phase(0.0, 2.0 * std::numbers::pi);
  std::vector<double> omega(kComponents), phi(kComponents);
  double m2 = 0;
  for (int i = 0; i < kComponents; ++i) {
    omega[i] = 0.9 + 0.2 * (i + 0.5) / kComponents;
    phi[i] = phase(rng);
    m2 += a * a / 2 * omega[i] * omega[i];
  }
  const double duration = 40000.0, dt = 0.25;  // ~6400 cycles, 25 samples per cycle
  std::vector<double> x(static_cast<size_t>(duration / dt) + 1);
  for (size_t k = 0; k < x.size(); ++k) {
    const double t = static_cast<double>(k) * dt;
    for (int i = 0; i < kComponents; ++i) x[k] += a * std::cos(omega[i] * t + phi[i]);
  }
  const double tz = 2.0 * std::numbers::pi / std::sqrt(m2);
  const double closed = std::sqrt(2.0 * std::log(duration / tz));
  const Statistics s = Summarise(x);
  // The record's sigma and up-crossing count differ from the spectrum's by the finite record:
  // the cross terms of components dw = 5e-4 rad/s apart average out over T only to
  // ~1 / (T dw) ~ 5 % each, but with random phases their sum is ~1 % of m0; the count of
  // cycles likewise ~1 %. ln N damps the latter: MPM within 2 %.
  MESSAGE("std ", s.std, " upcrossings ", s.upcrossings, " vs ", duration / tz, "; mpm ", s.mpm,
          " vs ", closed);
  CHECK(s.std == doctest::Approx(1.0).epsilon(0.02));
  CHECK(static_cast<double>(s.upcrossings) == doctest::Approx(duration / tz).epsilon(0.02));
  CHECK(s.mpm == doctest::Approx(closed).epsilon(0.02));
}

}  // namespace hawser
