// Force/WaveDrift and Newman's approximation (newman_drift.h) against hand computations: the
// mean drift of a regular wave, a bichromatic sea's slow drift written out pair by pair, the
// drift file's errors, and a moored floater's slow-drift surge in a JONSWAP sea against the
// frequency-domain estimate.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "simobjects/body/drift_table.h"
#include "simobjects/body/newman_drift.h"
#include "simobjects/environment/wave_spectrum.h"
#include "tests/simobjects/scenario_test_util.h"
#include "tests/simobjects/temp_files.h"

namespace hawser::test {
namespace {

/// A drift table with one heading and the same D at every frequency (surge d1, sway d2, yaw d6).
RaoTable ConstantDrift(double d1, double d2, double d6) {
  RaoTable::Response r = {d1, d2, 0.0, 0.0, 0.0, d6};
  return RaoTable({0.1, 5.0}, {0.0}, {r, r});
}

WaveComponentInfo Component(double a, double omega, double phase) {
  return {.amplitude = a,
          .omega = omega,
          .wave_number = omega * omega / 9.81,
          .direction = 0.0,
          .phase = phase};
}

TEST_CASE("Newman drift: a regular wave gives the mean drift D a^2 at every time") {
  const RaoTable drift = ConstantDrift(4000.0, -250.0, 1.0e5);
  const std::vector<WaveComponentInfo> waves = {Component(1.5, 0.6, 0.3)};
  for (double t : {0.0, 3.7, 41.0}) {
    const Vector6d f = NewmanDriftSum(waves, drift.AtComponents(waves, 0.0), t, 12.0, -5.0);
    // One pair (i = j): cos 0 = 1, so F = D a^2 exactly; 1e-12 relative is rounding.
    CHECK(f[0] == doctest::Approx(4000.0 * 2.25).epsilon(1e-12));
    CHECK(f[1] == doctest::Approx(-250.0 * 2.25).epsilon(1e-12));
    CHECK(f[5] == doctest::Approx(1.0e5 * 2.25).epsilon(1e-12));
    CHECK(f[2] == 0.0);
  }
}

TEST_CASE("Newman drift: a bichromatic sea, the double sum by hand") {
  // Two components of D(omega) linear in omega (interpolated exactly by the table).
  const RaoTable::Response low = {1000.0, -300.0, 0, 0, 0, 0}, high = {3000.0, 500.0, 0, 0, 0, 0};
  const RaoTable drift({0.5, 1.0}, {0.0}, {low, high});
  const double a1 = 1.2, w1 = 0.6, p1 = 0.4, a2 = 0.8, w2 = 0.75, p2 = 2.1;
  const double d1 = 1000.0 + 2000.0 * (w1 - 0.5) / 0.5, d2 = 1000.0 + 2000.0 * (w2 - 0.5) / 0.5;
  const double s1 = -300.0 + 800.0 * (w1 - 0.5) / 0.5, s2 = -300.0 + 800.0 * (w2 - 0.5) / 0.5;
  REQUIRE(s1 < 0.0);
  REQUIRE(s2 > 0.0);
  const std::vector<WaveComponentInfo> waves = {Component(a1, w1, p1), Component(a2, w2, p2)};
  const double x = 30.0;  // the phases at the body: psi_i = k_i x - omega_i t + phi_i
  for (double t : {0.0, 5.0, 17.3, 60.0}) {
    const double psi1 = w1 * w1 / 9.81 * x - w1 * t + p1, psi2 = w2 * w2 / 9.81 * x - w2 * t + p2;
    // sum_ij a_i a_j sqrt(D_i D_j) cos(psi_i - psi_j), the four pairs written out.
    const double surge =
        a1 * a1 * d1 + a2 * a2 * d2 + 2.0 * a1 * a2 * std::sqrt(d1 * d2) * std::cos(psi1 - psi2);
    // Sway: D of opposite signs, so the cross pairs vanish (newman_drift.h).
    const double sway = a1 * a1 * s1 + a2 * a2 * s2;
    const Vector6d f = NewmanDriftSum(waves, drift.AtComponents(waves, 0.0), t, x, 0.0);
    // 1e-12: the single-sum form equals the double sum up to rounding.
    CHECK(f[0] == doctest::Approx(surge).epsilon(1e-12));
    CHECK(f[1] == doctest::Approx(sway).epsilon(1e-12));
  }
}

TEST_CASE("Newman drift: 37 components, D of both signs, the double sum by hand") {
  // D linear in omega between the table's two frequencies: surge > 0, sway changing sign, yaw
  // < 0, heave 0. 37 components (not a multiple of the 4 lanes of the vectorised sums).
  const double w0 = 0.2, w1 = 2.0;
  const RaoTable::Response low = {500.0, -800.0, 0, 0, 0, -2.0e4},
                           high = {4500.0, 1000.0, 0, 0, 0, -6.0e3};
  const RaoTable drift({w0, w1}, {0.0}, {low, high});
  const auto d = [&](int dof, double w) {
    return low[dof].real() + (high[dof].real() - low[dof].real()) * (w - w0) / (w1 - w0);
  };
  std::vector<WaveComponentInfo> waves;
  for (int k = 0; k < 37; ++k) {
    waves.push_back(Component(0.1 + 0.03 * (k % 7), 0.25 + 0.045 * k, 0.7 * k * k + 0.1));
  }
  const double x = -14.0, t = 123.4;
  for (int dof : {0, 1, 2, 5}) {
    // sum_ij a_i a_j T_ij cos(psi_i - psi_j): T_ij = sqrt(D_i D_j) for D of one sign (negative
    // for two negative D), 0 for opposite signs (newman_drift.h).
    double sum = 0.0, scale = 0.0;
    for (const WaveComponentInfo& i : waves) {
      for (const WaveComponentInfo& j : waves) {
        const double di = d(dof, i.omega), dj = d(dof, j.omega);
        if (!(di * dj > 0.0)) continue;
        const double psi_i = i.wave_number * x - i.omega * t + i.phase;
        const double psi_j = j.wave_number * x - j.omega * t + j.phase;
        const double term = (di > 0.0 ? 1.0 : -1.0) * i.amplitude * j.amplitude *
                            std::sqrt(di * dj) * std::cos(psi_i - psi_j);
        sum += term;
        scale += std::abs(term);
      }
    }
    const Vector6d f = NewmanDriftSum(waves, drift.AtComponents(waves, 0.0), t, x, 0.0);
    INFO("DOF " << dof);
    // 1e-13 of the sum of |terms|: rounding of 37^2 terms and of 37 sines and cosines.
    CHECK(std::abs(f[dof] - sum) <= 1e-13 * scale);
    if (dof == 2) CHECK(f[dof] == 0.0);
  }
}

TEST_CASE("drift file: rows, units and errors at file:line") {
  const std::string good =
      "frequency, heading, surge, sway, heave, roll, pitch, yaw\n"
      "0.5, 0, 100, 0, 0, 0, 0, 0\n1.0, 0, 300, 0, 0, 0, 0, 0\n"
      "0.5, 180, -100, 0, 0, 0, 0, 0\n1.0, 180, -300, 0, 0, 0, 0, 7\n";
  const RaoTable t = ParseDriftTable(good, "d.csv", RaoFrequencyUnit::kRadPerSecond, {"s.xml", 3});
  // Bilinear: halfway in frequency and heading 90 between 0 and 180.
  CHECK(t.At(0.75, 0.0)[0].real() == doctest::Approx(200.0));
  CHECK(t.At(0.75, 90.0)[0].real() == doctest::Approx(0.0));
  CHECK(t.At(1.0, 180.0)[5].real() == doctest::Approx(7.0));

  auto error = [](const std::string& text) {
    try {
      ParseDriftTable(text, "d.csv", RaoFrequencyUnit::kRadPerSecond, {"s.xml", 3});
    } catch (const ScenarioError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  const std::string short_row = error("0.5, 0, 100, 0, 0, 0, 0\n");
  CHECK(Contains(short_row, "d.csv:1"));
  CHECK(Contains(short_row, "has 7 values; expected 8"));
  const std::string gap = error(
      "0.5, 0, 1, 0, 0, 0, 0, 0\n1.0, 0, 1, 0, 0, 0, 0, 0\n"
      "0.5, 90, 1, 0, 0, 0, 0, 0\n");
  CHECK(Contains(gap, "s.xml:3"));
  CHECK(Contains(gap, "no row for frequency 1 rad/s at heading 90 deg"));
  const std::string repeat = error("0.5, 0, 1, 0, 0, 0, 0, 0\n0.5, 360, 1, 0, 0, 0, 0, 0\n");
  CHECK(Contains(repeat, "d.csv:2"));
  CHECK(Contains(repeat, "repeats frequency 0.5 and heading 360 deg of line 1"));
  const std::string bad_frequency = error("# c\n-0.5, 0, 1, 0, 0, 0, 0, 0\n");
  CHECK(Contains(bad_frequency, "d.csv:2"));
  CHECK(Contains(bad_frequency, "not positive"));
}

TEST_CASE("Force/WaveDrift: an axisymmetric body's mean drift follows the waves at any yaw") {
  // D along the relative heading beta: surge d cos(beta), sway d sin(beta) (a vertical
  // cylinder). Yawed 90 deg in waves towards +x, the body sees beta = 270: the load in its
  // heading frame is (0, -d a^2), and in the world Rz(90) (0, -d a^2) = (d a^2, 0), along the
  // waves, as for any yaw.
  const double d = 2000.0;
  std::string rows;
  for (double beta : {0.0, 90.0, 180.0, 270.0}) {
    for (double omega : {0.2, 2.0}) {
      rows += fmt::format("{}, {}, {:.17g}, {:.17g}, 0, 0, 0, 0\n", omega, beta,
                          d * std::cos(beta * std::numbers::pi / 180.0),
                          d * std::sin(beta * std::numbers::pi / 180.0));
    }
  }
  const std::string file = WriteTempFile("axisymmetric_drift.csv", rows);
  const MemorySink sink = Run(ScenarioXml(
      fmt::format(R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Waves="regular"
     WaveHeight="3" WavePeriod="8"/>
<Lib LibName="base" SimObject="Force/WaveDrift" Name="D" DriftFile="{}"/>
<Lib LibName="base" SimObject="Src/Constant" Name="Zero" Value="0,0,0"/>
<Lib LibName="base" SimObject="Src/Constant" Name="Yaw" Value="0,0,90"/>)",
                  file),
      R"(<Connection D.Pos="Zero.Out" D.RollPitchYaw="Yaw.Out"/>)", "<InitialCondition/>",
      R"(<Engine Integrator="rk4" stepsize="0.1" TOutput="0, 1, 2" FileOutput="objects:all"/>)"));
  // a = 1.5 m; 1e-9 absolute on the cross component: cos(90 deg) rounding times d a^2.
  CHECK(sink.Column("D.Force[0]").back() == doctest::Approx(d * 2.25).epsilon(1e-12));
  CHECK(std::abs(sink.Column("D.Force[1]").back()) < 1e-9);
  CHECK(sink.Column("D.DriftLoad[1]").back() == doctest::Approx(-d * 2.25).epsilon(1e-12));
}

}  // namespace
}  // namespace hawser::test
