// Cable/Cable with bending stiffness, a segment broken mid-line (cable_break.cpp): the two pieces
// are separate lines, each ending at the break as a free, pinned end (no bend across the gap),
// whether the segment broke from the start, at an event or in a restored state; and the bend the
// two nodes held at the break leaves PotentialEnergy into ReleasedEnergy, so the balance closes.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "tests/simobjects/cable/taut_line.h"
#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {
namespace {

// A 12 m line of N = 6 segments (l0 = 2 m) with EI = 5e3 N m^2, in water and gravity with drag
// and damping, its nodes on a curve out of any plane (chords within 5 % of l0) and moving: every
// node turns by 0.2 to 0.5 rad, so a bend acts at each one. Segment 3 (nodes 3 and 4) is the one
// that breaks. As a Cable/Cable, or as a Cable/Line of one section of a line type with that EI.
constexpr int kNodes = 7, kBroken = 3;
constexpr const char* kCable =
    R"(SimObject="Cable/Cable" Length="{}" NumElements="{}" Diameter="0.1" MassPerLength="20" )"
    R"(EA="1e6" BendingStiffness="5e3")";
constexpr const char* kLine = R"(SimObject="Cable/Line" Sections="rope {} {}")";
constexpr const char* kLineTypes =
    "<LINETYPES><LineType Name=\"rope\" Diameter=\"0.1\" MassPerLength=\"20\" EA=\"1e6\" "
    "MBL=\"1e7\" EI=\"5e3\"/></LINETYPES>\n";

Eigen::Vector3d Position(int i) {
  return {1.8 * i, 0.6 * std::sin(1.3 * i), -20.0 + 0.3 * i * i - 0.04 * i * i * i};
}
Eigen::Vector3d Velocity(int i) { return {0.1 * i, -0.05 * i, 0.2 * std::sin(i)}; }

std::string Point(const Eigen::Vector3d& p) { return fmt::format("{},{},{}", p.x(), p.y(), p.z()); }

/// One line "C" (a Cable/Line if `as_line`, else a Cable/Cable) over the nodes first..last of
/// the curve above (its ends at first and last, the nodes between as its initial state), `brk`
/// in its <Lib>; BreakTime up to 1 s.
std::string LineXml(int first, int last, const std::string& brk, bool as_line) {
  std::string nodes;
  for (int i = first + 1; i < last; ++i) {
    nodes +=
        fmt::format("{}{},{}", i > first + 1 ? "," : "", Point(Position(i)), Point(Velocity(i)));
  }
  const std::string xml = ScenarioXml(
      fmt::format(
          R"(<Lib LibName="base" Name="C" {} {}/>)",
          fmt::format(fmt::runtime(as_line ? kLine : kCable), 2.0 * (last - first), last - first),
          brk),
      fmt::format(R"(<Connection C.PositionA="{}" C.PositionB="{}"/>)", Point(Position(first)),
                  Point(Position(last))),
      fmt::format(R"(<InitialCondition C.Nodes="{}"/>)", nodes),
      R"(<Engine Integrator="cvode-bdf" TOutput="0, 0.1, 1"/>)");
  const std::string contents = "<Contents>";
  return as_line ? contents + kLineTypes + xml.substr(contents.size()) : xml;
}

/// The right-hand side at t of the scenario's initial state; `prepare` may change the model
/// (and the state) first.
template <typename Prepare>
std::vector<double> RightHandSide(const std::string& xml, double t, Prepare prepare) {
  const Scenario scenario = LoadScenarioFromString(xml, "t.xml");
  const auto model = Model::Assemble(scenario, BuiltinRegistry());
  std::vector<double> x = model->InitialState(0.0), xdot(x.size());
  prepare(*model, x);
  REQUIRE(model->Rhs(t, x.data(), xdot.data()));
  return xdot;
}
std::vector<double> RightHandSide(const std::string& xml) {
  return RightHandSide(xml, 0.0, [](Model&, std::vector<double>&) {});
}

/// Checks the broken line's node derivatives (state Nodes: x,y,z,vx,vy,vz per free node, node 1
/// first) against those of the two pieces as separate lines: nodes 0..4 with the connection at
/// B (node 4) broken from the start, and nodes 3..6 with the connection at A (node 3) broken. A
/// detached end keeps no mass, weight or drag and no bend at the node next to it (cable.h), so
/// each is a line of just that piece (nodes 0..3, 4..6) ending at the break as a free pinned end
/// with that node's own mass (half of the broken segment's, as the broken line keeps it) and
/// its tangent along the same chord (the detached end stays where the other piece's node is).
void CheckEqualsPieces(const std::vector<double>& broken, bool as_line) {
  const std::vector<double> a =
      RightHandSide(LineXml(0, kBroken + 1, R"(BreakEnd="B" BreakTime="0")", as_line));
  const std::vector<double> b =
      RightHandSide(LineXml(kBroken, kNodes - 1, R"(BreakEnd="A" BreakTime="0")", as_line));
  double scale = 0.0;
  for (int k = 0; k < 6 * (kNodes - 2); ++k) scale = std::max(scale, std::abs(broken[k]));
  for (int i = 1; i < kNodes - 1; ++i) {
    for (int k = 0; k < 6; ++k) {
      const double piece = i <= kBroken ? a[6 * (i - 1) + k] : b[6 * (i - kBroken - 1) + k];
      CAPTURE(i);
      CAPTURE(k);
      // The same terms from the same positions: only the order of a node's sum may differ, so
      // rounding of the largest term (1e-12 of the largest derivative, ~800 m/s^2) bounds the
      // difference; a bend left across the break changes nodes 2 to 5 by 0.2 to 11 m/s^2.
      CHECK(std::abs(broken[6 * (i - 1) + k] - piece) <= 1e-12 * scale);
    }
  }
}

}  // namespace

TEST_CASE("Cable/Cable with EI: a mid-line break leaves two separate lines with pinned ends") {
  const std::string segment = fmt::format(R"(BreakSegment="{}")", kBroken);
  const bool as_line = false;
  SUBCASE("broken from the start") {
    CheckEqualsPieces(RightHandSide(LineXml(0, kNodes - 1, R"(BreakTime="0" )" + segment, as_line)),
                      as_line);
  }
  SUBCASE("broken at its BreakTime, the event after a step") {
    const std::vector<double> xdot =
        RightHandSide(LineXml(0, kNodes - 1, R"(BreakTime="0.5" )" + segment, as_line), 0.5,
                      [](Model& model, std::vector<double>& x) {
                        REQUIRE(model.AfterStep(0.5, x.data()));  // The line breaks here.
                        REQUIRE(model.Events().size() == 1);
                      });
    CheckEqualsPieces(xdot, as_line);
  }
  SUBCASE("broken in a restored discrete state (--restart)") {
    const std::vector<double> xdot =
        RightHandSide(LineXml(0, kNodes - 1, R"(BreakTime="0.9" )" + segment, as_line), 0.5,
                      [](Model& model, std::vector<double>&) {
                        // {broken segment, break time, released energy}, as DiscreteState() saves
                        // it.
                        model.RestoreDiscreteStates({{"C", {kBroken, 0.25, 10.0}}});
                        REQUIRE(model.Events().size() == 1);
                      });
    CheckEqualsPieces(xdot, as_line);
  }
}

TEST_CASE("Cable/Line with EI from its line type: a mid-line break leaves pinned ends") {
  // The same code as Cable/Cable's (cable_break.cpp), reached through the sections' EI.
  const bool as_line = true;
  CheckEqualsPieces(
      RightHandSide(LineXml(0, kNodes - 1,
                            fmt::format(R"(BreakTime="0" BreakSegment="{}")", kBroken), as_line)),
      as_line);
}

TEST_CASE("Cable/Cable with EI: the bend at a break goes into ReleasedEnergy, balance closed") {
  // The falling line (taut_line.h: l0 = 5 m, no damping terms, Can = 0, so KE + PE alone is
  // conserved) with EI = 2e5 N m^2, its segment 5 breaking at t = 1.5 s while it sags and bends.
  const std::string ei = R"(BendingStiffness="2e5")";
  const MemorySink sink =
      Run(FallingLineXml(ei + R"( BreakTime="1.5" BreakSegment="5")", "0, 0.05, 3"));
  const EnergyBalance balance = LineEnergyBalance(sink);
  const double drift = balance.drift, exchanged = balance.exchanged;
  // The released energy: k max(0, l - l0)^2 / 2 of segment 5 and the bend C |e_i - e_{i-1}|^2 / 2
  // (C = EI / l0, cable_bending.h) at its nodes 5 and 6, from the unbroken run's node positions
  // at t = 1.5 s (the same solution up to then).
  const MemorySink intact = Run(FallingLineXml(ei, "0, 1.5, 1.5"));
  const auto node = [&](int i) {
    Eigen::Vector3d p;
    for (int k = 0; k < 3; ++k)
      p[k] = intact.Column(fmt::format("C.NodePositions[{}]", 3 * i + k)).back();
    return p;
  };
  const auto unit = [&](int i) -> Eigen::Vector3d { return (node(i + 1) - node(i)).normalized(); };
  const double l0 = 5.0, k = 1e7 / l0, c = 2e5 / l0;
  const double stretch = std::max(0.0, (node(6) - node(5)).norm() - l0);
  const double bend =
      0.5 * c * ((unit(5) - unit(4)).squaredNorm() + (unit(6) - unit(5)).squaredNorm());
  const auto er = sink.Column("C.ReleasedEnergy");
  MESSAGE("drift " << drift << " J of " << exchanged << " J exchanged; released " << er.back()
                   << " J, of which the bend " << bend << " J");
  // The bend must matter at the balance's resolution, or the check below could not see it.
  REQUIRE(bend > 100.0 * 1e-6 * exchanged);
  // As cable_break_test.cpp: the integration error (1e-10) stays far below 1e-6 of the exchange.
  CHECK(drift < 1e-6 * exchanged);
  // 1e-6: the two runs' integration error in the node positions at 1.5 s.
  CHECK(er.back() == doctest::Approx(0.5 * k * stretch * stretch + bend).epsilon(1e-6));
  CHECK(er.front() == 0.0);
}

}  // namespace hawser::test
