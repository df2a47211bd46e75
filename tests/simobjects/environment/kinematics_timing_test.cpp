// OceanEnvironment::KinematicsTiming(), the benchmarks' in-run counter: every point whose water
// motion is asked for while there are waves is counted once, with the wall time of the calls.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "simobjects/environment/ocean_environment.h"
#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {
namespace {

// An ocean of `waves` and two probes (each asks for its point once per output evaluation).
std::unique_ptr<Model> Assemble(const std::string& waves) {
  const std::string xml = ScenarioXml(fmt::format(
      R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Depth="50" {}/>
<Lib LibName="base" SimObject="Environment/WaveProbe" Name="A" Position="0,0,-5"/>
<Lib LibName="base" SimObject="Environment/WaveProbe" Name="B" Position="10,0,-20"/>)",
      waves));
  return Model::Assemble(LoadScenarioFromString(xml, "t.xml"), BuiltinRegistry());
}

/// The ocean's timing before and after `evaluations` output evaluations (from the initial state).
std::pair<OceanEnvironment::Timing, OceanEnvironment::Timing> Timings(Model& model,
                                                                      int evaluations) {
  const auto* ocean = dynamic_cast<const OceanEnvironment*>(model.FindObject("Sea"));
  REQUIRE(ocean != nullptr);
  std::vector<double> x = model.InitialState(0.0);
  const OceanEnvironment::Timing before = ocean->KinematicsTiming();
  for (int i = 0; i < evaluations; ++i) model.EvaluateOutputs(0.1 * i, x.data());
  return {before, ocean->KinematicsTiming()};
}

TEST_CASE("KinematicsTiming counts each point evaluated in waves, and nothing in still water") {
  for (const std::string mode : {"fast", "direct"}) {
    CAPTURE(mode);
    std::unique_ptr<Model> waves =
        Assemble(R"(Waves="jonswap" WaveHeight="3" WavePeriod="8" WaveKinematics=")" + mode + "\"");
    const auto [before, after] = Timings(*waves, 5);
    CHECK(after.points - before.points == 10);  // 5 evaluations x 2 probes.
    CHECK(after.seconds > before.seconds);
    // 10 points of 200 components: microseconds; a minute would mean a broken clock.
    CHECK(after.seconds < 60.0);
  }
  std::unique_ptr<Model> still = Assemble("");
  const OceanEnvironment::Timing calm = Timings(*still, 5).second;
  CHECK(calm.points == 0);
  CHECK(calm.seconds == 0.0);
}

}  // namespace
}  // namespace hawser::test
