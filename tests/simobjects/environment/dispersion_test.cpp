#include "simobjects/environment/dispersion.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

namespace hawser::ocean::test {
namespace {

constexpr double kG = 9.81;
constexpr double kInf = std::numeric_limits<double>::infinity();

// omega for a chosen k h, written from the relation itself (not from AngularFrequency).
double OmegaOf(double k, double h) { return std::sqrt(kG * k * std::tanh(k * h)); }

}  // namespace

TEST_CASE("Ocean dispersion: residual below 1e-12 for k h from 1e-3 to 50 at three depths") {
  double worst_residual = 0.0, worst_k = 0.0;
  for (double h : {1.0, 50.0, 4000.0}) {
    for (int i = 0; i <= 200; ++i) {
      const double kh = 1e-3 * std::pow(5e4, i / 200.0);  // 1e-3 .. 50, log-spaced
      const double k_true = kh / h;
      const double omega = OmegaOf(k_true, h);
      const double k = WaveNumber(omega, h, kG);
      // Relative residual of omega^2 = g k tanh(k h): the solver's stopping rule leaves an error
      // of order 1e-18 and omega^2 itself carries a few ulp (~1e-16), so 1e-12 has margin.
      const double residual = std::abs(omega * omega - kG * k * std::tanh(k * h)) / (omega * omega);
      worst_residual = std::max(worst_residual, residual);
      // d ln(omega^2) / d ln(k) = 1 + 2 k h / sinh(2 k h) is between 1 and 2, so the wave
      // number is as well conditioned as the residual.
      worst_k = std::max(worst_k, std::abs(k / k_true - 1.0));
      REQUIRE(residual < 1e-12);
    }
  }
  CHECK(worst_k < 1e-12);
  MESSAGE("worst relative residual " << worst_residual << ", worst relative k error " << worst_k);
}

TEST_CASE("Ocean dispersion: deep-water limit k = omega^2 / g") {
  for (double omega : {0.1, 0.6, 2.0, 10.0}) {
    // Infinite depth: the deep-water formula itself, to the last bit.
    CHECK(WaveNumber(omega, kInf, kG) == omega * omega / kG);
    // Finite depth with k h >= 50: tanh(k h) = 1 - 2e-43, so k = omega^2 / g to rounding (1e-15).
    const double h = 50.0 / (omega * omega / kG);
    CHECK(WaveNumber(omega, h, kG) == doctest::Approx(omega * omega / kG).epsilon(1e-15));
  }
  // k h of order 1e5 (10 rad/s in 10 km): no overflow anywhere.
  CHECK(std::isfinite(WaveNumber(10.0, 1e4, kG)));
}

TEST_CASE("Ocean dispersion: shallow-water limit k = omega / sqrt(g h) (1 + x / 6)") {
  // With x = omega^2 h / g, y tanh(y) = x gives y = sqrt(x) (1 + x / 6 + O(x^2)) (series of
  // tanh); at x = 1e-6 the O(x^2) term is ~1e-12, so assert to 1e-11.
  const double h = 10.0;
  for (double x : {1e-6, 1e-8}) {
    const double omega = std::sqrt(x * kG / h);
    const double k_shallow = omega / std::sqrt(kG * h);
    CHECK(WaveNumber(omega, h, kG) / k_shallow == doctest::Approx(1.0 + x / 6.0).epsilon(1e-11));
  }
  CHECK(WaveNumber(0.0, h, kG) == 0.0);
}

TEST_CASE("Ocean dispersion: agrees with bisection, AngularFrequency is the inverse") {
  // T = 10 s in h = 20 m: k from the relation solved by 200 bisections in the test (independent
  // of Newton and of its start), so to rounding; asserted to 1e-13.
  const double omega = 2.0 * std::numbers::pi / 10.0, h = 20.0;
  double lo = 0.0, hi = 1.0;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (OmegaOf(mid, h) < omega ? lo : hi) = mid;
  }
  CHECK(WaveNumber(omega, h, kG) == doctest::Approx(lo).epsilon(1e-13));
  // The round trip k -> omega -> k is the identity to rounding.
  for (double k : {1e-4, 0.05, 0.3, 3.0}) {
    CHECK(WaveNumber(AngularFrequency(k, h, kG), h, kG) == doctest::Approx(k).epsilon(1e-13));
  }
  CHECK(AngularFrequency(0.2, kInf, kG) == std::sqrt(kG * 0.2));
}

TEST_CASE("Ocean dispersion: bad input is rejected") {
  CHECK_THROWS_AS(WaveNumber(-1.0, 10.0), std::invalid_argument);
  CHECK_THROWS_AS(WaveNumber(1.0, 0.0), std::invalid_argument);
  CHECK_THROWS_AS(WaveNumber(1.0, -5.0), std::invalid_argument);
  CHECK_THROWS_AS(WaveNumber(1.0, 10.0, 0.0), std::invalid_argument);
  CHECK_THROWS_AS(WaveNumber(std::nan(""), 10.0), std::invalid_argument);
  CHECK_THROWS_AS(AngularFrequency(-0.1, 10.0), std::invalid_argument);
}

}  // namespace hawser::ocean::test
