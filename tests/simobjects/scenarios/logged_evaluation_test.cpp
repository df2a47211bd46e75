// A row of the result file evaluates only what it logs (Model::SetLogged, EvaluateLogged): the
// logged values are bit for bit those of a full evaluation (Model::EvaluateOutputs) at the same
// time and state, and a cable then samples the waves at its two ends only (the end forces and
// tensions read no other node's water), where a full evaluation samples its N + 1 nodes once:
// the energy diagnostics' sampling at the same time and positions reuses Calc()'s.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "simobjects/environment/ocean_environment.h"
#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {
namespace {

constexpr int kElements = 12;
const char* const kLogged[] = {"TensionB", "ForceA", "Tension"};

// A 60-m line from the seabed at 40 m to a fixed point 5 m down, in a 60-component sea.
std::unique_ptr<Model> Line() {
  const std::string xml = ScenarioXml(
      fmt::format(R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Depth="40"
     Waves="jonswap" WaveHeight="3" WavePeriod="8" NumComponents="60" Seed="3"
     CurrentProfile="uniform" CurrentSpeed="0.3"/>
<Lib LibName="base" SimObject="Src/Constant" Name="Anchor" Value="-45,0,-40"/>
<Lib LibName="base" SimObject="Src/Constant" Name="Top" Value="0,0,-5"/>
<Lib LibName="base" SimObject="Cable/Cable" Name="L" NumElements="{}" Length="60"
     Diameter="0.08" MassPerLength="40" EA="5e8" Cdn="1.2"/>)",
                  kElements),
      R"(<Connection L.PositionA="Anchor.Out" L.PositionB="Top.Out"/>)", "<InitialCondition/>",
      R"(<Engine Integrator="cvode-bdf" AbsTol="1e-4" RelTol="1e-4" TOutput="0, 0.1, 8"
        FileOutput="object.L.TensionB,object.L.ForceA,object.L.Tension"/>)");
  return Model::Assemble(LoadScenarioFromString(xml, "t.xml"), BuiltinRegistry());
}

long long Points(const Model& model) {
  const auto* ocean = dynamic_cast<const OceanEnvironment*>(model.FindObject("Sea"));
  REQUIRE(ocean != nullptr);
  return ocean->KinematicsTiming().points;
}

// The current values of the logged outputs, in kLogged's order.
std::vector<double> LoggedValues(const Model& model) {
  std::vector<double> values;
  for (const char* port : kLogged) {
    const std::span<const double> v = OutputOf(model, "L", port);
    values.insert(values.end(), v.begin(), v.end());
  }
  return values;
}

TEST_CASE("a logged evaluation samples a cable's ends, a full one each node once") {
  std::unique_ptr<Model> model = Line();
  std::vector<std::span<const double>> views;
  for (const char* port : kLogged) views.push_back(OutputOf(*model, "L", port));
  model->SetLogged(views);
  const std::vector<double> x = model->InitialState(0.0);
  for (const double t : {0.5, 0.7}) {
    CAPTURE(t);
    long long before = Points(*model);
    REQUIRE(model->EvaluateLogged(t, x.data()));
    CHECK(Points(*model) - before == 2);  // The two end nodes.
    const std::vector<double> logged = LoggedValues(*model);
    before = Points(*model);
    REQUIRE(model->EvaluateOutputs(t, x.data()));
    CHECK(Points(*model) - before == kElements + 1);  // Calc(); CalcEnergy() reuses its water.
    CHECK(LoggedValues(*model) == logged);            // Bit for bit.
    before = Points(*model);
    REQUIRE(model->EvaluateOutputs(t, x.data()));
    CHECK(Points(*model) == before);  // The same time and positions: the same water.
  }
  CHECK(LoggedValues(*model)[0] > 100.0);  // TensionB [N]: a line that pulls.
}

TEST_CASE("every row of a run logs what a full evaluation at its time and state gives") {
  std::unique_ptr<Model> model = Line();
  MemorySink sink;
  RunOptions options;
  int rows = 0, equal = 0;
  std::vector<double> full_tension;  // TensionB of the full evaluation at each row.
  options.at_output = [&](double t, std::span<const double> x) {
    const std::vector<double> logged = LoggedValues(*model);  // As the row was written.
    REQUIRE(model->EvaluateOutputs(t, x.data()));
    ++rows;
    if (LoggedValues(*model) == logged) ++equal;
    full_tension.push_back(LoggedValues(*model)[0]);
  };
  Simulate(*model, model->scenario().engine, sink, options);
  REQUIRE_MESSAGE(sink.result().status == RunStatus::kCompleted, sink.result().message);
  CHECK(rows == 81);
  CHECK(equal == rows);                              // Bit for bit at every row,
  CHECK(sink.Column("L.TensionB") == full_tension);  // and so in the result.
}

}  // namespace
}  // namespace hawser::test
