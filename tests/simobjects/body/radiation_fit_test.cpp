// Radiation memory (simobjects/body/radiation_fit.h) against a closed form: the damping and
// added mass of K(s) = c s / (s^2 + 2 zeta w0 s + w0^2), whose retardation function is its
// impulse response c e^(-zeta w0 t) (cos wd t - zeta w0 / wd sin wd t), wd = w0 sqrt(1 - zeta^2).
#include "simobjects/body/radiation_fit.h"

#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <vector>

namespace hawser::test {
namespace {

constexpr double kC = 2e5, kW0 = 1.0, kZeta = 0.3, kAinf = 5e5;

std::complex<double> ClosedK(double omega) {
  const std::complex<double> s(0.0, omega);
  return kC * s / (s * s + 2.0 * kZeta * kW0 * s + kW0 * kW0);
}

double ClosedRetardation(double t) {
  const double wd = kW0 * std::sqrt(1.0 - kZeta * kZeta);
  return kC * std::exp(-kZeta * kW0 * t) * (std::cos(wd * t) - kZeta * kW0 / wd * std::sin(wd * t));
}

/// omegas from `from` to `to` in `n` equal steps; B(omega) = Re K, A(omega) = A_inf + Im K / omega.
struct Curves {
  std::vector<double> omegas, a, b;
  std::vector<std::complex<double>> k;
};
Curves Sample(double from, double to, int n) {
  Curves c;
  for (int i = 0; i < n; ++i) {
    const double w = from + (to - from) * i / (n - 1);
    c.omegas.push_back(w);
    c.k.push_back(ClosedK(w));
    c.b.push_back(ClosedK(w).real());
    c.a.push_back(kAinf + ClosedK(w).imag() / w);
  }
  return c;
}

}  // namespace

TEST_CASE("Radiation memory: K(t) from the damping curve is the closed-form impulse response") {
  // Sampled to 200 rad/s: B ~ 2 c zeta / omega^2 beyond, so the truncated tail is at most
  // (2/pi) 2 c zeta / 200 = 0.0019 c; the trapezoid's error at step 0.005 rad/s is far smaller.
  const Curves c = Sample(0.005, 200.0, 40000);
  for (double t : {0.0, 0.5, 1.0, 2.0, 4.0, 8.0}) {
    CHECK(RetardationFunction(c.omegas, c.b, t) ==
          doctest::Approx(ClosedRetardation(t)).scale(kC).epsilon(0.003));
  }
}

TEST_CASE("Radiation memory: the fit recovers an order-2 transfer function exactly") {
  const Curves c = Sample(0.05, 5.0, 100);
  const RadiationStateSpace ss = FitRadiation(c.omegas, c.k, 1e-6);
  REQUIRE(ss.a.rows() == 2);
  CHECK(ss.error <= 1e-6);
  // Off the fitted grid and beyond it: the same rational function up to the solver's rounding.
  for (double w : {0.013, 0.37, 1.11, 3.3, 12.0}) {
    CHECK(std::abs(ss.At(w) - ClosedK(w)) < 1e-6 * kC);
  }
  // Its poles are the roots of s^2 + 2 zeta w0 s + w0^2.
  const Eigen::VectorXcd poles = ss.a.eigenvalues();
  for (Eigen::Index i = 0; i < poles.size(); ++i) {
    CHECK(poles[i].real() == doctest::Approx(-kZeta * kW0).epsilon(1e-7));
    CHECK(std::abs(poles[i].imag()) ==
          doctest::Approx(kW0 * std::sqrt(1.0 - kZeta * kZeta)).epsilon(1e-7));
  }
}

TEST_CASE("Radiation memory: a higher-order curve is fitted to the stated tolerance") {
  // K = K1 + K2 with a second resonance at 2.5 rad/s: order 4 is exact, order 2 is not.
  auto k2 = [](double w) {
    const std::complex<double> s(0.0, w);
    return 5e4 * s / (s * s + 0.5 * s + 6.25);
  };
  std::vector<double> omegas;
  std::vector<std::complex<double>> k;
  for (int i = 0; i < 120; ++i) {
    omegas.push_back(0.05 + 0.05 * i);
    k.push_back(ClosedK(omegas.back()) + k2(omegas.back()));
  }
  const RadiationStateSpace ss = FitRadiation(omegas, k, 1e-4);
  CHECK(ss.error <= 1e-4);
  CHECK(ss.a.rows() >= 3);
  CHECK(ss.a.rows() <= 4);
  CHECK((ss.a.eigenvalues().real().array() < 0.0).all());
}

TEST_CASE("Radiation memory: Ogilvie's relation gives A_inf from A(omega) and B(omega)") {
  // K(t) decays as e^(-0.3 t): 30 s of memory leaves e^-9 = 1e-4 of K(0). Sampled to 100 rad/s,
  // the damping's tail is (2/pi) 2 c zeta / 100 = 0.004 c of K, which moves A(omega) + (1/omega)
  // int K sin by well under 1 % of c / w0 (the scale of A(omega) - A_inf).
  const Curves c = Sample(0.01, 100.0, 10000);
  CHECK(OgilvieInfiniteAddedMass(c.omegas, c.a, c.b, 30.0) ==
        doctest::Approx(kAinf).scale(kC / kW0).epsilon(0.01));
}

}  // namespace hawser::test
