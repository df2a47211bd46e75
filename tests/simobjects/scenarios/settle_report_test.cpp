// What Settle reports (runtime/run/settle_report.h): where bodies ended and how far they moved,
// each line's tensions and largest strain, warnings for implausible results, and a failed run when
// there is no equilibrium to reach.
#include "runtime/run/settle_report.h"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <numbers>

#include "bench/reference_line.h"
#include "runtime/scenario/scenario.h"
#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {
namespace {

struct Settled {
  std::unique_ptr<Model> model;
  SettleResult result;
  SettleReport report;
};

Settled SettleScenario(const std::string& xml) {
  Settled s;
  const Scenario scenario = LoadScenarioFromString(xml, "test.xml");
  s.model = Model::Assemble(scenario, BuiltinRegistry());
  std::vector<double> x = s.model->InitialState(0.0);
  const std::vector<double> before = x;
  s.result = Settle(*s.model, 0.0, x);
  s.report = ReportSettle(*s.model, 0.0, before, x);
  return s;
}

std::string Buoy(double mass, const std::string& start) {
  return ScenarioXml(
      fmt::format(R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Density="1000"/>
<Lib LibName="base" SimObject="Body/Buoy" Name="B" Mass="{}" Diameter="2"/>)",
                  mass),
      "", fmt::format(R"(<InitialCondition B.Pos="{}"/>)", start));
}

TEST_CASE("settle report: a floating buoy's position and how far it moved") {
  // Half the sphere's volume of water (1000 kg/m^3 * 2/3 pi m^3): it floats with its centre at
  // the surface, z = 0, having moved 0.5 m from (3, 4, 0.5).
  const Settled s = SettleScenario(Buoy(1000.0 * 2.0 / 3.0 * std::numbers::pi, "3,4,0.5"));
  REQUIRE(s.result.converged);
  REQUIRE(s.report.lines.size() == 1);
  CHECK(s.report.lines[0] == "  B (Body/Buoy): Pos (3.000, 4.000, 0.000) m, moved 0.5 m");
  CHECK(s.report.warnings.empty());
  CHECK(s.report.largest_residual.rfind("B:", 0) == 0);
}

TEST_CASE("settle report: a body that moves more than 20 m is a warning naming it") {
  // 100 kg hanging from a soft spring (k = 40 N/m) released at its relaxed length sags by
  // m g / k = 24.525 m.
  const std::string xml = ScenarioXml(
      R"(<Lib LibName="base" SimObject="Body/3DBody" Name="B" Mass="100"/>
<Lib LibName="base" SimObject="Cable/LinearSpring" Name="S" Stiffness="40" RelaxedLength="1"/>)",
      R"(<Connection S.PosA="0,0,0" S.PosB="B.Pos" B.Force="S.ForceB"/>)",
      R"(<InitialCondition B.Pos="0,0,-1"/>)");
  const Settled s = SettleScenario(xml);
  REQUIRE_MESSAGE(s.result.converged, s.result.message);
  REQUIRE(s.report.lines.size() == 1);
  CHECK(s.report.lines[0] == "  B (Body/3DBody): Pos (0.000, 0.000, -25.525) m, moved 24.5 m");
  REQUIRE(s.report.warnings.size() == 1);
  CHECK(s.report.warnings[0].rfind("Settle moved B (Body/3DBody) by 24.5 m", 0) == 0);
}

TEST_CASE("settle report: a line strained more than 5 % is a warning naming it") {
  // The reference line with EA = 2e6 N instead of 6e8 N: ~2.6e5 N of tension strains it ~13 %.
  std::string xml = ReferenceLineXml(20, "", "cvode-bdf", false, 0.1);
  xml.replace(xml.find("EA=\"6.0e8\""), 10, "EA=\"2.0e6\"");
  const Settled s = SettleScenario(xml);
  REQUIRE_MESSAGE(s.result.converged, s.result.message);
  REQUIRE(s.report.warnings.size() == 1);
  CHECK(s.report.warnings[0].rfind("L1 (Cable/Cable) is strained ", 0) == 0);
  CHECK(OutputOf(*s.model, "L1", "MaxStrain")[0] > 0.05);
}

TEST_CASE("settle report: a line's tensions and largest strain, strain = T / EA at rest") {
  const Settled s = SettleScenario(ReferenceLineXml(20, "", "cvode-bdf", false, 0.1));
  REQUIRE(s.result.converged);
  const auto tension = OutputOf(*s.model, "L1", "Tension");
  const double strain = OutputOf(*s.model, "L1", "MaxStrain")[0];
  // At rest a segment's tension is (EA / l0)(l - l0): the largest strain is the largest tension
  // over EA = 6e8 N, up to the settle's residual velocities (damping c dl/dt ~ 1e-9 N).
  CHECK(strain ==
        doctest::Approx(*std::max_element(tension.begin(), tension.end()) / 6.0e8).epsilon(1e-9));
  REQUIRE(s.report.lines.size() == 1);
  CHECK(s.report.lines[0] ==
        fmt::format("  L1 (Cable/Cable): TensionA {:.4g} N, TensionB {:.4g} N, max strain {:.3g} %",
                    OutputOf(*s.model, "L1", "TensionA")[0],
                    OutputOf(*s.model, "L1", "TensionB")[0], 100.0 * strain));
  CHECK(s.report.warnings.empty());  // ~0.06 % strain: plausible.
}

TEST_CASE("settle: no equilibrium to reach fails the run, naming the state that did not settle") {
  // A buoy heavier than the water it can displace sinks for ever (no seabed): Settle cannot
  // converge, and the run must not go on as if it had.
  const std::string xml = ScenarioXml(
      R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea"/>
<Lib LibName="base" SimObject="Body/Buoy" Name="B" Mass="10000" Diameter="2"/>)",
      "", "<InitialCondition/>",
      R"(<Engine Integrator="cvode-bdf" TOutput="0, 0.1, 0.1" Settle="1" FileOutput="objects:all"/>)");
  const MemorySink sink = RunScenarioText(xml, BuiltinRegistry());
  CHECK(sink.result().status == RunStatus::kFailed);
  CHECK(Contains(sink.result().message, "settle did not reach static equilibrium"));
  CHECK(Contains(sink.result().message, " at B:Vel[2]"));
  CHECK(sink.times().empty());
}

TEST_CASE(
    "settle: a submerged buoy whose depth nothing depends on rises to float at the "
    "surface, at the draft from Archimedes") {
  // Fully submerged, the buoy's buoyancy does not depend on its depth, so no derivative reads
  // its Pos[2]. Settle must still bring that state to rest (only declared accumulators are
  // held): holding it would "settle" the buoy rising at its terminal velocity. At rest it floats
  // with the cap of height h under water that displaces its mass: pi h^2 (3R - h) / 3 = m / rho.
  const std::string xml = ScenarioXml(
      R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea"/>
<Lib LibName="base" SimObject="Body/Buoy" Name="B" Mass="1000" Diameter="2" Cd="1"/>)",
      "", R"(<InitialCondition B.Pos="0,0,-50"/>)",
      R"(<Engine Integrator="cvode-bdf" TOutput="0, 0.1, 0.1" Settle="1" FileOutput="objects:all"/>)");
  const MemorySink sink = RunScenarioText(xml, BuiltinRegistry());
  REQUIRE_MESSAGE(sink.result().status == RunStatus::kCompleted, sink.result().message);
  const double volume = 1000.0 / 1025.0, radius = 1.0;
  double lo = 0.0, hi = 2.0 * radius;  // the cap volume grows with h: bisection to the last bit
  for (int i = 0; i < 200; ++i) {
    const double h = 0.5 * (lo + hi);
    (std::numbers::pi * h * h * (3.0 * radius - h) / 3.0 < volume ? lo : hi) = h;
  }
  // Settle's residual ~1e-9 m/s^2 against a heave stiffness rho g pi (2Rh - h^2) ~ 2e4 N/m on
  // 1000 kg: 1e-6 m.
  CHECK(sink.Column("B.Pos[2]")[0] == doctest::Approx(radius - lo).scale(1).epsilon(1e-6));
}

}  // namespace
}  // namespace hawser::test
