#include "simobjects/environment/wave_spectrum.h"

#include <doctest/doctest.h>

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace hawser::ocean::test {
namespace {

constexpr double kPi = std::numbers::pi;

// PM moments in closed form (wave_spectrum.h, from the substitution y = (5/4) (omega_p/omega)^4):
// m_n = (5/64) Hs^2 omega_p^n (5/4)^((n - 4)/4) Gamma(1 - n/4).
double PmMoment(int n, double hs, double tp) {
  const double wp = 2.0 * kPi / tp;
  return 5.0 / 64.0 * hs * hs * std::pow(wp, n) * std::pow(1.25, (n - 4) / 4.0) *
         std::tgamma(1.0 - n / 4.0);
}

}  // namespace

TEST_CASE("Ocean wave spectrum: Pierson-Moskowitz moments m0, m1, m2 match the closed form") {
  const auto pm = WaveSpectrum::PiersonMoskowitz(6.0, 11.0);
  // Simpson with 4000 intervals of a smooth integrand: error far below 1e-9 (the rule's own
  // accuracy, confirmed by halving the step); m0 is exactly Hs^2 / 16.
  CHECK(pm.Moment(0) == doctest::Approx(6.0 * 6.0 / 16.0).epsilon(1e-9));
  for (int n = 0; n <= 2; ++n) {
    CAPTURE(n);
    CHECK(pm.Moment(n) == doctest::Approx(PmMoment(n, 6.0, 11.0)).epsilon(1e-9));
  }
  // The DNV-RP-C205 table values for PM: T1 = 0.772 Tp, Tz = 0.710 Tp (3 digits published).
  CHECK(2.0 * kPi * pm.Moment(0) / pm.Moment(1) / 11.0 == doctest::Approx(0.772).epsilon(1e-3));
  CHECK(2.0 * kPi * std::sqrt(pm.Moment(0) / pm.Moment(2)) / 11.0 ==
        doctest::Approx(0.710).epsilon(1e-3));
  // A plain band integral agrees with the substituted one (tail beyond 60 rad/s ~ 1e-9 m0).
  CHECK(SpectralMoment(pm, 0, 0.0, 60.0, 60000) == doctest::Approx(pm.Moment(0)).epsilon(1e-8));
}

TEST_CASE("Ocean wave spectrum: JONSWAP m0 = Hs^2 / 16 to the accuracy of DNV's A_gamma") {
  for (double gamma : {1.0, 2.0, 3.3, 5.0, 7.0}) {
    CAPTURE(gamma);
    const auto js = WaveSpectrum::Jonswap(4.0, 10.0, gamma);
    // A_gamma = 1 - 0.287 ln(gamma) is an approximate normalisation (DNV-RP-C205 3.5.5.2); it
    // is within 2 % over DNV's range 1..7 (its worst, -1.75 %, at gamma = 7).
    CHECK(js.Moment(0) == doctest::Approx(1.0).epsilon(0.02));
  }
  // The usual North Sea gamma = 3.3 is within 0.3 %.
  CHECK(WaveSpectrum::Jonswap(4.0, 10.0).Moment(0) == doctest::Approx(1.0).epsilon(3e-3));
}

TEST_CASE("Ocean wave spectrum: peak at omega_p = 2 pi / Tp with the JONSWAP peak value") {
  const double hs = 4.0, tp = 10.0, gamma = 3.3, wp = 2.0 * kPi / tp;
  const auto js = WaveSpectrum::Jonswap(hs, tp, gamma);
  CHECK(js.peak_frequency() == doctest::Approx(wp).epsilon(1e-15));
  // The largest value on a grid of step 1e-4 omega_p is at the grid point omega_p.
  double best = 0.0, best_omega = 0.0;
  for (int i = -2000; i <= 2000; ++i) {
    const double omega = wp * (1.0 + 1e-4 * i);
    if (js(omega) > best) best = js(omega), best_omega = omega;
  }
  CHECK(best_omega == doctest::Approx(wp).epsilon(1e-12));
  // At omega_p the peak factor is gamma and the PM part (5/16) Hs^2 / omega_p e^(-5/4)
  // (Hasselmann et al. 1973 in DNV's form, evaluated by hand here); rounding only.
  const double a_gamma = 1.0 - 0.287 * std::log(gamma);
  CHECK(js(wp) == doctest::Approx(a_gamma * gamma * 5.0 / 16.0 * hs * hs / wp * std::exp(-1.25))
                      .epsilon(1e-14));
  // PM: same peak location, S(omega_p) = (5/16) Hs^2 / omega_p e^(-5/4).
  const auto pm = WaveSpectrum::PiersonMoskowitz(hs, tp);
  CHECK(pm(wp) > pm(wp * 0.999));
  CHECK(pm(wp) > pm(wp * 1.001));
  CHECK(pm(wp) == doctest::Approx(5.0 / 16.0 * hs * hs / wp * std::exp(-1.25)).epsilon(1e-14));
  CHECK(pm(0.0) == 0.0);
  CHECK(pm(1e-300) == 0.0);
}

TEST_CASE("Ocean wave spectrum: ISSC from T1 or Tz reproduces that period and the ISSC formula") {
  const double hs = 3.0, t1 = 7.5, tz = 7.0;
  const auto from_t1 = WaveSpectrum::IsscFromMeanPeriod(hs, t1);
  const auto from_tz = WaveSpectrum::IsscFromZeroCrossingPeriod(hs, tz);
  // The periods recovered from numerically integrated moments (accuracy 1e-9).
  CHECK(2.0 * kPi * from_t1.Moment(0) / from_t1.Moment(1) == doctest::Approx(t1).epsilon(1e-8));
  CHECK(2.0 * kPi * std::sqrt(from_tz.Moment(0) / from_tz.Moment(2)) ==
        doctest::Approx(tz).epsilon(1e-8));
  CHECK(from_t1.Moment(0) == doctest::Approx(hs * hs / 16.0).epsilon(1e-9));
  // The ISSC formula as usually published, with its rounded constants 0.11 and 0.44 (e.g.
  // Faltinsen 1990, chapter 2): S = 0.11 / (2 pi) Hs^2 T1 (omega T1 / 2 pi)^-5 exp(-0.44 (omega T1
  // / 2 pi)^-4). Rounding the exact 0.1109 and 0.4435 moves S by up to 2.5 % between 0.8 and 3
  // omega_p.
  for (double f : {0.8, 1.0, 1.5, 2.0, 3.0}) {
    const double omega = f * from_t1.peak_frequency();
    const double r = omega * t1 / (2.0 * kPi);
    const double issc =
        0.11 / (2.0 * kPi) * hs * hs * t1 * std::pow(r, -5.0) * std::exp(-0.44 * std::pow(r, -4.0));
    CAPTURE(f);
    CHECK(from_t1(omega) == doctest::Approx(issc).epsilon(0.025));
  }
}

TEST_CASE("Ocean wave spectrum: bad parameters are rejected") {
  CHECK_THROWS_AS(WaveSpectrum::Jonswap(4.0, 10.0, 0.5), std::invalid_argument);
  CHECK_THROWS_AS(WaveSpectrum::Jonswap(4.0, 10.0, 8.0), std::invalid_argument);
  CHECK_THROWS_AS(WaveSpectrum::Jonswap(-1.0, 10.0), std::invalid_argument);
  CHECK_THROWS_AS(WaveSpectrum::PiersonMoskowitz(4.0, 0.0), std::invalid_argument);
  CHECK_THROWS_AS(WaveSpectrum::IsscFromMeanPeriod(4.0, -1.0), std::invalid_argument);
  CHECK_THROWS_AS(WaveSpectrum::PiersonMoskowitz(4.0, 10.0).Moment(3), std::invalid_argument);
}

}  // namespace hawser::ocean::test
