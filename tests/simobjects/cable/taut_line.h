// The lines of the line-failure tests (cable_break_test.cpp, cable_end_break_test.cpp): a taut
// line, a line pulled at end B and a falling line, and the energy balance that both check.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "tests/simobjects/scenario_test_util.h"
#include "tests/simobjects/settled_config.h"

namespace hawser::test {

// A 10 m line of N = 4 segments (l0 = 2.5 m, m = 25 kg per node) stretched 1 % between fixed
// ends on the x axis, without gravity, water, damping or drag: at rest every segment carries
// T = EA 0.01 = 1e4 N and every free node is balanced, until something breaks. `brk` goes into
// the cable's <Lib>.
inline constexpr double kEa = 1e6, kMassPerLength = 10.0, kL0 = 2.5;
inline constexpr double kStretchedTension = kEa * 0.01;
inline std::string TautLineXml(const std::string& brk, const std::string& engine) {
  return ScenarioXml(
      fmt::format(R"(<Lib LibName="base" SimObject="Cable/Cable" Name="C" NumElements="4"
 Length="10" Diameter="0.1" MassPerLength="{}" EA="{}" DampingRatio="0" Cdn="0" Cdt="0" Can="0"
 Gravity="0" WaterDensity="0" {}/>)",
                  kMassPerLength, kEa, brk),
      R"(<Connection C.PositionA="0,0,0" C.PositionB="10.1,0,0"/>)", "<InitialCondition/>", engine);
}

// A 10 m line of N = 4 segments (EA 1e6 N, no gravity or water) from the origin to end B, which
// moves away along (1,1,1) as 2 sin(2 pi t / 8): the tensions rise for 2 s. `brk` goes into the
// cable's <Lib>; CVODE BDF at 1e-8 with HMax = 0.01 s (which bounds a step), output at `output`.
inline std::string PulledLineXml(const std::string& brk, const std::string& output) {
  return ScenarioXml(
      fmt::format(R"(<Lib LibName="base" SimObject="Cable/Cable" Name="C" NumElements="4"
 Length="10" Diameter="0.1" MassPerLength="10" EA="1e6" Gravity="0" WaterDensity="0" {}/>
<Lib LibName="base" SimObject="Src/Sine" Name="S" PortWidth="3" Amplitude="2" PeriodS="8"/>)",
                  brk),
      R"(<Connection C.PositionA="0,0,0" C.PositionB="10,0,0 + S.Out"/>)", "<InitialCondition/>",
      fmt::format(R"(<Engine Integrator="cvode-bdf" AbsTol="1e-8" RelTol="1e-8" HMax="0.01" )"
                  R"(TOutput="{}" FileOutput="objects:all"/>)",
                  output));
}

// The falling line of cable_energy_test.cpp: 50 m of N = 10 between (0,0,-50) and (40,0,-50),
// starting straight and at rest, without damping terms and with Can = 0 (so KE + PE alone is
// conserved). `brk` goes into the cable's <Lib>; output at `output` with the states logged.
inline std::string FallingLineXml(const std::string& brk, const std::string& output) {
  std::string nodes;
  for (int i = 1; i < 10; ++i) nodes += fmt::format("{}{},0,-50,0,0,0", i > 1 ? "," : "", 4.0 * i);
  return ScenarioXml(
      fmt::format(R"(<Lib LibName="base" SimObject="Cable/Cable" Name="C" NumElements="10"
 Length="50" Diameter="0.1" MassPerLength="150" EA="1e7" Can="0" DampingRatio="0" Cdn="0"
 Cdt="0" {}/>)",
                  brk),
      R"(<Connection C.PositionA="0,0,-50" C.PositionB="40,0,-50"/>)",
      fmt::format(R"(<InitialCondition C.Nodes="{}"/>)", nodes),
      // As in cable_energy_test.cpp: the integration error of each term stays far below the
      // 1e-6 of the energy exchanged that the balance is held to.
      fmt::format(R"(<Engine Integrator="cvode-bdf" AbsTol="1e-10" RelTol="1e-10" )"
                  R"(TOutput="{}" LogStates="1" FileOutput="objects:all"/>)",
                  output));
}

// A 20 m line of N = 8 segments (l0 = 2.5 m, 20 kg/m, diameter 0.1 m, EA 1e7 N) between ends 10 m
// apart at z = 0, (0, 0, 0) and (10, 0, 0), in water and gravity, settled (Settle="1") with
// `brk` in the cable's <Lib>.
inline SettledConfig SettleHangingLine(const std::string& brk) {
  return SettleScenario(LoadScenarioFromString(
      ScenarioXml(
          fmt::format(R"(<Lib LibName="base" SimObject="Cable/Cable" Name="C" NumElements="8"
 Length="20" Diameter="0.1" MassPerLength="20" EA="1e7" {}/>)",
                      brk),
          R"(<Connection C.PositionA="0,0,0" C.PositionB="10,0,0"/>)", "<InitialCondition/>",
          R"(<Engine Settle="1" TOutput="0, 1, 1" FileOutput="objects:all"/>)"),
      "t.xml"));
}

// The largest drift of the line C's energy KE + PE + dissipated + released from its start value,
// and the largest potential energy exchanged |PE - PE(0)|, over a run's rows [J].
struct EnergyBalance {
  double drift = 0.0, exchanged = 0.0;
};
inline EnergyBalance LineEnergyBalance(const MemorySink& sink) {
  const auto ke = sink.Column("C.KineticEnergy"), pe = sink.Column("C.PotentialEnergy"),
             ed = sink.Column("C:DissipatedEnergy"), er = sink.Column("C.ReleasedEnergy");
  const double e0 = ke[0] + pe[0] + ed[0] + er[0];
  EnergyBalance b;
  for (size_t r = 0; r < ke.size(); ++r) {
    b.drift = std::max(b.drift, std::abs(ke[r] + pe[r] + ed[r] + er[r] - e0));
    b.exchanged = std::max(b.exchanged, std::abs(pe[r] - pe[0]));
  }
  return b;
}

}  // namespace hawser::test
