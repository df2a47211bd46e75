// Bad wind, current-load and wave-drift input through the real program: exit 2 and one message
// "file:line: error: ..." naming the file's row or the parameter and the reason.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <string>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

/// A floater-less scenario: the loads' inputs from constants; `objects` on lines 4 onwards.
std::string Scenario(const std::string& objects) {
  return fmt::format(R"(<Contents>
<OBJECTS>
<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Waves="regular" WaveHeight="2" WavePeriod="10"/>
{}
<Lib LibName="base" SimObject="Src/Constant" Name="Zero" Value="0,0,0"/>
</OBJECTS>
<INTERCONNECTIONS><Connection L.Pos="Zero.Out" L.RollPitchYaw="Zero.Out"/></INTERCONNECTIONS>
<INITIALIZATION><InitialCondition/></INITIALIZATION>
<INTEGRATION><Engine Integrator="rk4" stepsize="0.1" TOutput="0, 1, 2"/></INTEGRATION>
</Contents>
)",
                     objects);
}

CommandResult Validate(const std::string& name, const std::string& objects) {
  return RunHawser("validate '" + WriteTempFile(name, Scenario(objects)) + "'");
}

TEST_CASE("a WAMIT .8 drift file with a wrong column count: exit 2 at its line") {
  const std::string drift = WriteTempFile("bad.8", "10 0 0 1 0.5 0 0.5 0\n10 90 90 1 0.5 0\n");
  const CommandResult r = Validate(
      "bad_drift.xml",
      fmt::format(R"(<Lib LibName="base" SimObject="Force/WaveDrift" Name="L" DriftFile="{}"/>)",
                  drift));
  CHECK(r.exit_code == 2);
  CHECK(r.output.find(drift + ":2: error: WAMIT drift row has 6 values; expected 8") !=
        std::string::npos);
}

TEST_CASE("a drift CSV missing a heading at one frequency: exit 2 at DriftFile's line") {
  const std::string drift = WriteTempFile(
      "gap.csv", "0.5, 0, 1, 0, 0, 0, 0, 0\n1.0, 0, 1, 0, 0, 0, 0, 0\n0.5, 90, 1, 0, 0, 0, 0, 0\n");
  const CommandResult r = Validate(
      "gap_drift.xml",
      fmt::format(R"(<Lib LibName="base" SimObject="Force/WaveDrift" Name="L" DriftFile="{}"/>)",
                  drift));
  CHECK(r.exit_code == 2);
  CHECK(r.output.find(":4: error: L (Force/WaveDrift): drift file") != std::string::npos);
  CHECK(r.output.find("no row for frequency 1 rad/s at heading 90 deg") != std::string::npos);
}

TEST_CASE("a wind load without coefficients, a log profile with z0 above z_r: exit 2") {
  const CommandResult none =
      Validate("no_coefficients.xml",
               R"(<Lib LibName="base" SimObject="Environment/Wind" Name="W" Speed="10"/>
<Lib LibName="base" SimObject="Force/WindLoad" Name="L"/>)");
  CHECK(none.exit_code == 2);
  CHECK(none.output.find(":5: error: L (Force/WindLoad): no coefficients; expected "
                         "CoefficientFile or Areas") != std::string::npos);
  const CommandResult log = Validate(
      "log_profile.xml",
      R"(<Lib LibName="base" SimObject="Environment/Wind" Name="W" Speed="10" Profile="log" Roughness="20"/>
<Lib LibName="base" SimObject="Force/WindLoad" Name="L" Areas="1,1"/>)");
  CHECK(log.exit_code == 2);
  CHECK(log.output.find(":4: error: W (Environment/Wind): Roughness 20 m is not below "
                        "ReferenceHeight 10 m") != std::string::npos);
  const CommandResult band = Validate(
      "gust_band.xml",
      R"(<Lib LibName="base" SimObject="Environment/Wind" Name="W" Speed="10" Gust="kaimal" FrequencyMin="0.5" FrequencyMax="0.1"/>
<Lib LibName="base" SimObject="Force/WindLoad" Name="L" Areas="1,1"/>)");
  CHECK(band.exit_code == 2);
  CHECK(band.output.find(":4: error: W (Environment/Wind): gust: FrequencyMin 0.5 Hz is not "
                         "below FrequencyMax 0.1 Hz") != std::string::npos);
}

TEST_CASE("FrequencyUnit with a WAMIT drift file is a warning at its line, and it runs") {
  const std::string drift = WriteTempFile("good.8", "10 0 0 1 0.5 0 0.5 0\n");
  const CommandResult r = Validate(
      "unread_unit.xml",
      fmt::format(R"(<Lib LibName="base" SimObject="Force/WaveDrift" Name="L" DriftFile="{}"
     FrequencyUnit="Hz"/>)",
                  drift));
  CHECK(r.exit_code == 0);
  CHECK(r.output.find(":5: warning: L (Force/WaveDrift): FrequencyUnit is ignored with a "
                      "WAMIT-format DriftFile") != std::string::npos);
}

}  // namespace
}  // namespace hawser::testing
