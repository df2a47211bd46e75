#include "simobjects/environment/irregular_sea.h"

#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <vector>

#include "simobjects/environment/wave_spectrum.h"

namespace hawser::ocean::test {
namespace {

constexpr double kG = 9.81;
constexpr double kPi = std::numbers::pi;
constexpr double kInf = std::numeric_limits<double>::infinity();

// JONSWAP Hs = 4 m, Tp = 10 s (omega_p = 0.628 rad/s), gamma = 3.3, 400 components over
// 0.25..2.5 rad/s (d omega = 0.0056 rad/s): the band holds all but 0.5 % of m0.
const WaveSpectrum kSpectrum = WaveSpectrum::Jonswap(4.0, 10.0, 3.3);

IrregularSeaOptions Options(std::uint64_t seed) {
  IrregularSeaOptions o;
  o.components = 400;
  o.omega_min = 0.25;
  o.omega_max = 2.5;
  o.seed = seed;
  return o;
}

// eta at the origin every dt from 0 for n samples.
std::vector<double> Record(const SeaState& sea, double dt, int n) {
  std::vector<double> eta(n);
  for (int i = 0; i < n; ++i) eta[i] = sea.Elevation(i * dt, 0.0, 0.0);
  return eta;
}

double Mean(const std::vector<double>& v) {
  double s = 0.0;
  for (double x : v) s += x;
  return s / v.size();
}

double Variance(const std::vector<double>& v) {
  const double m = Mean(v);
  double s = 0.0;
  for (double x : v) s += (x - m) * (x - m);
  return s / v.size();
}

// Welch estimate of the one-sided spectrum S(omega) [m^2 s/rad] averaged over the DFT
// frequencies in [lo, hi): Hann-windowed segments of `len` samples overlapping by half, each
// periodogram scaled as dt / (pi sum w^2) |sum w_n x_n exp(-i omega n dt)|^2 (one-sided, per
// rad/s, so that its integral over omega >= 0 is the variance).
double WelchBandMean(const std::vector<double>& x, double dt, int len, double lo, double hi) {
  std::vector<double> w(len);
  double w2 = 0.0;
  for (int n = 0; n < len; ++n) {
    w[n] = 0.5 - 0.5 * std::cos(2.0 * kPi * n / len);
    w2 += w[n] * w[n];
  }
  std::vector<std::complex<double>> twiddle(len);
  for (int n = 0; n < len; ++n) twiddle[n] = std::polar(1.0, -2.0 * kPi * n / len);
  const double d_omega = 2.0 * kPi / (len * dt);
  double sum = 0.0;
  int count = 0;
  for (int k = static_cast<int>(std::ceil(lo / d_omega)); k * d_omega < hi; ++k, ++count) {
    double power = 0.0;
    int segments = 0;
    for (std::size_t start = 0; start + len <= x.size(); start += len / 2, ++segments) {
      std::complex<double> dft = 0.0;
      for (int n = 0; n < len; ++n) dft += w[n] * x[start + n] * twiddle[(n * k) % len];
      power += std::norm(dft);
    }
    sum += power / segments * dt / (kPi * w2);
  }
  return sum / count;
}

}  // namespace

TEST_CASE("Ocean irregular wave: component variance is the spectrum's m0 over the band") {
  for (auto placement : {FrequencyPlacement::kRandomInBin, FrequencyPlacement::kBinCentre}) {
    IrregularSeaOptions o = Options(11);
    o.placement = placement;
    const auto components = IrregularWaveComponents(kSpectrum, o, 100.0, kG);
    REQUIRE(components.size() == 400);
    const double d_omega = (o.omega_max - o.omega_min) / o.components;
    double riemann = 0.0, variance = 0.0;
    for (std::size_t i = 0; i < components.size(); ++i) {
      const WaveComponent& c = components[i];
      // Each frequency lies in its own bin.
      CHECK(c.omega >= o.omega_min + i * d_omega);
      CHECK(c.omega < o.omega_min + (i + 1) * d_omega);
      riemann += kSpectrum(c.omega) * d_omega;
      variance += 0.5 * c.amplitude * c.amplitude;
    }
    // sum a_i^2 / 2 is the Riemann sum sum S(omega_i) d omega by construction (rounding).
    CHECK(variance == doctest::Approx(riemann).epsilon(1e-13));
    // And the band integral of S (Simpson, accurate to 1e-9): the midpoint rule errs by
    // d omega^2 / 24 int |S''| ~ 1e-4; random nodes by a sum of independent bin errors, of
    // order d omega sqrt(N / 12) max|S'| d omega ~ 2e-3 of m0. Asserted to 5e-3.
    const double band_m0 = SpectralMoment(kSpectrum, 0, o.omega_min, o.omega_max, 20000);
    CHECK(variance == doctest::Approx(band_m0).epsilon(5e-3));
    MESSAGE("variance / band m0 - 1 = " << variance / band_m0 - 1.0);
    CHECK(SeaState(components, 100.0, kG).Variance() == variance);
  }
}

TEST_CASE("Ocean irregular wave: a 3-hour record has the spectrum's Hs and JONSWAP shape") {
  const SeaState sea(IrregularWaveComponents(kSpectrum, Options(2024), kInf, kG), kInf, kG);
  const double dt = 0.5;
  const std::vector<double> eta = Record(sea, dt, 21600);  // 3 h
  const double hs_record = 4.0 * std::sqrt(Variance(eta));
  MESSAGE("Hs of the record " << hs_record << " m; of the components "
                              << 4.0 * std::sqrt(sea.Variance()) << " m");
  // With random phases and fixed amplitudes the variance of a record is sum a^2 / 2 plus cross
  // terms that average out over 3 h; for a Gaussian sea of this bandwidth the 3-hour Hs would
  // scatter by sqrt(pi / (T B)) / 1 = 2.7 % (B = m0^2 / int S^2 = 0.41 rad/s), and fixed
  // amplitudes scatter less. 3 % covers one Gaussian standard deviation.
  CHECK(hs_record == doctest::Approx(4.0 * std::sqrt(sea.Variance())).epsilon(0.03));
  // Against the nominal 4 m: the same 3 %, plus 0.5 % of m0 outside the band and +0.24 % from
  // DNV's A_gamma (wave_spectrum.h), both of which partly cancel.
  CHECK(hs_record == doctest::Approx(4.0).epsilon(0.035));
  CHECK(std::abs(Mean(eta)) < 0.05);

  // Welch (2048-sample Hann segments, 1024 s, half overlap: 20 segments) averaged over bands of
  // 16 to 65 DFT frequencies, against the band mean of S. Each band holds 18 to 70 components
  // at random in-bin frequencies, so its power depends on where they fall; over 30 seeds a
  // prototype of this estimate scattered by at most 3.2 % (one standard deviation) per band
  // with biases below 2 %; 12 % is about four standard deviations.
  struct Band {
    double lo, hi;
  };
  for (Band b : {Band{0.5, 0.6}, Band{0.6, 0.7}, Band{0.7, 0.9}, Band{0.9, 1.2}, Band{1.2, 1.6}}) {
    const double estimate = WelchBandMean(eta, dt, 2048, b.lo, b.hi);
    const double expected = SpectralMoment(kSpectrum, 0, b.lo, b.hi, 2000) / (b.hi - b.lo);
    CAPTURE(b.lo);
    CHECK(estimate == doctest::Approx(expected).epsilon(0.12));
    MESSAGE("band " << b.lo << ".." << b.hi
                    << " rad/s: Welch / S - 1 = " << estimate / expected - 1.0);
  }
}

TEST_CASE("Ocean irregular wave: the same seed gives identical seas, another seed another") {
  const auto a = IrregularWaveComponents(kSpectrum, Options(42), 100.0, kG);
  const auto b = IrregularWaveComponents(kSpectrum, Options(42), 100.0, kG);
  const auto c = IrregularWaveComponents(kSpectrum, Options(43), 100.0, kG);
  bool identical = true, different = false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    identical = identical && a[i].omega == b[i].omega && a[i].phase == b[i].phase &&
                a[i].amplitude == b[i].amplitude && a[i].wave_number == b[i].wave_number;
    different = different || a[i].phase != c[i].phase;
  }
  CHECK(identical);
  CHECK(different);
  const SeaState sa(a, 100.0, kG), sb(b, 100.0, kG), sc(c, 100.0, kG);
  double max_diff_same = 0.0, max_diff_other = 0.0;
  for (int i = 0; i < 200; ++i) {
    const Eigen::Vector3d p(3.0 * i, -1.0 * i, -5.0);
    const WaveKinematics ka = sa.At(7.0 * i, p), kb = sb.At(7.0 * i, p), kc = sc.At(7.0 * i, p);
    max_diff_same = std::max(
        max_diff_same, std::abs(ka.elevation - kb.elevation) + (ka.velocity - kb.velocity).norm());
    max_diff_other = std::max(max_diff_other, std::abs(ka.elevation - kc.elevation));
  }
  CHECK(max_diff_same == 0.0);  // bit for bit
  CHECK(max_diff_other > 0.5);  // two independent 4 m seas differ by metres
}

TEST_CASE("Ocean irregular wave: bin-centre seas repeat after 2 pi / d omega, random ones do not") {
  // 0.255..2.255 rad/s in 200 bins: d omega = 0.01, omega_min / d omega + 1/2 = 26, an integer,
  // so with bin-centre frequencies eta repeats exactly after T_rep = 2 pi / 0.01 = 628.3 s.
  IrregularSeaOptions o = Options(5);
  o.components = 200;
  o.omega_min = 0.255;
  o.omega_max = 2.255;
  const double t_rep = RepeatPeriod(o);
  CHECK(t_rep == doctest::Approx(2.0 * kPi / 0.01).epsilon(1e-12));
  o.placement = FrequencyPlacement::kBinCentre;
  const SeaState centred(IrregularWaveComponents(kSpectrum, o, kInf, kG), kInf, kG);
  o.placement = FrequencyPlacement::kRandomInBin;
  const SeaState random(IrregularWaveComponents(kSpectrum, o, kInf, kG), kInf, kG);
  // Correlation of eta(t) with eta(t + T_rep) over an hour at 1 s.
  const auto correlation = [&](const SeaState& sea) {
    double sxy = 0.0, sxx = 0.0, syy = 0.0;
    for (int i = 0; i < 3600; ++i) {
      const double x = sea.Elevation(i, 0.0, 0.0), y = sea.Elevation(i + t_rep, 0.0, 0.0);
      sxy += x * y, sxx += x * x, syy += y * y;
    }
    return sxy / std::sqrt(sxx * syy);
  };
  // Phases omega_i T_rep = 2 pi (26 + i) up to rounding of t ~ 1e-12 relative.
  CHECK(correlation(centred) == doctest::Approx(1.0).epsilon(1e-9));
  // Random in-bin frequencies: component i is shifted by 2 pi u_i; the correlation is
  // sum a_i^2 cos(2 pi u_i) / sum a_i^2, mean 0 and standard deviation about
  // sqrt(sum a^4 / 2) / sum a^2 ~ 0.1 for ~30 effective components; 0.35 is > 3 sigma.
  const double r = correlation(random);
  MESSAGE("correlation at the bin-centre repeat period with random frequencies: " << r);
  CHECK(std::abs(r) < 0.35);
}

TEST_CASE("Ocean irregular wave: cos^n spreading draws directions from cos^n") {
  IrregularSeaOptions o = Options(9);
  o.components = 4000;
  o.mean_direction = 0.3;
  o.spreading_exponent = 2.0;
  const auto components = IrregularWaveComponents(kSpectrum, o, kInf, kG);
  double mean_cos2 = 0.0;
  for (const WaveComponent& c : components) {
    CHECK(std::abs(c.direction - 0.3) < kPi / 2);
    mean_cos2 += std::pow(std::cos(c.direction - 0.3), 2) / components.size();
  }
  // For D ~ cos^n on (-pi/2, pi/2), E[cos^2] = int cos^(n+2) / int cos^n = (n + 1) / (n + 2)
  // = 3/4 at n = 2 (Wallis). cos^2 has standard deviation 0.22 there, so the mean of 4000 is
  // within 0.0035 (one sigma); asserted to 0.015 (2 % of 3/4).
  CHECK(mean_cos2 == doctest::Approx(0.75).epsilon(0.02));
  // Long-crested: every component travels towards the mean direction.
  o.spreading_exponent = 0.0;
  for (const WaveComponent& c : IrregularWaveComponents(kSpectrum, o, kInf, kG)) {
    REQUIRE(c.direction == 0.3);
  }
}

TEST_CASE("Ocean irregular wave: bad options are rejected") {
  IrregularSeaOptions o = Options(1);
  o.components = 0;
  CHECK_THROWS_AS(IrregularWaveComponents(kSpectrum, o, 100.0), std::invalid_argument);
  o = Options(1);
  o.omega_max = 0.1;
  CHECK_THROWS_AS(IrregularWaveComponents(kSpectrum, o, 100.0), std::invalid_argument);
  o = Options(1);
  CHECK_THROWS_AS(IrregularWaveComponents([](double) { return -1.0; }, o, 100.0),
                  std::invalid_argument);
}

}  // namespace hawser::ocean::test
