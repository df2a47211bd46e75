// One-sided wave spectra S(omega) [m^2 s/rad], with variance m0 = integral_0^inf S(omega) d omega
// [m^2] and significant wave height Hs = 4 sqrt(m0). All follow DNV-RP-C205 (2010) section 3.5.5.
//
// Pierson-Moskowitz (Pierson and Moskowitz 1964, in the two-parameter form of DNV-RP-C205
// 3.5.5.1, which is also Bretschneider's spectrum), with omega_p = 2 pi / Tp:
//   S_PM(omega) = (5/16) Hs^2 omega_p^4 omega^-5 exp(-(5/4) (omega / omega_p)^-4)
// Its variance is exactly Hs^2 / 16 and its spectral moments m_n = integral omega^n S are
//   m_n = (5/64) Hs^2 omega_p^n (5/4)^((n - 4)/4) Gamma(1 - n/4),   n < 4,
// so that T1 = 2 pi m0/m1 = (4/5)^(1/4) / Gamma(3/4) Tp = 0.7718 Tp and
// Tz = 2 pi sqrt(m0/m2) = ((4/5)^(1/2) / sqrt(pi))^(1/2) Tp = 0.7104 Tp (DNV-RP-C205 3.5.5.4).
//
// JONSWAP (Hasselmann et al. 1973, "Measurements of wind-wave growth and swell decay during the
// Joint North Sea Wave Project", Dt. Hydrogr. Z. A8(12); normalised as DNV-RP-C205 3.5.5.2):
//   S_J(omega) = A_gamma S_PM(omega) gamma^exp(-(omega - omega_p)^2 / (2 sigma^2 omega_p^2))
//   sigma = 0.07 for omega <= omega_p, 0.09 for omega > omega_p,  A_gamma = 1 - 0.287 ln(gamma).
// A_gamma is DNV's approximate normalisation: m0 is Hs^2 / 16 to within 2 % for
// 1 <= gamma <= 7, the range DNV gives and the only one accepted here (by numerical integration:
// -0.2 % at gamma = 2, +0.24 % at 3.3, -1.75 % at 7). gamma = 1 is PM, exactly normalised.
//
// ISSC (International Ship Structures Congress 1964; also called Bretschneider or modified
// Pierson-Moskowitz): the PM shape above, given by Hs and a mean period instead of Tp. The ISSC
// formula S = 0.11 Hs^2 T1 (T1 omega / 2 pi)^-5 exp(-0.44 (T1 omega / 2 pi)^-4) / (2 pi) is the
// PM spectrum with the constants rounded; hawser uses the exact PM relations above:
//   from the mean period T1 = 2 pi m0/m1:          Tp = Gamma(3/4) / (4/5)^(1/4) T1 = 1.2957 T1
//   from the zero-crossing period Tz = 2 pi sqrt(m0/m2): Tp = Tz / 0.71037 = 1.4077 Tz.
#pragma once

#include <functional>

namespace hawser::ocean {

/// S_PM(omega) [m^2 s/rad] for significant wave height hs [m] and peak period tp [s].
double PiersonMoskowitzDensity(double omega, double hs, double tp);
/// S_J(omega) [m^2 s/rad] for hs [m], tp [s] and peak enhancement factor gamma [-].
double JonswapDensity(double omega, double hs, double tp, double gamma);

/// A parametric wave spectrum. PM and ISSC are JONSWAP with gamma = 1.
class WaveSpectrum {
 public:
  /// JONSWAP; throws std::invalid_argument unless hs >= 0, tp > 0 and 1 <= gamma <= 7.
  static WaveSpectrum Jonswap(double hs, double tp, double gamma = 3.3);
  /// Pierson-Moskowitz (two-parameter, = Bretschneider) from hs [m] and tp [s].
  static WaveSpectrum PiersonMoskowitz(double hs, double tp);
  /// ISSC from hs [m] and the mean period T1 = 2 pi m0 / m1 [s].
  static WaveSpectrum IsscFromMeanPeriod(double hs, double t1);
  /// ISSC from hs [m] and the mean zero-crossing period Tz = 2 pi sqrt(m0 / m2) [s].
  static WaveSpectrum IsscFromZeroCrossingPeriod(double hs, double tz);

  /// S(omega) [m^2 s/rad]; 0 for omega <= 0.
  double operator()(double omega) const;
  /// Spectral moment m_n = integral_0^inf omega^n S(omega) d omega [m^2 (rad/s)^n], n = 0, 1, 2,
  /// by Simpson's rule in x = omega_p / omega (relative error below 1e-9).
  double Moment(int order) const;

  double significant_wave_height() const { return hs_; }  ///< Hs [m].
  double peak_period() const { return tp_; }              ///< Tp [s].
  double peak_frequency() const;                          ///< omega_p = 2 pi / Tp [rad/s].
  double gamma() const { return gamma_; }                 ///< Peak enhancement [-].

 private:
  WaveSpectrum(double hs, double tp, double gamma);
  double hs_, tp_, gamma_;
};

/// integral_{omega_min}^{omega_max} omega^n S(omega) d omega by the composite Simpson rule with
/// `intervals` (rounded up to even) equal intervals.
double SpectralMoment(const std::function<double(double)>& spectrum, int order, double omega_min,
                      double omega_max, int intervals = 2000);

}  // namespace hawser::ocean
