// The taut line of the line-failure tests (cable_break_test.cpp, cable_end_break_test.cpp).
#pragma once

#include <fmt/format.h>

#include <string>

#include "tests/simobjects/scenario_test_util.h"

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

}  // namespace hawser::test
