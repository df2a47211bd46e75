// The reference mooring line of the cable benchmark and tests (here, not in tests/, because no
// benchmark or tool includes a test header: tools/check-includes): seabed at z = -100 m, anchor
// (-470, 0, -100), fairlead (0, 0, -10), 500 m, d = 0.1 m, 150 kg/m in air, EA = 6e8 N, water
// 1025 kg/m^3, g = 9.81, no current. The anchor is a Src/Constant; a connection literal
// "-470,0,-100" would do as well (each element is an expression: (-470, 0, -100)).
#pragma once

#include <fmt/format.h>

#include <numbers>
#include <string>

namespace hawser::test {

/// Weight in water per length of the reference line [N/m].
inline const double kRefWeight = (150.0 - 1025.0 * std::numbers::pi * 0.01 / 4.0) * 9.81;

/// The reference line with N segments. `engine_extra` adds Engine attributes; `motion` makes
/// the fairlead move x = 5 sin(2 pi t / 10) for `end_time` s (outputs every 0.1 s); `logged` is
/// the Engine's FileOutput (benchmarks log only what they read, as their peer does).
inline std::string ReferenceLineXml(int n, const std::string& engine_extra,
                                    const std::string& integrator, bool settle, double end_time,
                                    bool motion = false,
                                    const std::string& logged = "objects:all") {
  const std::string fairlead =
      motion ? R"(<Lib LibName="base" SimObject="Src/Sine" Name="X" Amplitude="5" PeriodS="10"/>
<Lib LibName="base" SimObject="Src/Sine" Name="U" Amplitude="3.14159265358979" PeriodS="10" PhaseRad="1.5707963267948966"/>
<Lib LibName="base" SimObject="Signal/Mux" Name="P" NumInput="2" InPortWidth2="2"/>
<Lib LibName="base" SimObject="Signal/Mux" Name="V" NumInput="2" InPortWidth2="2"/>)"
             : "";
  const std::string wiring =
      motion
          ? R"(<Connection P.In1="X.Out" P.In2="0,-10" V.In1="U.Out" V.In2="0,0" L1.PositionB="P.Out" L1.VelocityB="V.Out"/>)"
          : R"(<Connection L1.PositionB="0,0,-10"/>)";
  return fmt::format(
      R"(<Contents><OBJECTS>
<Lib LibName="base" SimObject="Cable/Cable" Name="L1" NumElements="{}" Length="500" Diameter="0.1"
 MassPerLength="150" EA="6.0e8" WaterDensity="1025" Gravity="9.81" SeabedDepth="-100"/>
<Lib LibName="base" SimObject="Src/Constant" Name="Anchor" Value="-470,0,-100"/>
{}
</OBJECTS><INTERCONNECTIONS>
<Connection L1.PositionA="Anchor.Out"/>{}
</INTERCONNECTIONS><INITIALIZATION><InitialCondition/></INITIALIZATION>
<INTEGRATION><Engine Integrator="{}" TOutput="0, 0.1, {}" Settle="{}" FileOutput="{}" {}/>
</INTEGRATION></Contents>
)",
      n, fairlead, wiring, integrator, end_time, settle ? 1 : 0, logged, engine_extra);
}

}  // namespace hawser::test
