// The pairs a cable gives semi-explicit Euler (StateSpec::positions): each node position's rate
// is exactly its velocity state; a model with a body's velocities is refused by name.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "bench/reference_line.h"
#include "runtime/solve/integrator.h"
#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {
namespace {

TEST_CASE("Cable/Cable: every node position's rate is its velocity state") {
  auto model = Model::Assemble(
      LoadScenarioFromString(ReferenceLineXml(10, "", "cvode-bdf", false, 0.1), "t.xml"),
      BuiltinRegistry());
  const std::vector<int> rate = model->PositionRates();
  const std::vector<bool> velocity = model->Velocities();
  REQUIRE(rate.size() == 55);  // 9 free nodes x 6 and DissipatedEnergy.
  CHECK(model->UnpairedVelocities().empty());
  // Every velocity state is the rate of exactly one position, and only velocities are rates.
  for (int v = 0; v < 55; ++v) {
    CAPTURE(v);
    CHECK(std::count(rate.begin(), rate.end(), v) == (velocity[static_cast<size_t>(v)] ? 1 : 0));
  }
  // Pos' = Vel exactly (the pairing is an identity, not an approximation) at a moving state.
  std::vector<double> x = model->InitialState(0.0);
  for (int i = 0; i < 9; ++i)
    for (int k = 0; k < 3; ++k) x[static_cast<size_t>(6 * i + 3 + k)] = 0.1 * (i + 1) - 0.3 * k;
  std::vector<double> xdot(x.size());
  REQUIRE(model->Rhs(0.0, x.data(), xdot.data()));
  for (size_t p = 0; p < rate.size(); ++p) {
    if (rate[p] < 0) continue;
    CAPTURE(p);
    CHECK(xdot[p] == x[static_cast<size_t>(rate[p])]);
  }
}

TEST_CASE("semi-explicit Euler refuses a model whose body velocities have no positions") {
  const std::string xml = ScenarioXml(
      R"(<Lib LibName="base" SimObject="Cable/Cable" Name="C" NumElements="10" Length="20"
 Diameter="0.1" MassPerLength="1" EA="1e5"/>
<Lib LibName="base" SimObject="Body/3DBody" Name="B" Mass="10"/>)",
      R"(<Connection C.PositionA="0,0,0" C.PositionB="B.Pos" C.VelocityB="B.Vel" B.Force="C.ForceB"/>)",
      "<InitialCondition/>",
      R"(<Engine Integrator="semi-explicit-euler" stepsize="0.001" TOutput="0, 0.1, 1"/>)");
  const Scenario scenario = LoadScenarioFromString(xml, "t.xml");
  auto model = Model::Assemble(scenario, BuiltinRegistry());
  CHECK(model->UnpairedVelocities() == std::vector<std::string>{"B.Vel"});
  try {
    MakeIntegrator(*model, scenario.engine);
    FAIL("accepted");
  } catch (const ScenarioError& e) {
    const std::string what = e.what();
    CAPTURE(what);
    CHECK(what.rfind("t.xml:", 0) == 0);  // The <Engine>'s own line.
    CHECK(what.find("B.Vel does not") != std::string::npos);
  }
}

}  // namespace
}  // namespace hawser::test
