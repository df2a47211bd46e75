// Scenarios and helpers shared by view_test.cpp and view_vtk_test.cpp (`hawser view`, `hawser
// vtk`): small runs of mooring lines that take well under a second.
#pragma once

#include <string>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {

/// A line from an anchor on a 100 m seabed (200, 0, -100) to a fairlead that surges
/// 30 sin(2 pi t / 20) m about (0, 0, -10), in a 0.5 m/s current; 21 output times over 10 s.
/// `extra_objects` and `extra_connections` add to it; `output` is its FileOutput.
inline std::string MooredLineScenario(
    const std::string& extra_objects = "", const std::string& extra_connections = "",
    const std::string& initial = "",
    const std::string& output = "object.Moored.NodePositions,object.Moored.Tension",
    const std::string& step = "0.5") {
  return R"(<Contents><OBJECTS>
<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Depth="100"
     CurrentProfile="uniform" CurrentSpeed="0.5" CurrentDirection="0"/>
<Lib LibName="base" SimObject="Src/Sine" Name="Surge" Amplitude="30" PeriodS="20"/>
<Lib LibName="base" SimObject="Src/Sine" Name="SurgeVel" Amplitude="9.42477796076938"
     PeriodS="20" PhaseRad="1.5707963267948966"/>
<Lib LibName="base" SimObject="Signal/Mux" Name="Offset" NumInput="2" InPortWidth2="2"/>
<Lib LibName="base" SimObject="Signal/Mux" Name="OffsetVel" NumInput="2" InPortWidth2="2"/>
<Lib LibName="base" SimObject="Src/Constant" Name="Fair" Value="0,0,-10"/>
<Lib LibName="base" SimObject="Src/Constant" Name="Anchor" Value="200,0,-100"/>
<Lib LibName="base" SimObject="Cable/Cable" Name="Moored" NumElements="10" Length="250"
     Diameter="0.1" MassPerLength="150" EA="6.0e8"/>
)" + extra_objects +
         R"(</OBJECTS><INTERCONNECTIONS>
<Connection Offset.In1="Surge.Out" Offset.In2="0,0" OffsetVel.In1="SurgeVel.Out"
            OffsetVel.In2="0,0"/>
<Connection Moored.PositionA="Anchor.Out" Moored.PositionB="Offset.Out + Fair.Out"
            Moored.VelocityB="OffsetVel.Out"/>
)" + extra_connections +
         R"(</INTERCONNECTIONS>
<INITIALIZATION><InitialCondition )" +
         initial + R"(/></INITIALIZATION>
<INTEGRATION><Engine Integrator="cvode-bdf" TOutput="0, )" +
         step + R"(, 10" AbsTol="1e-4" RelTol="1e-4" FileOutput=")" + output +
         R"("/></INTEGRATION></Contents>
)";
}

/// A broken line beside an intact one: a second line from an anchor at (-200, 0, -100) to the
/// same fairlead that breaks at t = 1 s at its fairlead (BreakTime, BreakSegment 9 of 10: end B
/// is the fairlead), so that its lower part falls away from the fairlead towards the seabed.
inline std::string BrokenLineScenario() {
  return MooredLineScenario(
      R"(<Lib LibName="base" SimObject="Src/Constant" Name="Anchor2" Value="-200,0,-100"/>
<Lib LibName="base" SimObject="Cable/Cable" Name="Broken" NumElements="10" Length="250"
     Diameter="0.1" MassPerLength="150" EA="6.0e8" BreakTime="1" BreakSegment="9"/>
)",
      R"(<Connection Broken.PositionA="Anchor2.Out" Broken.PositionB="Offset.Out + Fair.Out"
            Broken.VelocityB="OffsetVel.Out"/>
)",
      "",
      "object.Moored.NodePositions,object.Moored.Tension,object.Broken.NodePositions,"
      "object.Broken.Tension");
}

/// The folder WriteTempFile writes into.
std::string TempDir();

/// Runs a scenario text into `name` (.h5 or .csv) in TempDir(); returns its path. REQUIREs exit 0.
std::string RunScenario(const std::string& scenario_text, const std::string& name,
                        const std::string& extra_args = "");

/// `path` in single quotes for the shell.
inline std::string Quote(const std::string& path) { return "'" + path + "'"; }

}  // namespace hawser::testing
