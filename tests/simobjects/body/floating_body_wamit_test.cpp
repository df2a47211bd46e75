// Body/FloatingBody with hull data from WAMIT files and radiation memory (wamit_hull.h): heave
// of a body whose .1 file tabulates K(s) = c s / (s^2 + 2 zeta w0 s + w0^2), so that A(omega),
// B(omega) and the fitted memory are known exactly. The forced response at three frequencies
// against the frequency-domain transfer function 1 / (C - omega^2 (m + A(omega)) + i omega
// B(omega)), and the free decay against the closed-form linear system; and the file errors.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <complex>
#include <numbers>
#include <string>

#include "tests/simobjects/scenario_test_util.h"
#include "tests/simobjects/temp_files.h"

namespace hawser::test {
namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kRho = 1025.0, kG = 9.81;
constexpr double kMass = 1e6, kC33 = kRho * kG * 300.0, kAinf = 4e5;
// The memory: w0 near the heave resonance sqrt(C / (m + A_inf)) = 1.47 rad/s, damping about
// 0.2 of critical there.
constexpr double kC = 1.23e6, kW0 = 1.5, kZeta = 0.5;

std::complex<double> K(double omega) {
  const std::complex<double> s(0.0, omega);
  return kC * s / (s * s + 2.0 * kZeta * kW0 * s + kW0 * kW0);
}

/// Writes base.1 (A_inf and K at 100 periods), base.3 (zero excitation at the same periods) and
/// base.hst (C33; ULEN 1); returns base. `period_3` replaces the .3 file's first period.
std::string WriteHull(const std::string& name, double period_3 = 0.0) {
  std::string one = fmt::format("0 3 3 {:.17g}\n", kAinf / kRho), three;
  for (int i = 0; i < 100; ++i) {
    const double w = 0.05 * (i + 1), per = 2.0 * kPi / w;
    one += fmt::format("{:.17g} 3 3 {:.17g} {:.17g}\n", per, (kAinf + K(w).imag() / w) / kRho,
                       K(w).real() / (kRho * w));
    three += fmt::format("{:.17g} 0 3 0 0 0 0\n", i == 0 && period_3 > 0 ? period_3 : per);
  }
  WriteTempFile(name + ".1", one);
  WriteTempFile(name + ".3", three);
  const std::string hst =
      WriteTempFile(name + ".hst", fmt::format("3 3 {:.17g}\n", kC33 / (kRho * kG)));
  return hst.substr(0, hst.size() - 4);
}

std::string Scenario(const std::string& base, const std::string& extra,
                     const std::string& connections, const std::string& initial,
                     const std::string& tout) {
  return ScenarioXml(
      R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea"/>)"
      "\n" +
          fmt::format(R"(<Lib LibName="base" SimObject="Body/FloatingBody" Name="F" )"
                      R"(Mass="{}" Inertia="5e7,6e7,4e7" WamitFile="{}" {}/>)",
                      kMass, base, extra),
      connections, initial,
      fmt::format(R"(<Engine Integrator="cvode-bdf" RelTol="1e-10" AbsTol="1e-10" )"
                  R"(TOutput="{}" FileOutput="objects:all"/>)",
                  tout));
}

}  // namespace

TEST_CASE("Body/FloatingBody with WAMIT memory: forced heave as the transfer function") {
  const std::string base = WriteHull("wamit_forced");
  for (double omega : {0.8, 1.47, 2.5}) {
    CAPTURE(omega);
    const double f0 = 1e6;
    const std::string xml = Scenario(base, "", R"(<Connection F.Force="Push.Out"/>)",
                                     "<InitialCondition/>", "0, 0.05, 80");
    const std::string push =
        fmt::format(R"(<Lib LibName="base" SimObject="Src/Sine" Name="Push" PortWidth="3" )"
                    R"(Amplitude="{}" FHz="{:.17g}"/>)",
                    f0, omega / (2.0 * kPi));
    const std::string full = xml.substr(0, xml.find("\n</OBJECTS>")) + "\n" + push +
                             xml.substr(xml.find("\n</OBJECTS>"));
    const MemorySink sink = Run(full);
    // F = f0 sin(w t) = Im(f0 e^{i w t}): z = Im(f0 H e^{i w t}) in the steady state,
    // H = 1 / (C - w^2 (m + A(w)) + i w B(w)) with A(w) - A_inf = Im K / w, B = Re K.
    const double a = kAinf + K(omega).imag() / omega, b = K(omega).real();
    const std::complex<double> h =
        1.0 / std::complex<double>(kC33 - omega * omega * (kMass + a), omega * b);
    const double amplitude = f0 * std::abs(h);
    for (size_t n = 0; n < sink.times().size(); ++n) {
      const double t = sink.times()[n];
      if (t < 60.0) continue;
      // The start-up transient decays as e^(-0.3 t) at the slowest (e^-18 by t = 60 s); the
      // order-2 fit is exact to ~1e-8 and the integrator's error ~1e-8: 1e-5 of the amplitude.
      CHECK(sink.Column("F.Pos[2]")[n] ==
            doctest::Approx((f0 * h * std::exp(std::complex<double>(0, omega * t))).imag())
                .scale(amplitude)
                .epsilon(1e-5));
    }
  }
}

TEST_CASE("Body/FloatingBody with WAMIT memory: free heave decay as the closed-form system") {
  // (m + A_inf) z'' + mu + C z = 0, mu = K * z' with K(s) = c s / (s^2 + a1 s + a0): in the
  // states (z, v, y, y') with y'' + a1 y' + a0 y = v, mu = c y'. Solved by eigenvectors here.
  const double z0 = 0.5, m = kMass + kAinf, a0 = kW0 * kW0, a1 = 2.0 * kZeta * kW0;
  Eigen::Matrix4d s;
  s << 0, 1, 0, 0, -kC33 / m, 0, 0, -kC / m, 0, 0, 0, 1, 0, 1, -a0, -a1;
  const Eigen::EigenSolver<Eigen::Matrix4d> eig(s);
  const Eigen::Vector4cd x0(z0, 0, 0, 0);
  const Eigen::Vector4cd coefficients = eig.eigenvectors().partialPivLu().solve(x0);
  const MemorySink sink =
      Run(Scenario(WriteHull("wamit_decay"), "", "",
                   fmt::format(R"(<InitialCondition F.Pos="0,0,{}"/>)", z0), "0, 0.25, 30"));
  for (size_t n = 0; n < sink.times().size(); ++n) {
    const double t = sink.times()[n];
    const Eigen::Vector4cd x =
        eig.eigenvectors() *
        (coefficients.array() * (eig.eigenvalues().array() * t).exp()).matrix();
    // The fit is exact to ~1e-8 of K, the integrator ~1e-8: 1e-6 of z0.
    CHECK(sink.Column("F.Pos[2]")[n] == doctest::Approx(x[0].real()).scale(z0).epsilon(1e-6));
  }
}

TEST_CASE("Body/FloatingBody with WamitFile: conflicts and mismatched files are errors") {
  const std::string base = WriteHull("wamit_errors");
  const std::string conflict = AssemblyErrors(Scenario(
      base,
      R"(AddedMass="1,0,0,0,0,0;0,1,0,0,0,0;0,0,1,0,0,0;0,0,0,1,0,0;0,0,0,0,1,0;0,0,0,0,0,1")", "",
      "<InitialCondition/>", "0, 1, 1"));
  CHECK(Contains(conflict,
                 ":3: error: F (Body/FloatingBody): AddedMass and WamitFile are both "
                 "given; the WAMIT files give the added mass (.1)"));
  const std::string stiffness = AssemblyErrors(
      Scenario(base, R"(WaterplaneArea="300")", "", "<InitialCondition/>", "0, 1, 1"));
  CHECK(Contains(stiffness, "WaterplaneArea and WamitFile are both given"));
  // The .3 file's first row gives a frequency (0.05 rad/s) where the .1 file has its period.
  const std::string mixed = AssemblyErrors(
      Scenario(WriteHull("wamit_mixed", 0.05), "", "", "<InitialCondition/>", "0, 1, 1"));
  CHECK(Contains(mixed, "wamit_mixed.3:1: error: WAMIT .3 period 0.05 s is not in the .1 file"));
  CHECK(Contains(mixed, "it is one of the .1 file's frequencies: mixed units"));
  // Checked at Initialize, where the ocean is known.
  std::string density;
  try {
    RunScenarioText(Scenario(base, R"(WamitDensity="1000")", "", "<InitialCondition/>", "0, 1, 1"),
                    BuiltinRegistry());
  } catch (const ScenarioError& e) {
    density = e.what();
  }
  CHECK(Contains(density,
                 "WamitDensity 1000 kg/m^3 and WamitGravity 9.81 m/s^2 differ from the "
                 "ocean's 1025 and 9.81"));
}

}  // namespace hawser::test
