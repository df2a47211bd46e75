// The full difference-frequency QTF (qtf_table.h, qtf_drift.h) through Force/WaveDrift
// Method="qtf" against hand computations: a bichromatic sea's load written out in WAMIT's
// complex form and as mean plus difference-frequency cosine, the regular-wave mean drift
// coefficient times A^2, Newman's form T_ij = sqrt(D_i D_j) against Method="newman", and
// malformed QTF files at file:line.
#include "simobjects/body/qtf_drift.h"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <numbers>
#include <string>
#include <vector>

#include "simobjects/body/qtf_table.h"
#include "tests/simobjects/force/bad_drift_files.h"
#include "tests/simobjects/scenario_test_util.h"
#include "tests/simobjects/temp_files.h"

namespace hawser::test {
namespace {

using Complex = std::complex<double>;
constexpr double kPi = std::numbers::pi;
constexpr double kRho = 1025.0, kG = 9.81, kUlen = 10.0;

/// One WAMIT QTF row, heading 0: PER_i PER_j 0 0 I |F| phase Re Im.
std::string QtfRow(double per_i, double per_j, int mode, Complex t) {
  return fmt::format("{:.17g} {:.17g} 0 0 {} {:.17g} {:.17g} {:.17g} {:.17g}\n", per_i, per_j, mode,
                     std::abs(t), std::arg(t) / kPi * 180.0, t.real(), t.imag());
}

// The bichromatic QTF: periods 10 s and 8 s; surge T11 = 0.5, T22 = 0.8, T(10 s, 8 s) =
// 0.3 + 0.4i (only that triangle: T(8 s, 10 s) is its conjugate); pitch (mode 5) the same times
// -2 with T(10 s, 8 s) given both ways.
const Complex kT11 = 0.5, kT22 = 0.8, kT12 = {0.3, 0.4};
std::string Bichromatic() {
  std::string text = QtfRow(10, 10, 1, kT11) + QtfRow(8, 8, 1, kT22) + QtfRow(10, 8, 1, kT12);
  text += QtfRow(10, 10, 5, -2.0 * kT11) + QtfRow(8, 8, 5, -2.0 * kT22);
  text += QtfRow(10, 8, 5, -2.0 * kT12) + QtfRow(8, 10, 5, -2.0 * std::conj(kT12));
  // A bidirectional row (BETA_i != BETA_j): not read.
  text += "10 8 0 90 1 9 0 9 0\n";
  return text;
}

WaveComponentInfo Component(double a, double omega, double phase) {
  return {.amplitude = a, .omega = omega, .wave_number = omega * omega / kG, .phase = phase};
}

TEST_CASE("QTF drift: a bichromatic sea, WAMIT's double sum and the cosine by hand") {
  QtfDrift qtf(ParseWamitQtf(Bichromatic(), "b.12d", {"s.xml", 3}), 0.0);
  const double a1 = 1.2, w1 = 2 * kPi / 10, p1 = 0.4, a2 = 0.8, w2 = 2 * kPi / 8, p2 = 2.1;
  const std::vector<WaveComponentInfo> waves = {Component(a1, w1, p1), Component(a2, w2, p2)};
  const double x = 30.0, k1 = w1 * w1 / kG, k2 = w2 * w2 / kG;
  for (double t : {0.0, 5.0, 17.3, 60.0}) {
    const Vector6d f = qtf.Sum(waves, t, x, 0.0, 0.0);
    // WAMIT's form: Re sum_ij A_i conj(A_j) T_ij e^{i (w_i - w_j) t} with A_i = a_i
    // e^{-i (k_i x + phi_i)} (eta = a cos(k x - w t + phi) = Re A e^{i w t}).
    const Complex A[2] = {a1 * std::exp(Complex(0, -(k1 * x + p1))),
                          a2 * std::exp(Complex(0, -(k2 * x + p2)))};
    const Complex T[2][2] = {{kT11, kT12}, {std::conj(kT12), kT22}};
    const double w[2] = {w1, w2};
    Complex wamit = 0.0;
    for (int i = 0; i < 2; ++i) {
      for (int j = 0; j < 2; ++j) {
        wamit += A[i] * std::conj(A[j]) * T[i][j] * std::exp(Complex(0, (w[i] - w[j]) * t));
      }
    }
    // The mean terms plus the difference-frequency term at w1 - w2, amplitude 2 a1 a2 |T12|.
    const double cosine = a1 * a1 * kT11.real() + a2 * a2 * kT22.real() +
                          2 * a1 * a2 * std::abs(kT12) *
                              std::cos((w1 - w2) * t + (k2 - k1) * x + p2 - p1 + std::arg(kT12));
    // 1e-9 relative: the three forms differ by rounding only (sums of a few terms).
    CHECK(f[0] == doctest::Approx(wamit.real()).epsilon(1e-9));
    CHECK(f[0] == doctest::Approx(cosine).epsilon(1e-9));
    CHECK(f[4] == doctest::Approx(-2.0 * cosine).epsilon(1e-9));
    CHECK(f[1] == 0.0);  // no sway rows
  }
  // A cutoff below |w1 - w2| leaves the mean terms only.
  QtfDrift mean(ParseWamitQtf(Bichromatic(), "b.12d", {"s.xml", 3}), 0.5 * (w2 - w1));
  const double expected = a1 * a1 * 0.5 + a2 * a2 * 0.8;
  CHECK(mean.Sum(waves, 17.3, x, 0.0, 0.0)[0] == doctest::Approx(expected).epsilon(1e-12));
}

/// Force/WaveDrift objects at the origin, yaw 0, in `ocean`; `drift` are their <Lib> lines.
MemorySink RunDrift(const std::string& ocean, const std::string& drift) {
  return Run(ScenarioXml(
      ocean + "\n" + drift + "\n" +
          R"(<Lib LibName="base" SimObject="Src/Constant" Name="Zero" Value="0,0,0"/>)",
      R"(<Connection Q.Pos="Zero.Out" Q.RollPitchYaw="Zero.Out" N.Pos="Zero.Out"
          N.RollPitchYaw="Zero.Out"/>)",
      "<InitialCondition/>",
      R"(<Engine Integrator="rk4" stepsize="0.5" TOutput="0, 0.5, 97" FileOutput="objects:all"/>)"));
}

std::string FileOcean(const std::string& components) {
  return fmt::format(
      R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Waves="file"
     WaveComponentsFile="{}" Density="{}" Gravity="{}"/>)",
      WriteTempFile("qtf_components.txt", components), kRho, kG);
}

TEST_CASE("Force/WaveDrift qtf: a bichromatic sea through a run, made dimensional") {
  // MoorDyn's rows omega Re(A) Im(A): a = |A|, phi = pi/2 - arg A (wave_components_file.h).
  const double w1 = 2 * kPi / 10, w2 = 2 * kPi / 8;
  const Complex c1 = std::polar(1.2, 0.3), c2 = std::polar(0.8, -1.1);
  const std::string sea =
      FileOcean(fmt::format("{:.17g} {:.17g} {:.17g}\n{:.17g} {:.17g} {:.17g}\n", w1, c1.real(),
                            c1.imag(), w2, c2.real(), c2.imag()));
  const std::string file = WriteTempFile("bichromatic.12d", Bichromatic());
  const MemorySink sink = RunDrift(
      sea, fmt::format(R"(<Lib LibName="base" SimObject="Force/WaveDrift" Name="Q" Method="qtf"
     DriftFile="{0}" ULEN="{1}"/>
<Lib LibName="base" SimObject="Force/WaveDrift" Name="N" Method="mean" DriftFile="{0}"
     ULEN="{1}"/>)",
                       file, kUlen));
  const double p1 = kPi / 2 - std::arg(c1), p2 = kPi / 2 - std::arg(c2);
  const double a1 = std::abs(c1), a2 = std::abs(c2);
  const std::vector<double>& times = sink.times();
  REQUIRE(times.size() > 100);
  const double force = kRho * kG * kUlen;  // rho g L (surge), times L for pitch
  for (size_t n = 0; n < times.size(); ++n) {
    const double t = times[n];
    const double hand =
        a1 * a1 * 0.5 + a2 * a2 * 0.8 +
        2 * a1 * a2 * std::abs(kT12) * std::cos((w1 - w2) * t + p2 - p1 + std::arg(kT12));
    CAPTURE(t);
    // 1e-9 relative: the sum and the scale are rounding only (the components are on the grid).
    CHECK(sink.Column("Q.Force[0]")[n] == doctest::Approx(force * hand).epsilon(1e-9));
    // Pitch about y; the heading frame is the world frame at yaw 0.
    CHECK(sink.Column("Q.Moment[1]")[n] ==
          doctest::Approx(-2.0 * force * kUlen * hand).epsilon(1e-9));
  }
  // The QTF's mean over the slow period 40 s equals Method="mean" on the same file's diagonal
  // (the mean drift reader): 80 samples a slow period at 0.5 s, two whole periods.
  double sum = 0.0;
  for (size_t n = 0; n < 160; ++n) sum += sink.Column("Q.Force[0]")[n];
  // 1e-9: the cosine sums to zero over whole periods up to rounding.
  CHECK(sum / 160 == doctest::Approx(sink.Column("N.Force[0]")[0]).epsilon(1e-9));
}

TEST_CASE("Force/WaveDrift qtf: a regular wave's mean drift is the coefficient times A^2") {
  std::string text;
  for (double per_i : {8.0, 10.0, 12.0}) {
    for (double per_j : {8.0, 10.0, 12.0}) {
      // Off the diagonal a Hermitian pair: 1 + 2i and its conjugate.
      const Complex t = per_i == per_j ? Complex(per_i == 10.0 ? 0.5 : 3.0, 0.0)
                                       : Complex(1, per_i < per_j ? 2 : -2);
      text += QtfRow(per_i, per_j, 2, t);
    }
  }
  const MemorySink sink = RunDrift(
      fmt::format(R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Waves="regular"
     WaveHeight="3" WavePeriod="10" Density="{}" Gravity="{}"/>)",
                  kRho, kG),
      fmt::format(R"(<Lib LibName="base" SimObject="Force/WaveDrift" Name="Q" Method="qtf"
     DriftFile="{}" ULEN="{}"/>
<Lib LibName="base" SimObject="Force/WaveDrift" Name="N" Method="mean"
     DriftFile="{}"/>)",
                  WriteTempFile("regular.11d", text), kUlen,
                  WriteTempFile("regular_drift.csv", "0.1, 0, 0, 1, 0, 0, 0, 0\n")));
  // F = rho g L T'(w, w) A^2, A = 1.5 m, at every time (one component: no slow part);
  // 1e-12: one product, the table's exact row.
  for (double value : sink.Column("Q.Force[1]"))
    CHECK(value == doctest::Approx(kRho * kG * kUlen * 0.5 * 2.25).epsilon(1e-12));
  CHECK(sink.Column("Q.Force[0]").back() == 0.0);
}

TEST_CASE("Force/WaveDrift qtf: Newman's form sqrt(D_i D_j) equals Method newman") {
  // Twelve components on the table's grid, 0.3 to 1.4 rad/s; surge D > 0 varying with omega,
  // yaw D < 0 (Newman's form -sqrt(|D_i D_j|)). On the grid both interpolations are exact.
  std::vector<double> omegas, d1, d6;
  std::string components, mean_rows;
  for (int k = 0; k < 12; ++k) {
    omegas.push_back(0.3 + 0.1 * k);
    d1.push_back(0.2 + 0.5 * std::sin(omegas.back()));
    d6.push_back(-0.01 - 0.02 * omegas.back() * omegas.back());
    const Complex a = std::polar(0.1 + 0.02 * k, 0.7 * k * k);
    components += fmt::format("{:.17g} {:.17g} {:.17g}\n", omegas.back(), a.real(), a.imag());
    const double per = 2 * kPi / omegas.back();
    mean_rows += fmt::format("{0:.17g} 0 0 1 0 0 {1:.17g} 0\n{0:.17g} 0 0 6 0 0 {2:.17g} 0\n", per,
                             d1.back(), d6.back());
  }
  std::string qtf;
  for (size_t i = 0; i < 12; ++i) {
    for (size_t j = 0; j < 12; ++j) {
      qtf += QtfRow(2 * kPi / omegas[i], 2 * kPi / omegas[j], 1, std::sqrt(d1[i] * d1[j]));
      qtf += QtfRow(2 * kPi / omegas[i], 2 * kPi / omegas[j], 6, -std::sqrt(d6[i] * d6[j]));
    }
  }
  const MemorySink sink =
      RunDrift(FileOcean(components),
               fmt::format(R"(<Lib LibName="base" SimObject="Force/WaveDrift" Name="Q" Method="qtf"
     DriftFile="{}" ULEN="{}"/>
<Lib LibName="base" SimObject="Force/WaveDrift" Name="N" Method="newman"
     DriftFile="{}" ULEN="{}"/>)",
                           WriteTempFile("newman.12d", qtf), kUlen,
                           WriteTempFile("newman.8", mean_rows), kUlen));
  // Bound: 1e-9 of the mean load sum_i |D_i| a_i^2 rho g L^k (rounding of a 144-term sum and of
  // periods written with 17 digits; the two paths differ by nothing else).
  double mean1 = 0.0, mean6 = 0.0;
  for (int k = 0; k < 12; ++k) {
    const double a2 = std::pow(0.1 + 0.02 * k, 2);
    mean1 += d1[static_cast<size_t>(k)] * a2 * kRho * kG * kUlen;
    mean6 += -d6[static_cast<size_t>(k)] * a2 * kRho * kG * kUlen * kUlen;
  }
  const std::vector<double>& q1 = sink.Column("Q.Force[0]");
  const std::vector<double>& q6 = sink.Column("Q.Moment[2]");
  double range = 0.0;
  for (size_t n = 0; n < q1.size(); ++n) {
    CHECK(std::abs(q1[n] - sink.Column("N.Force[0]")[n]) < 1e-9 * mean1);
    CHECK(std::abs(q6[n] - sink.Column("N.Moment[2]")[n]) < 1e-9 * mean6);
    range = std::max(range, std::abs(q1[n] - q1[0]));
  }
  CHECK(range > 0.1 * mean1);  // a slow drift that varies, not a constant
}

TEST_CASE("Force/WaveDrift qtf: Newman's form off the grid, a JONSWAP sea") {
  // D = 0.2 + 0.1 omega on 30 periods 4 to 18.5 s: Newman's linear interpolation of D is exact,
  // the QTF's bilinear interpolation of sqrt(D_i D_j) is not. Its error on this grid is at most
  // h^2 / 8 |d^2 sqrt(D) / d omega^2| sqrt(D) ~ 3e-4 of T (h <= 0.17 rad/s), so the loads may
  // differ by that order of the mean; 1e-3 of the mean is the bound (measured: 5e-5; 8e-5 with 300
  // components). Components between grid points: JONSWAP, 100 of them.
  std::string qtf, mean_rows;
  for (int i = 0; i < 30; ++i) {
    const double per_i = 4.0 + 0.5 * i, di = 0.2 + 0.1 * 2 * kPi / per_i;
    mean_rows += fmt::format("{:.17g} 0 0 1 0 0 {:.17g} 0\n", per_i, di);
    for (int j = 0; j < 30; ++j) {
      const double per_j = 4.0 + 0.5 * j, dj = 0.2 + 0.1 * 2 * kPi / per_j;
      qtf += QtfRow(per_i, per_j, 1, std::sqrt(di * dj));
    }
  }
  const MemorySink sink = RunDrift(
      fmt::format(R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Waves="jonswap"
     WaveHeight="4" WavePeriod="10" NumComponents="100" Density="{}" Gravity="{}"/>)",
                  kRho, kG),
      fmt::format(R"(<Lib LibName="base" SimObject="Force/WaveDrift" Name="Q" Method="qtf"
     DriftFile="{}" ULEN="{}"/>
<Lib LibName="base" SimObject="Force/WaveDrift" Name="N" Method="newman"
     DriftFile="{}" ULEN="{}"/>)",
                  WriteTempFile("jonswap.12d", qtf), kUlen, WriteTempFile("jonswap.8", mean_rows),
                  kUlen));
  const std::vector<double> q = sink.Column("Q.Force[0]"), n = sink.Column("N.Force[0]");
  double mean = 0.0, largest = 0.0;
  for (size_t k = 0; k < q.size(); ++k) mean += n[k] / static_cast<double>(n.size());
  for (size_t k = 0; k < q.size(); ++k) largest = std::max(largest, std::abs(q[k] - n[k]));
  CAPTURE(largest / mean);
  CHECK(mean > 0.0);
  CHECK(largest < 1e-3 * mean);
  CHECK(largest > 0.0);  // off the grid the two interpolations do differ
}

TEST_CASE("Force/WaveDrift qtf: malformed QTF files at file:line") {
  auto errors = [](const std::string& name, const std::string& text,
                   const std::string& method = "qtf") {
    return AssemblyErrors(
        ScenarioXml(fmt::format(R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea"/>
<Lib LibName="base" SimObject="Force/WaveDrift" Name="D" DriftFile="{}" Method="{}"/>)",
                                WriteTempFile(name, text), method)));
  };
  CheckBadFiles(
      errors,
      {{"columns.12d", "10 10 0 0 1 0.5 0 0.5 0\n10 8 0 0 1 0.5 0\n", "columns.12d:2",
        "has 7 values; expected 9: PER_i PER_j BETA_i BETA_j I |F| phase Re Im"},
       {"mode.11d", "10 10 0 0 1 0.5 0 0.5 0\n10 10 0 0 0 1 0 1 0\n", "mode.11d:2",
        "mode I is 0; expected 1 to 6"},
       // The pair (10 s, 8 s) missing in surge at heading 0 (given in sway): at DriftFile's line.
       {"missing.12d",
        "10 10 0 0 1 1 0 1 0\n8 8 0 0 1 1 0 1 0\n"
        "10 8 0 0 2 1 0 1 0\n10 10 0 0 2 1 0 1 0\n8 8 0 0 2 1 0 1 0\n",
        "test.xml:3: error: D (Force/WaveDrift): QTF file",
        "no row for periods 8 s and 10 s at heading 0 deg, mode 1"},
       {"hermitian.12d",
        "10 10 0 0 1 1 0 1 0\n8 8 0 0 1 1 0 1 0\n"
        "10 8 0 0 1 1 0 0.3 0.4\n8 10 0 0 1 1 0 0.3 0.4\n",
        "hermitian.12d:4", "not the complex conjugate of line 3"},
       {"repeat.12d", "10 10 0 0 1 1 0 1 0\n10 10 0 0 1 1 0 1 0\n", "repeat.12d:2",
        "repeats periods 10 s and 10 s, heading 0 deg, mode 1 of line 1"},
       {"period.12d", "10 -1 0 0 1 1 0 1 0\n", "period.12d:1",
        "WAMIT period -1 s is not positive"}});
  // A heading given for the diagonal only: the pair is missing there.
  const std::string heading = errors("heading.12d",
                                     "10 10 0 0 1 1 0 1 0\n8 8 0 0 1 1 0 1 0\n10 8 0 0 1 1 0 1 0\n"
                                     "10 10 90 90 1 1 0 1 0\n8 8 90 90 1 1 0 1 0\n");
  CHECK(Contains(heading, "no row for periods 8 s and 10 s at heading 90 deg"));
  const std::string extension = errors("mean.8", "10 0 0 1 0.5 0 0.5 0\n");
  CHECK(Contains(extension, "test.xml:3: error: D (Force/WaveDrift): Method qtf reads a WAMIT"));
  const std::string empty = errors("bidirectional.12d", "10 10 0 90 1 1 0 1 0\n");
  CHECK(Contains(empty, "has no unidirectional rows"));
}

}  // namespace
}  // namespace hawser::test
