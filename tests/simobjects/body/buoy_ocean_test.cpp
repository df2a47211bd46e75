// Body/Buoy in an Environment/Ocean: it floats at the draft Archimedes gives with the ocean's
// density, and refuses its own surface or density when they contradict the ocean's.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <numbers>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {
namespace {

TEST_CASE("Body/Buoy in an Environment/Ocean floats at the draft from Archimedes") {
  // A sphere of R = 1 m whose mass equals 1000 kg/m^3 times the spherical cap of height
  // h = 0.8 m, V = pi h^2 (3R - h) / 3, floats with its bottom at z = -h, its centre at
  // z = R - h = 0.2 m, in water
  // of density 1000 (the ocean's; the buoy's own default, 1025, would float it 12 mm higher).
  // Settle stops at a residual ~1e-7 against a heave stiffness rho g pi (2Rh - h^2) ~ 3e4 N/m:
  // tolerance 1e-6 m.
  const double radius = 1.0, draft = 0.8, rho = 1000.0;
  const double cap = std::numbers::pi * draft * draft * (3.0 * radius - draft) / 3.0;
  const std::string xml = ScenarioXml(
      fmt::format(R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Density="{}"/>
<Lib LibName="base" SimObject="Body/Buoy" Name="B" Mass="{:.17g}" Diameter="{}" Cd="1"/>)",
                  rho, rho * cap, 2.0 * radius),
      "", R"(<InitialCondition B.Pos="3,4,0.3"/>)",
      R"(<Engine Integrator="cvode-bdf" RelTol="1e-9" AbsTol="1e-10" TOutput="0, 0.1, 0.1" )"
      R"(Settle="1" FileOutput="objects:all"/>)");
  const MemorySink sink = Run(xml);
  CHECK(std::abs(sink.Column("B.Pos[2]")[0] - (radius - draft)) < 1e-6);
  CHECK(sink.Column("B.Buoyancy")[0] == doctest::Approx(rho * cap * 9.81).epsilon(1e-9));
}

TEST_CASE("Body/Buoy in an Environment/Ocean: its own surface or another density is an error") {
  const std::string sea = R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea"/>)";
  const std::string run_engine =
      R"(<Engine Integrator="rk4" stepsize="0.01" TOutput="0, 0.01, 0.02"/>)";
  for (const auto& [extra, expected] :
       {std::pair{std::string(R"(SurfaceZ="1")"), std::string("expected no SurfaceZ")},
        std::pair{std::string(R"(WaterDensity="1000")"),
                  std::string("WaterDensity = 1000 differs from the ocean's 1025")}}) {
    const std::string xml = ScenarioXml(
        sea + "\n" +
            fmt::format(R"(<Lib LibName="base" SimObject="Body/Buoy" Name="B" Mass="100" )"
                        R"(Diameter="1" {}/>)",
                        extra),
        "", "<InitialCondition/>", run_engine);
    // Found when the run starts (the ocean is known after assembly), at the buoy's line.
    std::string message;
    try {
      RunScenarioText(xml, BuiltinRegistry());
    } catch (const ScenarioError& e) {
      message = e.what();
    }
    CHECK(Contains(message, "scenario.xml:3: error: B (Body/Buoy): "));
    CHECK(Contains(message, expected));
  }
}

}  // namespace
}  // namespace hawser::test
