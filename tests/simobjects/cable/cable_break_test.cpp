// Cable/Cable line failure (cable_break.cpp): a segment breaking at a time or a tension, the
// released end's motion, the energy it releases, and Settle with a broken line.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "tests/simobjects/cable/taut_line.h"
#include "tests/simobjects/scenario_test_util.h"
#include "tests/simobjects/settled_config.h"

namespace hawser::test {

TEST_CASE("Cable/Cable BreakTime: the segment goes slack at exactly that time, once") {
  const MemorySink sink = Run(TautLineXml(
      R"(BreakTime="0.5")",
      R"(<Engine Integrator="cvode-bdf" AbsTol="1e-10" RelTol="1e-10" TOutput="0, 0.1, 1" )"
      R"(FileOutput="objects:all"/>)"));
  const auto& events = sink.result().events;
  REQUIRE(events.size() == 1);
  CHECK(events[0].object == "C");
  CHECK(events[0].kind == "break");
  CHECK(events[0].time == 0.5);  // A scheduled break is a stop time: landed on exactly.
  CHECK(events[0].index == 0);   // BreakSegment's default: the segment at end A.
  const auto t = sink.times(), t0 = sink.Column("C.Tension[0]"), t1 = sink.Column("C.Tension[1]");
  for (size_t r = 0; r < t.size(); ++r) {
    CAPTURE(t[r]);
    if (t[r] < 0.5) {
      // Before the break the line is at rest in its stretched state (integration error only).
      CHECK(t0[r] == doctest::Approx(kStretchedTension).epsilon(1e-9));
    } else {
      CHECK(t0[r] == 0.0);  // Broken: no force from then on, exactly.
    }
  }
  CHECK(t1.back() < 0.9 * kStretchedTension);  // The rest of the line unloads.
}

TEST_CASE("Cable/Cable: the released node starts with acceleration T / m along the line") {
  SUBCASE("broken from the start: the right-hand side at t = 0") {
    const Scenario scenario =
        LoadScenarioFromString(TautLineXml(R"(BreakTime="0")", std::string(kTightEngine)), "t.xml");
    auto model = Model::Assemble(scenario, BuiltinRegistry());
    std::vector<double> x = model->InitialState(0.0), xdot(x.size());
    REQUIRE(model->Rhs(0.0, x.data(), xdot.data()));
    // State Nodes: per free node x,y,z,vx,vy,vz, node 1 first. Node 1 lost segment 0 and is
    // pulled towards B by segment 1 alone: a = T / m with m = MassPerLength l0 (no added mass
    // along the line). Nodes 2 and 3 stay balanced. Tolerance: the rounding of T = k (l - l0).
    const double a = kStretchedTension / (kMassPerLength * kL0);
    CHECK(xdot[3] == doctest::Approx(a).epsilon(1e-9));
    for (int k : {4, 5, 9, 10, 11, 15, 16, 17}) CHECK(std::abs(xdot[k]) < 1e-9 * a);
  }
  SUBCASE("broken mid-run: the node's velocity a dt just after the break") {
    const MemorySink sink = Run(
        TautLineXml(R"(BreakTime="0.5")",
                    R"(<Engine Integrator="cvode-bdf" AbsTol="1e-12" RelTol="1e-10" )"
                    R"(TOutput="0, 0.5, 0.5001, 0.6" LogStates="1" FileOutput="objects:all"/>)"));
    const double dt = 1e-4, a = kStretchedTension / (kMassPerLength * kL0);
    // v(dt) = a dt (1 - (k/m) dt^2 / 6 + ...) as the stretch of segment 1 relaxes: k/m = 1.6e4
    // s^-2 makes the correction 3e-5 relative; 1e-3 leaves room for the integration error.
    const auto t = sink.times();
    const auto row = std::find(t.begin(), t.end(), 0.5001) - t.begin();
    REQUIRE(row < static_cast<long>(t.size()));
    CHECK(sink.Column("C:Nodes[3]")[row] == doctest::Approx(a * dt).epsilon(1e-3));
    CHECK(std::abs(sink.Column("C:Nodes[3]")[row - 1]) < 1e-12);  // At rest at the break.
  }
}

TEST_CASE("Cable/Cable BreakTension: breaks at the step the tension first exceeds it") {
  // End B moves away along (1,1,1) as 2 sin(2 pi t / 8): the tension rises for 2 s. The
  // unbroken run's tension history, at fine output times, gives the crossing; the broken run
  // must find it within one step (HMax = 0.01 s bounds the step).
  const double limit = 2e5;
  const MemorySink intact = Run(PulledLineXml("", "0, 0.0005, 2"));
  double crossing = std::numeric_limits<double>::quiet_NaN();
  int first = -1;
  const auto t = intact.times();
  std::vector<std::vector<double>> tension;
  for (int i = 0; i < 4; ++i) tension.push_back(intact.Column(fmt::format("C.Tension[{}]", i)));
  for (size_t r = 1; r < t.size() && first < 0; ++r) {
    for (int i = 0; i < 4; ++i) {
      if (tension[i][r] > limit && (first < 0 || tension[i][r] > tension[first][r])) first = i;
    }
    if (first >= 0) {
      // Linear interpolation between output times 0.5 ms apart: far finer than a step.
      const std::vector<double>& f = tension[first];
      crossing = t[r - 1] + (limit - f[r - 1]) / (f[r] - f[r - 1]) * (t[r] - t[r - 1]);
    }
  }
  REQUIRE(first >= 0);
  MESSAGE("segment " << first << " reaches " << limit << " N at t = " << crossing);
  const MemorySink broken =
      Run(PulledLineXml(fmt::format(R"(BreakTension="{}")", limit), "0, 0.1, 2"));
  const auto& events = broken.result().events;
  REQUIRE(events.size() == 1);
  CHECK(events[0].index == first);
  // At the end of the first accepted step past the crossing: after it, by at most HMax (and
  // before it by no more than the two runs' integration error, 1e-8 relative).
  CHECK(events[0].time >= crossing - 1e-6);
  CHECK(events[0].time <= crossing + 0.01);
  CHECK(broken.Column(fmt::format("C.Tension[{}]", first)).back() == 0.0);
}

TEST_CASE("Cable/Cable break: energy stays balanced with the released energy counted") {
  // The falling line (taut_line.h), its middle segment breaking at t = 1.5 s while it is
  // stretched (~3.5e5 N).
  const MemorySink sink = Run(FallingLineXml(R"(BreakTime="1.5" BreakSegment="5")", "0, 0.05, 3"));
  const auto er = sink.Column("C.ReleasedEnergy");
  const EnergyBalance balance = LineEnergyBalance(sink);
  const double drift = balance.drift, exchanged = balance.exchanged;
  MESSAGE("drift " << drift << " J of " << exchanged << " J exchanged; released " << er.back());
  CHECK(drift < 1e-6 * exchanged);
  // The released energy is the segment's k (l - l0)^2 / 2 at t = 1.5 s, from the unbroken run's
  // node positions there (the same solution up to then; 1e-6: its integration error).
  const MemorySink intact = Run(FallingLineXml("", "0, 1.5, 1.5"));
  const auto node = [&](int i, int k) {
    return intact.Column(fmt::format("C.NodePositions[{}]", 3 * i + k)).back();
  };
  const double l =
      std::hypot(node(6, 0) - node(5, 0), node(6, 1) - node(5, 1), node(6, 2) - node(5, 2));
  const double k = 1e7 / 5.0, stretch = std::max(0.0, l - 5.0);
  REQUIRE(stretch > 0.0);
  CHECK(er.back() == doctest::Approx(0.5 * k * stretch * stretch).epsilon(1e-6));
  CHECK(er.front() == 0.0);
}

TEST_CASE("Cable/Cable: Settle with a segment broken from the start finds the hanging halves") {
  // A 20 m line of N = 8 between ends 10 m apart at z = 0, segment 4 broken at the start (its
  // BreakTime is the start time): each half hangs straight down from its end. Every free node
  // weighs w l0 in water, so a segment carries the nodes below it: segment j < 4 of the A half
  // (nodes 1..4) (4 - j) w l0, segment s > 4 of the B half (nodes 5..7) (s - 4) w l0.
  const SettledConfig s = SettleHangingLine(R"(BreakTime="0" BreakSegment="4")");
  const double w = (20.0 - 1025.0 * std::numbers::pi * 0.1 * 0.1 / 4.0) * 9.81, l0 = 2.5;
  for (int j = 0; j < 8; ++j) {
    CAPTURE(j);
    // Settle's weights (1e-6 absolute and relative on each node's force balance) bound the
    // tension error far below 1e-5 of the smallest tension, w l0 = 293 N.
    const int below = j < 4 ? 4 - j : j - 4;
    CHECK(s.Output("C", "Tension", j) == doctest::Approx(below * w * l0).epsilon(1e-5));
  }
  for (int i = 1; i < 8; ++i) {  // Straight down from A (x = 0) or from B (x = 10).
    CAPTURE(i);
    CHECK(std::abs(s.Output("C", "NodePositions", 3 * i) - (i <= 4 ? 0.0 : 10.0)) < 1e-6);
  }
}

TEST_CASE("Cable/Cable: only a line that may break gives the model discrete events") {
  // With events the integrator stops after every step and at every output time; an intact line
  // (no BreakTime, no BreakTension) must keep the plain path and its step counts.
  const std::string engine = R"(<Engine Integrator="cvode-bdf" TOutput="0, 0.1, 1"/>)";
  for (const std::pair<std::string, bool>& c : {std::pair<std::string, bool>{"", false},
                                                {R"(BreakTime="0.5")", true},
                                                {R"(BreakTension="2e4")", true}}) {
    const std::string& brk = c.first;
    const bool expected = c.second;
    CAPTURE(brk);
    const Scenario scenario = LoadScenarioFromString(TautLineXml(brk, engine), "t.xml");
    const auto model = Model::Assemble(scenario, BuiltinRegistry());
    model->InitialState(0.0);  // Collects the objects with events.
    CHECK(model->HasEvents() == expected);
  }
}

}  // namespace hawser::test
