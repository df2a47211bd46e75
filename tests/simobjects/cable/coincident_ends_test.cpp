// Springs and cables whose two ends coincide: the direction of the force is undefined. Known at
// the start (constant inputs, initial conditions), it is a scenario error at the object's <Lib>
// line; met during a run, the run fails naming the object, its <Lib> line and its inputs.
// Expected texts say what a user must be told (object, <Lib> line, inputs), not what the code
// prints; positions are exact small binary numbers.
#include <doctest/doctest.h>

#include <string>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {
namespace {

/// Builds the model and computes its initial state; returns the ScenarioError it throws.
ScenarioError StartError(const std::string& xml) {
  const Scenario scenario = LoadScenarioFromString(xml, "ends.xml");
  auto model = Model::Assemble(scenario, BuiltinRegistry());
  try {
    model->InitialState(0.0);
  } catch (const ScenarioError& e) {
    return e;
  }
  FAIL("expected a ScenarioError from the initial state");
  return ScenarioError({}, "");
}

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

constexpr const char* kSpring =
    R"(<Lib LibName="base" SimObject="Cable/LinearSpring" Name="S" Stiffness="10" )"
    R"(RelaxedLength="10"/>)";

TEST_CASE("Cable/LinearSpring: constant ends at one point are an error at its <Lib> line") {
  const ScenarioError e =
      StartError(ScenarioXml(kSpring, R"(<Connection S.PosA="0,0,0" S.PosB="0,0,0"/>)"));
  CHECK(e.location().file == "ends.xml");
  CHECK(e.location().line == 2);  // ScenarioXml puts the first <Lib> on line 2.
  CHECK(Contains(e.message(),
                 "S (Cable/LinearSpring): ends PosA and PosB coincide at (0,0,0) at "
                 "the start; the direction of the force is undefined; expected "
                 "distinct end positions"));
}

TEST_CASE("Cable/LinearSpring: an end on a body started at the other end is an error too") {
  const ScenarioError e =
      StartError(ScenarioXml(std::string(kSpring) + "\n" +
                                 R"(<Lib LibName="base" SimObject="Body/Mass" Name="B" Mass="1"/>)",
                             R"(<Connection S.PosA="1,2,3" S.PosB="B.Pos" B.Force="S.ForceB"/>)",
                             R"(<InitialCondition B.Pos="1,2,3"/>)"));
  CHECK(e.location().line == 2);
  CHECK(Contains(e.message(), "ends PosA and PosB coincide at (1,2,3) at the start"));
}

TEST_CASE("Cable/LinearSpring: distinct ends still give FhSim's example forces") {
  // FhSim's page: k = 10, L0 = 10, ends 5 apart: ForceA = 10 (5 - 10) (0,0,1) = (0,0,-50).
  const MemorySink sink =
      Run(ScenarioXml(kSpring, R"(<Connection S.PosA="0,0,0" S.PosB="0,0,5"/>)"));
  CHECK(sink.Column("S.ForceA[2]").front() == -50.0);  // exact in binary
}

TEST_CASE("Cable/Cable: constant ends at one point are an error at its <Lib> line") {
  const ScenarioError e = StartError(ScenarioXml(
      R"(<Lib LibName="base" SimObject="Cable/Cable" Name="C" NumElements="4" Length="10" )"
      R"(Diameter="0.1" MassPerLength="1" EA="1e5"/>)",
      R"(<Connection C.PositionA="5,0,-3" C.PositionB="5,0,-3"/>)"));
  CHECK(e.location().line == 2);
  CHECK(Contains(e.message(),
                 "C (Cable/Cable): ends PositionA and PositionB coincide at (5,0,-3) "
                 "at the start"));
  CHECK(Contains(e.message(), "expected distinct end positions"));
}

TEST_CASE("a spring whose ends meet during the run fails naming it, its line and its inputs") {
  // A free mass (the spring has k = 0, so no force) coasts from (0,0,1) at -1 m/s; Euler steps
  // of 0.25 s are exact for constant velocity and land on the anchor at t = 1 exactly.
  const MemorySink sink = RunScenarioText(
      ScenarioXml(R"(<Lib LibName="base" SimObject="Cable/LinearSpring" Name="S" Stiffness="0" )"
                  R"(RelaxedLength="0"/>)"
                  "\n"
                  R"(<Lib LibName="base" SimObject="Body/Mass" Name="B" Mass="1"/>)",
                  R"(<Connection S.PosA="0,0,0" S.PosB="B.Pos" B.Force="S.ForceB"/>)",
                  R"(<InitialCondition B.Pos="0,0,1" B.Vel="0,0,-1"/>)",
                  R"(<Engine Integrator="euler" stepsize="0.25" TOutput="0, 0.25, 2"/>)"),
      BuiltinRegistry());
  CHECK(sink.result().status == RunStatus::kFailed);
  const std::string& m = sink.result().message;
  CHECK(Contains(m, "S.ForceA of S (Cable/LinearSpring, <Lib> at scenario.xml:2)"));
  CHECK(Contains(m, "PosA = (0,0,0), PosB = (0,0,0)"));
}

}  // namespace
}  // namespace hawser::test
