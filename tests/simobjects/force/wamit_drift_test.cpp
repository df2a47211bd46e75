// WAMIT-format mean drift files (.8, .9, .12d; drift_table.h) through Force/WaveDrift: a
// regular wave's mean drift equals the coefficient times the amplitude squared, made
// dimensional by rho g A^2 L^k by hand; malformed files at file:line.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <numbers>
#include <string>

#include "tests/simobjects/force/bad_drift_files.h"
#include "tests/simobjects/scenario_test_util.h"
#include "tests/simobjects/temp_files.h"

namespace hawser::test {
namespace {

constexpr double kRho = 1025.0, kG = 9.81, kUlen = 10.0;

// Periods 8, 10, 12 s at headings 0 and 90 deg: surge 0.5, sway -0.2, yaw 0.03 at 10 s and
// heading 0 (non-dimensional); other rows differ so that a wrong row is seen.
std::string DotEight() {
  std::string text;
  for (double per : {8.0, 10.0, 12.0}) {
    for (double beta : {0.0, 90.0}) {
      const double f = (per == 10.0 && beta == 0.0) ? 1.0 : 3.0;
      text += fmt::format("{} {} {} 1 {} 0 {} 0\n", per, beta, beta, 0.5 * f, 0.5 * f);
      text += fmt::format("{} {} {} 2 {} 180 {} 0\n", per, beta, beta, 0.2 * f, -0.2 * f);
      text += fmt::format("{} {} {} 6 {} 0 {} 0\n", per, beta, beta, 0.03 * f, 0.03 * f);
      // A bidirectional row (BETA1 != BETA2): not read.
      text += fmt::format("{} {} {} 1 9 0 9 0\n", per, beta, beta + 45.0);
    }
  }
  return text;
}

/// Force/WaveDrift on a body at the origin, yaw 0, in a regular wave of height 2 m (a = 1 m)
/// and period 10 s towards +x.
std::string Scenario(const std::string& file, const std::string& method) {
  return ScenarioXml(
      fmt::format(
          R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Waves="regular"
     WaveHeight="2" WavePeriod="10" Density="{}" Gravity="{}"/>
<Lib LibName="base" SimObject="Force/WaveDrift" Name="D" DriftFile="{}" ULEN="{}" Method="{}"/>
<Lib LibName="base" SimObject="Src/Constant" Name="Zero" Value="0,0,0"/>)",
          kRho, kG, file, kUlen, method),
      R"(<Connection D.Pos="Zero.Out" D.RollPitchYaw="Zero.Out"/>)", "<InitialCondition/>",
      R"(<Engine Integrator="rk4" stepsize="0.1" TOutput="0, 1, 3" FileOutput="objects:all"/>)");
}

TEST_CASE("WAMIT .8 and .12d: regular-wave mean drift = rho g L^k F' a^2") {
  const std::string dot8 = WriteTempFile("drift.8", DotEight());
  // .12d: the same diagonal, plus off-diagonal rows (PER1 != PER2) that are not read.
  std::string qtf;
  for (double per : {8.0, 10.0, 12.0}) {
    for (double beta : {0.0, 90.0}) {
      const double f = (per == 10.0 && beta == 0.0) ? 1.0 : 3.0;
      qtf += fmt::format(
          "{0} {0} {1} {1} 1 {2} 0 {2} 0\n{0} {0} {1} {1} 2 {3} 180 {4} 0\n"
          "{0} {0} {1} {1} 6 {5} 0 {5} 0\n{0} 9 {1} {1} 1 7 0 7 0\n",
          per, beta, 0.5 * f, 0.2 * f, -0.2 * f, 0.03 * f);
    }
  }
  const std::string dot12d = WriteTempFile("drift.12d", qtf);
  for (const std::string& file : {dot8, dot12d}) {
    for (const std::string method : {"mean", "newman"}) {
      CAPTURE(file);
      CAPTURE(method);
      const MemorySink sink = Run(Scenario(file, method));
      // F = rho g A^2 L F' for forces, rho g A^2 L^2 F' for moments, A = 1 m (by hand);
      // 1e-12: one product and the table's exact row (no interpolation).
      const double force = kRho * kG * kUlen;
      for (double value : sink.Column("D.Force[0]"))
        CHECK(value == doctest::Approx(0.5 * force).epsilon(1e-12));
      CHECK(sink.Column("D.Force[1]").back() == doctest::Approx(-0.2 * force).epsilon(1e-12));
      CHECK(sink.Column("D.Moment[2]").back() ==
            doctest::Approx(0.03 * force * kUlen).epsilon(1e-12));
      CHECK(sink.Column("D.Force[2]").back() == 0.0);  // no heave rows: zero
    }
  }
}

TEST_CASE("WAMIT drift files: malformed rows and gaps at file:line") {
  auto errors = [](const std::string& name, const std::string& text) {
    return AssemblyErrors(Scenario(WriteTempFile(name, text), "newman"));
  };
  CheckBadFiles(
      errors,
      {{"columns.9", "10 0 0 1 0.5 0 0.5\n", "columns.9:1",
        "has 7 values; expected 8: PER BETA1 BETA2 I |F| phase Re Im"},
       {"columns.12d", "10 10 0 0 1 0.5 0 0.5 0\n10 0 0 1 0\n", "columns.12d:2", "expected 9"},
       {"mode.8", "10 0 0 7 0.5 0 0.5 0\n", "mode.8:1", "mode I is 7; expected 1 to 6"},
       // A heading missing at one period (or a period missing at one heading): at DriftFile's
       // line.
       {"gap.8", "8 0 0 1 0.5 0 0.5 0\n8 90 90 1 0.5 0 0.5 0\n10 0 0 1 0.5 0 0.5 0\n",
        "test.xml:4: error: D (Force/WaveDrift): drift file",
        "at heading 90 deg; expected every frequency at every heading"},
       {"period.8", "0 0 0 1 0.5 0 0.5 0\n", "period.8:1", "WAMIT period 0 s is not positive"},
       {"repeat.8", "10 0 0 1 0.5 0 0.5 0\n10 0 0 1 0.5 0 0.5 0\n", "repeat.8:2",
        "repeats period 10 s, heading 0 deg, mode 1 of line 1"}});
}

}  // namespace
}  // namespace hawser::test
