#include "simobjects/environment/wave_spectrum.h"

#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

#include "hawser/text.h"

namespace hawser::ocean {
namespace {

double PeakFrequency(double tp) { return 2.0 * std::numbers::pi / tp; }

void CheckHeightAndPeriod(double hs, double tp, const char* period_name) {
  if (!(hs >= 0.0) || !std::isfinite(hs)) {
    throw std::invalid_argument("significant wave height Hs is " + NumberText(hs) +
                                " m; expected a finite value >= 0");
  }
  if (!(tp > 0.0) || !std::isfinite(tp)) {
    throw std::invalid_argument(std::string("wave period ") + period_name + " is " +
                                NumberText(tp) + " s; expected a finite value > 0");
  }
}

}  // namespace

double PiersonMoskowitzDensity(double omega, double hs, double tp) {
  if (!(omega > 0.0)) return 0.0;
  const double r = PeakFrequency(tp) / omega;
  const double r4 = (r * r) * (r * r);
  if (r4 > 800.0) return 0.0;  // exp(-1000) underflows; avoids inf * 0 for tiny omega.
  return 5.0 / 16.0 * hs * hs * r4 / omega * std::exp(-1.25 * r4);
}

double JonswapDensity(double omega, double hs, double tp, double gamma) {
  const double pm = PiersonMoskowitzDensity(omega, hs, tp);
  if (gamma == 1.0 || pm == 0.0) return pm;
  const double wp = PeakFrequency(tp);
  const double sigma = omega <= wp ? 0.07 : 0.09;
  const double d = (omega - wp) / (sigma * wp);
  const double a_gamma = 1.0 - 0.287 * std::log(gamma);
  return a_gamma * pm * std::exp(std::exp(-0.5 * d * d) * std::log(gamma));
}

WaveSpectrum::WaveSpectrum(double hs, double tp, double gamma) : hs_(hs), tp_(tp), gamma_(gamma) {}

WaveSpectrum WaveSpectrum::Jonswap(double hs, double tp, double gamma) {
  CheckHeightAndPeriod(hs, tp, "Tp");
  if (!(gamma >= 1.0 && gamma <= 7.0)) {
    throw std::invalid_argument("JONSWAP peak enhancement factor gamma is " + NumberText(gamma) +
                                "; expected 1 <= gamma <= 7 (DNV-RP-C205 3.5.5)");
  }
  return WaveSpectrum(hs, tp, gamma);
}

WaveSpectrum WaveSpectrum::PiersonMoskowitz(double hs, double tp) {
  CheckHeightAndPeriod(hs, tp, "Tp");
  return WaveSpectrum(hs, tp, 1.0);
}

WaveSpectrum WaveSpectrum::IsscFromMeanPeriod(double hs, double t1) {
  CheckHeightAndPeriod(hs, t1, "T1");
  return WaveSpectrum(hs, t1 * std::tgamma(0.75) / std::pow(0.8, 0.25), 1.0);
}

WaveSpectrum WaveSpectrum::IsscFromZeroCrossingPeriod(double hs, double tz) {
  CheckHeightAndPeriod(hs, tz, "Tz");
  return WaveSpectrum(hs, tz / std::sqrt(std::sqrt(0.8) / std::sqrt(std::numbers::pi)), 1.0);
}

double WaveSpectrum::operator()(double omega) const {
  return JonswapDensity(omega, hs_, tp_, gamma_);
}

double WaveSpectrum::peak_frequency() const { return PeakFrequency(tp_); }

double WaveSpectrum::Moment(int order) const {
  if (order < 0 || order > 2) {
    throw std::invalid_argument("spectral moment order " + std::to_string(order) +
                                " is not available; expected 0, 1 or 2");
  }
  // m_n = integral_0^inf omega^n S(omega) d omega with omega = omega_p / x, d omega =
  // omega_p / x^2 dx. The integrand behaves as x^(3 - n) exp(-1.25 x^4) (times the peak factor),
  // so it vanishes at x = 0 for n <= 2 and is below exp(-320) beyond x = 4. x = 1, where the
  // JONSWAP sigma switches, falls on a node (h = 1e-3).
  const double wp = peak_frequency();
  const auto integrand = [&](double x) {
    if (x <= 0.0) return 0.0;
    const double omega = wp / x;
    return std::pow(omega, order) * (*this)(omega)*wp / (x * x);
  };
  return SpectralMoment([&](double x) { return integrand(x); }, 0, 0.0, 4.0, 4000);
}

double SpectralMoment(const std::function<double(double)>& spectrum, int order, double omega_min,
                      double omega_max, int intervals) {
  const int n = intervals + intervals % 2;
  const double h = (omega_max - omega_min) / n;
  double sum = 0.0;
  for (int i = 0; i <= n; ++i) {
    const double omega = omega_min + i * h;
    const double weight = (i == 0 || i == n) ? 1.0 : (i % 2 == 1 ? 4.0 : 2.0);
    double power = 1.0;
    for (int j = 0; j < order; ++j) power *= omega;
    sum += weight * power * spectrum(omega);
  }
  return sum * h / 3.0;
}

}  // namespace hawser::ocean
