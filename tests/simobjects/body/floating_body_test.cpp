// Body/FloatingBody against closed forms of its linear equations: free heave and roll at
// sqrt(C / (M + A)), the steady heave under a force RAO in a regular wave, and the tanh drift
// under quadratic damping in a current; and its input errors.
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
// A 1e6 kg floater with a 300 m^2 waterplane (C33 = rho g Awp) and heave added mass 4e5 kg.
constexpr double kMass = 1e6, kAwp = 300.0, kA33 = 4e5, kIxx = 5e7, kA44 = 2e7, kGmt = 2.0;

std::string Ocean(const std::string& extra = "") {
  return R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" )" + extra + "/>";
}

std::string Diagonal(std::initializer_list<double> d) {
  std::string text;
  int i = 0;
  for (double v : d) {
    if (i > 0) text.push_back(';');
    for (int j = 0; j < 6; ++j) {
      if (j > 0) text.push_back(',');
      text.append(i == j ? fmt::format("{}", v) : std::string("0"));
    }
    ++i;
  }
  return text;
}

std::string Floater(const std::string& extra) {
  return fmt::format(R"(<Lib LibName="base" SimObject="Body/FloatingBody" Name="F" Mass="{}" )"
                     R"(Inertia="{},6e7,4e7" WaterplaneArea="{}" MetacentricHeight="{},3" )"
                     R"(AddedMass="{}" {}/>)",
                     kMass, kIxx, kAwp, kGmt, Diagonal({1e5, 1e5, kA33, kA44, 3e7, 1e7}), extra);
}

std::string Engine(const std::string& tout) {
  return fmt::format(R"(<Engine Integrator="cvode-bdf" RelTol="1e-10" AbsTol="1e-10" )"
                     R"(TOutput="{}" FileOutput="objects:all"/>)",
                     tout);
}

}  // namespace

TEST_CASE("Body/FloatingBody heaves and rolls freely at sqrt(C / (M + A))") {
  // Heave: (m + A33) z'' = -rho g Awp z, the weight balanced by rho g V at z = 0 (V = m / rho).
  // Roll about x alone: (Ixx + A44) phi'' = -rho g V GMT phi (linear hydrostatics, exact for a
  // rotation about a principal axis). Released from rest: z0 cos(w3 t), phi0 cos(w4 t). Two
  // runs: rolled, the body-frame added mass mixes sway into heave (A22 sin^2 phi).
  const double z0 = 0.5, phi0 = 0.03;
  const double w3 = std::sqrt(kRho * kG * kAwp / (kMass + kA33));
  const double w4 = std::sqrt(kRho * kG * (kMass / kRho) * kGmt / (kIxx + kA44));
  const MemorySink heave = Run(ScenarioXml(Ocean() + "\n" + Floater(""), "",
                                           fmt::format(R"(<InitialCondition F.Pos="0,0,{}"/>)", z0),
                                           Engine("0, 0.5, 30")));
  const MemorySink roll =
      Run(ScenarioXml(Ocean() + "\n" + Floater(""), "",
                      fmt::format(R"(<InitialCondition F.Quat="{:.17g},{:.17g},0,0"/>)",
                                  std::cos(phi0 / 2), std::sin(phi0 / 2)),
                      Engine("0, 0.5, 30")));
  for (size_t n = 0; n < heave.times().size(); ++n) {
    const double t = heave.times()[n];
    // CVODE at RelTol 1e-10 over ~6 periods: global error ~1e-8 of the amplitude; 1e-6.
    CHECK(heave.Column("F.Pos[2]")[n] ==
          doctest::Approx(z0 * std::cos(w3 * t)).scale(z0).epsilon(1e-6));
    CHECK(roll.Column("F.RollPitchYaw[0]")[n] * kPi / 180 ==
          doctest::Approx(phi0 * std::cos(w4 * t)).scale(phi0).epsilon(1e-6));
    // Nothing drives surge, or heave when rolled (the roll moment has no vertical force).
    CHECK(std::abs(heave.Column("F.Pos[0]")[n]) < 1e-9);
    CHECK(std::abs(roll.Column("F.Pos[2]")[n]) < 1e-9);
  }
}

TEST_CASE(
    "Body/FloatingBody under a force RAO in a regular wave: steady heave from the "
    "closed-form transfer function") {
  // Heave RAO X = 3e6 N/m at 30 deg phase lag at the wave's frequency (head-on, heading 0).
  // (m + A33) z'' + B z' + C z = Re(a X e^{i psi}), psi = -w t + phi at the origin, so the steady
  // state is Re(Z e^{i psi}) with Z = a X / (C - w^2 (m + A33) - i w B) (rao_table.h phases).
  const double omega = 2 * kPi / 8, a = 1.5, phase = 0.7, lag = 30.0, x3 = 3e6;
  std::string rao;
  for (double w : {0.5, omega, 1.2}) {
    for (double heading : {0.0, 180.0}) {
      const bool ours = w == omega && heading == 0.0;
      rao += fmt::format("{:.17g}, {}, 0, 0, 0, 0, {}, {}, 0, 0, 0, 0, 0, 0\n", w, heading,
                         ours ? x3 : 7e6, ours ? lag : 0.0);
    }
  }
  const double c = kRho * kG * kAwp, m = kMass + kA33;
  const double b = 2 * 0.2 * std::sqrt(c * m);  // 20 % of critical: transients gone by t = 60 s
  const std::string xml = ScenarioXml(
      Ocean(fmt::format(R"(Waves="regular" WaveHeight="{}" WavePeriod="8" WavePhase="{:.17g}")",
                        2 * a, phase * 180 / kPi)) +
          "\n" +
          Floater(fmt::format(R"(LinearDamping="{}" ForceRAOFile="{}")",
                              Diagonal({0, 0, b, 0, 0, 0}),
                              WriteTempFile("floater_heave_rao.csv", rao))),
      "", "<InitialCondition/>", Engine("0, 0.25, 70"));
  const MemorySink sink = Run(xml);
  int checked = 0;
  const std::complex<double> z =
      a * std::polar(x3, lag * kPi / 180) / std::complex<double>(c - omega * omega * m, -omega * b);
  for (size_t n = 0; n < sink.times().size(); ++n) {
    const double psi = -omega * sink.times()[n] + phase;
    if (sink.times()[n] < 60) continue;
    ++checked;
    // The wave load itself is exact (round-off).
    CHECK(sink.Column("F.WaveLoad[2]")[n] ==
          doctest::Approx(a * x3 * std::cos(psi + lag * kPi / 180)).scale(a * x3).epsilon(1e-12));
    // The response: integrator error ~1e-8 and the transient e^{-0.2 w_n 60} ~ 1e-8 of |Z|.
    CHECK(sink.Column("F.Pos[2]")[n] ==
          doctest::Approx((z * std::polar(1.0, psi)).real()).scale(std::abs(z)).epsilon(1e-6));
  }
  CHECK(checked == 41);
}

TEST_CASE("Body/FloatingBody drifts in a current as the closed form of quadratic damping") {
  // Surge only: (m + A11) v' = F - Bq (v - U) |v - U|. From v(0) = U:
  //   v = U + Vt tanh(t / tau),  x = U t + Vt tau ln cosh(t / tau),
  // Vt = sqrt(F / Bq), tau = (m + A11) / sqrt(F Bq).
  const double current = 0.5, force = 8e4, bq = 2e4, a11 = 1e5;
  const double vt = std::sqrt(force / bq), tau = (kMass + a11) / std::sqrt(force * bq);
  const std::string xml = ScenarioXml(
      Ocean(fmt::format(R"(CurrentProfile="uniform" CurrentSpeed="{}")", current)) + "\n" +
          Floater(fmt::format(R"(QuadraticDamping="{}")", Diagonal({bq, 0, 0, 0, 0, 0}))) +
          fmt::format(
              "\n"
              R"(<Lib LibName="base" SimObject="Src/Constant" Name="Push" Value="{},0,0"/>)",
              force),
      R"(<Connection F.Force="Push.Out"/>)",
      fmt::format(R"(<InitialCondition F.Vel="{},0,0"/>)", current), Engine("0, 1, 60"));
  const MemorySink sink = Run(xml);
  for (size_t n = 0; n < sink.times().size(); ++n) {
    const double t = sink.times()[n];
    // Integrator error ~1e-9 relative: 1e-7.
    CHECK(sink.Column("F.Vel[0]")[n] ==
          doctest::Approx(current + vt * std::tanh(t / tau)).epsilon(1e-7));
    CHECK(sink.Column("F.Pos[0]")[n] ==
          doctest::Approx(current * t + vt * tau * std::log(std::cosh(t / tau)))
              .scale(1)
              .epsilon(1e-7));
  }
}

TEST_CASE("Body/FloatingBody input errors name the parameter and what is expected") {
  auto errors = [](const std::string& extra, const std::string& ocean = Ocean()) {
    return AssemblyErrors(
        ScenarioXml(ocean + "\n" +
                    R"(<Lib LibName="base" SimObject="Body/FloatingBody" Name="F" Mass="1e6" )"
                    R"(Inertia="5e7,6e7,4e7" )" +
                    extra + "/>"));
  };
  CHECK(Contains(errors(""),
                 "test.xml:3: error: F (Body/FloatingBody): no hydrostatics; "
                 "expected HydrostaticStiffness (6x6), or WaterplaneArea"));
  CHECK(Contains(errors(R"(WaterplaneArea="300" HydrostaticStiffness="1")"),
                 "are both given; expected one of the two"));
  CHECK(Contains(errors(R"(HydrostaticStiffness="1,2;3,4")"),
                 "HydrostaticStiffness has 2x2 values; expected 6x6"));
  CHECK(Contains(
      errors(fmt::format(R"(HydrostaticStiffness="{}")", Diagonal({1, 0, 3e6, 1e8, 1e8, 0}))),
      "HydrostaticStiffness row or column 1 is not zero; hydrostatics do not restore "
      "surge, sway or yaw"));
  CHECK(Contains(errors(R"(WaterplaneArea="300" AddedMass="1")"),
                 "AddedMass has 1x1 values; expected 6x6"));
  // The inertia check Body/6DBody makes, with its message, at the Inertia attribute: 5e7 >
  // 6e7 + 4e7 is false, but 1e8 > 1e7 + 1e7 breaks the triangle inequality.
  const std::string inertia = AssemblyErrors(ScenarioXml(
      Ocean() + "\n" +
      R"(<Lib LibName="base" SimObject="Body/FloatingBody" Name="F" Mass="1e6" WaterplaneArea="300")"
      "\n"
      R"( Inertia="1e8,1e7,1e7"/>)"));
  CHECK(Contains(inertia,
                 "test.xml:4: error: F: parameter 'Inertia' = '1e8,1e7,1e7' with "
                 "InertiaProducts = '0,0,0' is invalid"));
  CHECK(Contains(inertia, "triangle inequality"));
  CHECK(
      Contains(errors(R"(WaterplaneArea="300")", ""), "test.xml:3: error: F (Body/FloatingBody)"));
  CHECK(Contains(errors(R"(WaterplaneArea="300")", ""), "Environment/Ocean"));
}

}  // namespace hawser::test
