// A moored floater in a JONSWAP sea driven by Force/WaveDrift alone (no first-order excitation):
// its slow-drift surge standard deviation against the frequency-domain estimate, Newman's force
// spectrum (Pinkster 1980; Faltinsen 1990 section 5.5)
//   S_F(mu) = 8 int S(omega) S(omega + mu) D(omega + mu/2)^2 d omega
// through the surge transfer function H(mu) = 1 / (k - m mu^2 + i b mu) of the mooring stiffness
// k, the mass m and the damping b: sigma_x^2 = int S_F(mu) |H(mu)|^2 d mu.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <complex>
#include <numbers>
#include <numeric>
#include <string>

#include "simobjects/environment/wave_spectrum.h"
#include "tests/simobjects/scenario_test_util.h"
#include "tests/simobjects/temp_files.h"

namespace hawser::test {
namespace {

constexpr double kPi = std::numbers::pi;
// Surge natural period 60 s, damping ratio 0.2; D constant (5000 N/m^2) at every frequency.
constexpr double kMass = 1e6, kOmegaN = 2.0 * kPi / 60.0, kZeta = 0.2, kDrift = 5000.0;
constexpr double kStiffness = kMass * kOmegaN * kOmegaN, kDamping = 2.0 * kZeta * kMass * kOmegaN;
constexpr double kHs = 4.0, kTp = 10.0, kRecord = 10800.0, kSettle = 600.0;

/// sigma_x from the spectra (file comment), over the sea's band [0.4, 4] omega_p (the ocean's
/// default band: its components cover only that), midpoint rule on a 1000 x 1000 grid.
double FrequencyDomainSigma() {
  const ocean::WaveSpectrum s = ocean::WaveSpectrum::Jonswap(kHs, kTp);
  const double lo = 0.4 * s.peak_frequency(), hi = 4.0 * s.peak_frequency();
  const int n = 1000;
  const double d_mu = (hi - lo) / n;
  double variance = 0.0;
  for (int m = 0; m < n; ++m) {
    const double mu = (m + 0.5) * d_mu;
    const double d_omega = (hi - mu - lo) / n;
    double s_f = 0.0;
    for (int i = 0; i < n; ++i) {
      const double omega = lo + (i + 0.5) * d_omega;
      s_f += 8.0 * s(omega) * s(omega + mu) * kDrift * kDrift * d_omega;
    }
    const std::complex<double> h =
        1.0 / std::complex<double>(kStiffness - kMass * mu * mu, kDamping * mu);
    variance += s_f * std::norm(h) * d_mu;
  }
  return std::sqrt(variance);
}

TEST_CASE("slow drift: a moored floater's surge in JONSWAP against the frequency domain") {
  const std::string drift = WriteTempFile(
      "slow_drift.csv",
      fmt::format("0.1, 0, {0}, 0, 0, 0, 0, 0\n5.0, 0, {0}, 0, 0, 0, 0, 0\n", kDrift));
  const std::string objects = fmt::format(
      R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Waves="jonswap"
     WaveHeight="{}" WavePeriod="{}" NumComponents="300" Seed="7"/>
<Lib LibName="base" SimObject="Body/FloatingBody" Name="F" Mass="{}" Inertia="1e9,1e9,1e9"
     WaterplaneArea="500" MetacentricHeight="10,10"
     LinearDamping="{},0,0,0,0,0; 0,{},0,0,0,0; 0,0,1e6,0,0,0; 0,0,0,1e9,0,0; 0,0,0,0,1e9,0; 0,0,0,0,0,1e9"/>
<Lib LibName="base" SimObject="Force/WaveDrift" Name="D" DriftFile="{}"/>
<Lib LibName="base" SimObject="Math/LinearMapping" Name="M" Cu="{},0,0; 0,{},0; 0,0,0"
     Cv="0,0,0; 0,0,0; 0,0,0"/>)",
      kHs, kTp, kMass, kDamping, kDamping, drift, -kStiffness, -kStiffness);
  const std::string wiring =
      R"(<Connection D.Pos="F.Pos" D.RollPitchYaw="F.RollPitchYaw" M.InU="F.Pos" M.InV="F.Vel"
          F.Force="D.Force + M.Out" F.Moment="D.Moment"/>)";
  const std::string engine = fmt::format(
      R"(<Engine Integrator="cvode-bdf" AbsTol="1e-6" RelTol="1e-6" TOutput="0, 1, {}" )"
      R"(FileOutput="object.F.Pos"/>)",
      kSettle + kRecord);
  const MemorySink sink = Run(ScenarioXml(objects, wiring, "<InitialCondition/>", engine));
  const std::vector<double> x = sink.Column("F.Pos[0]");
  const std::vector<double> tail(x.begin() + static_cast<long>(kSettle), x.end());
  const double n = static_cast<double>(tail.size());
  const double mean = std::accumulate(tail.begin(), tail.end(), 0.0) / n;
  double variance = 0.0;
  for (double v : tail) variance += (v - mean) * (v - mean) / n;
  const double sigma = std::sqrt(variance), expected = FrequencyDomainSigma();
  MESSAGE("slow-drift surge std: time domain ", sigma, " m, frequency domain ", expected, " m");
  // The band: a record of length T of a narrow-band response (damping ratio zeta, natural
  // frequency omega_n) estimates its variance with a relative standard error of about
  // 1 / sqrt(T zeta omega_n) (the integral of the squared autocorrelation e^{-zeta omega_n |tau|}
  // cos(omega_n tau) is 1 / (2 zeta omega_n); Bendat and Piersol, "Random data", 8.2), here
  // 1 / sqrt(10800 * 0.2 * 0.105) = 6.7 %, so 3.3 % on the standard deviation; three standard
  // errors: 10 %. (The sea's own discretisation into 300 components is far finer than the
  // response's bandwidth 2 zeta omega_n = 0.04 rad/s: bins of 0.0075 rad/s.)
  CHECK(sigma == doctest::Approx(expected).epsilon(0.10));
  // The mean offset: sum_i D a_i^2 / k = 2 m0 D / k with m0 = (Hs / 4)^2 for the band (the
  // ocean holds the components' Hs within 5 % of WaveHeight: wave_limits.h), and the record's
  // mean has a standard error below 1 % here; so 12 % (10 % on m0 plus margin).
  CHECK(mean == doctest::Approx(2.0 * kHs * kHs / 16.0 * kDrift / kStiffness).epsilon(0.12));
}

}  // namespace
}  // namespace hawser::test
