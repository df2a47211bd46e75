// Cable/Cable BreakEnd (cable_break.cpp): the connection at an end breaks at a time or when the
// end's tension first exceeds a value; the end then puts no force on what held it, the freed end
// moves as the forces left on it say, the energy stays balanced, and Settle finds the line
// hanging from its other end.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include "tests/simobjects/cable/taut_line.h"
#include "tests/simobjects/scenario_test_util.h"
#include "tests/simobjects/settled_config.h"

namespace hawser::test {

TEST_CASE("Cable/Cable BreakEnd at a time: ForceA is 0 from then on, the freed node pulls away") {
  const MemorySink sink = Run(TautLineXml(
      R"(BreakEnd="A" BreakTime="0.5")",
      R"(<Engine Integrator="cvode-bdf" AbsTol="1e-12" RelTol="1e-10" )"
      R"(TOutput="0, 0.4, 0.5, 0.5001, 0.6" LogStates="1" FileOutput="objects:all"/>)"));
  const auto& events = sink.result().events;
  REQUIRE(events.size() == 2);
  CHECK(events[0].kind == "break");
  CHECK(events[0].index == 0);  // End A's segment.
  CHECK(events[1].kind == "end_break");
  CHECK(events[1].index == 0);   // 0 = end A.
  CHECK(events[1].time == 0.5);  // Scheduled: landed on exactly.
  const auto t = sink.times(), fa = sink.Column("C.ForceA[0]"), fb = sink.Column("C.ForceB[0]");
  const auto row = std::find(t.begin(), t.end(), 0.5001) - t.begin();
  REQUIRE(row < static_cast<long>(t.size()));
  // At t = 0.4 the anchor holds the taut line (ForceA = +T x, on the anchor towards B); the
  // row at t = 0.5 is already after the break (the event comes before the output there).
  const auto before = std::find(t.begin(), t.end(), 0.4) - t.begin();
  REQUIRE(before < row);
  CHECK(fa[before] == doctest::Approx(kStretchedTension).epsilon(1e-9));
  for (size_t r = static_cast<size_t>(row); r < t.size(); ++r) {
    CAPTURE(t[r]);
    for (int k = 0; k < 3; ++k) CHECK(sink.Column(fmt::format("C.ForceA[{}]", k))[r] == 0.0);
    CHECK(sink.Column("C.TensionA")[r] == 0.0);
  }
  // The freed end (node 1) lost segment 0's pull: a = T / m towards B, so v(dt) = a dt (1 -
  // (k/m) dt^2 / 6 + ...), 3e-5 relative at dt = 1e-4 s; 1e-3 leaves room for the integration.
  const double dt = 1e-4, a = kStretchedTension / (kMassPerLength * kL0);
  CHECK(sink.Column("C:Nodes[3]")[row] == doctest::Approx(a * dt).epsilon(1e-3));
  CHECK(std::abs(sink.Column("C:Nodes[3]")[row - 1]) < 1e-12);
  CHECK(fb.back() < 0.9 * kStretchedTension);  // End B still holds the line, which unloads.
}

TEST_CASE("Cable/Cable BreakEnd at a tension: breaks at the step TensionB first exceeds it") {
  // End B moves away along (1,1,1) as 2 sin(2 pi t / 8): its tension rises for 2 s. The intact
  // run at fine output times gives the crossing; the run with BreakEnd="B" must break within one
  // step after it (HMax = 0.01 s bounds the step).
  const double limit = 2e5;
  const MemorySink intact = Run(PulledLineXml("", "0, 0.0005, 2"));
  const auto t = intact.times(), tb = intact.Column("C.TensionB");
  double crossing = std::numeric_limits<double>::quiet_NaN();
  for (size_t r = 1; r < t.size() && std::isnan(crossing); ++r) {
    // Linear interpolation between output times 0.5 ms apart: far finer than a step.
    if (tb[r] > limit) crossing = t[r - 1] + (limit - tb[r - 1]) / (tb[r] - tb[r - 1]) * 5e-4;
  }
  REQUIRE_FALSE(std::isnan(crossing));
  MESSAGE("TensionB reaches " << limit << " N at t = " << crossing);
  const MemorySink broken =
      Run(PulledLineXml(fmt::format(R"(BreakEnd="B" BreakTension="{}")", limit), "0, 0.1, 2"));
  const auto& events = broken.result().events;
  REQUIRE(events.size() == 2);
  CHECK(events[0].index == 3);  // End B's segment.
  CHECK(events[1].kind == "end_break");
  CHECK(events[1].index == 1);  // 1 = end B.
  CHECK(events[1].time >= crossing - 1e-6);
  CHECK(events[1].time <= crossing + 0.01);
  CHECK(broken.Column("C.TensionB").back() == 0.0);
}

TEST_CASE("Cable/Cable BreakEnd: energy stays balanced with the released energy counted") {
  // The falling line of cable_break_test.cpp (no damping, Can = 0: KE + PE alone is conserved),
  // its connection at end A breaking at t = 1.5 s: ReleasedEnergy takes the end segment's
  // elastic energy and the end node's weight potential, so the balance stays closed.
  const MemorySink sink = Run(FallingLineXml(R"(BreakEnd="A" BreakTime="1.5")", "0, 0.05, 3"));
  const auto er = sink.Column("C.ReleasedEnergy");
  const EnergyBalance balance = LineEnergyBalance(sink);
  const double drift = balance.drift, exchanged = balance.exchanged;
  MESSAGE("drift " << drift << " J of " << exchanged << " J exchanged; released " << er.back());
  // As cable_break_test.cpp: the integration error stays far below 1e-6 of the exchange.
  CHECK(drift < 1e-6 * exchanged);
  CHECK(er.front() == 0.0);
  CHECK(er.back() != 0.0);
}

TEST_CASE("Cable/Cable BreakEnd at the start: Settle finds the line hanging from end A") {
  // A 20 m line of N = 8 from end A at (0, 0, 0) to end B at (10, 0, 0), its connection at B
  // broken from the start: the line hangs straight down from A. Free nodes 1..7 weigh w l0 each
  // in water and end A's half segment w l0 / 2 acts through ForceA; end B's half segment is
  // detached (cable.h), so TensionA = w (7 + 1/2) l0 = w (L - l0 / 2), and ForceB = 0.
  const SettledConfig s = SettleHangingLine(R"(BreakTime="0" BreakEnd="B")");
  const double w = (20.0 - 1025.0 * std::numbers::pi * 0.1 * 0.1 / 4.0) * 9.81, l0 = 2.5;
  // Settle's weights (1e-6 absolute and relative on each node's force balance): 1e-5 relative.
  CHECK(s.Output("C", "TensionA", 0) == doctest::Approx(w * (20.0 - l0 / 2.0)).epsilon(1e-5));
  CHECK(s.Output("C", "TensionB", 0) == 0.0);
  for (int i = 1; i < 8; ++i) {  // Straight down from A.
    CAPTURE(i);
    CHECK(std::abs(s.Output("C", "NodePositions", 3 * i)) < 1e-6);
  }
}

}  // namespace hawser::test
