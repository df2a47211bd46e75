// Cable/Line's starting shape through the real program: the multi-section elastic catenary
// (simobjects/cable/multi_catenary.h), so the start's segment tensions are already the settled
// line's to within the discretisation, and the lazy wave settles in a tenth of the iterations it
// took from the equivalent uniform line's catenary.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

const std::string kConfigs = HAWSER_SOURCE_DIR "/configs";

/// The values of `port`'s line in `hawser eval`'s table ("L1.Tension = a, b, ... [N]").
std::vector<double> EvalValues(const std::string& output, const std::string& port) {
  const size_t at = output.find(port + " ");
  REQUIRE_MESSAGE(at != std::string::npos, port, " not in ", output);
  std::istringstream line(
      output.substr(output.find('=', at) + 1, output.find('[', at) - output.find('=', at) - 1));
  std::vector<double> values;
  for (std::string cell; std::getline(line, cell, ',');) values.push_back(std::stod(cell));
  return values;
}

/// The start (Settle off) against the settled state of `object` in `config`: every segment's
/// tension but the last within `tolerance` of the settled one. The last segment takes what the
/// chords placed on the curve leave (docs/cables-and-mooring.md, "Start and Settle").
void CheckStartNearSettled(const std::string& config, const std::string& object, double tolerance) {
  const CommandResult start =
      RunHawser(fmt::format("eval '{}' --set Engine.Settle=0", config), kConfigs);
  REQUIRE_MESSAGE(start.exit_code == 0, start.output);
  CHECK_MESSAGE(start.output.find("Cable " + object +
                                  ": initial shape: multi-section elastic catenary with") !=
                    std::string::npos,
                start.output);
  const CommandResult settled = RunHawser(fmt::format("eval '{}'", config), kConfigs);
  REQUIRE_MESSAGE(settled.exit_code == 0, settled.output);
  const std::vector<double> t0 = EvalValues(start.output, object + ".Tension");
  const std::vector<double> t1 = EvalValues(settled.output, object + ".Tension");
  REQUIRE(t0.size() == t1.size());
  double worst = 0.0;
  for (size_t i = 0; i + 1 < t0.size(); ++i) worst = std::max(worst, std::abs(t0[i] / t1[i] - 1.0));
  MESSAGE(config, ": largest tension difference start/settled ", worst);
  CHECK(worst <= tolerance);
}

/// Settle's iteration count in `hawser run`'s report.
int SettleIterations(const std::string& config) {
  const std::string out = WriteTempFile("cable_line_start_run.csv", "");
  const CommandResult r = RunHawser(fmt::format("run '{}' -o '{}'", config, out), kConfigs);
  std::remove(out.c_str());
  REQUIRE_MESSAGE(r.exit_code == 0, r.output);
  std::smatch m;
  const std::regex report(R"(settled to static equilibrium in (\d+) iterations)");
  REQUIRE_MESSAGE(std::regex_search(r.output, m, report), r.output);
  return std::stoi(m[1]);
}

TEST_CASE("Cable/Line starts on the multi-section catenary: chain-polyester-chain, clump") {
  // 0.1 %: the start lies on the continuous catenary, the settled line is the lumped one, 0.1 %
  // from it at 65 segments (cable_line_test.cpp). The equivalent uniform line's start was
  // 30 % off (H 138 kN against 194 kN).
  CheckStartNearSettled("cable_chain_polyester_chain.xml", "L1", 1e-3);
}

TEST_CASE("Cable/Line starts on the multi-section catenary: the lazy wave's buoyancy section") {
  // 1 %: as above, at 55 segments of 5 to 10 m of a light cable (10 to 30 kN) whose tension
  // varies by a factor 2 along it (0.47 % measured).
  CheckStartNearSettled("cable_lazy_wave.xml", "Cable", 1e-2);
  // From the equivalent uniform line's catenary Settle took 239 iterations; from this start 24.
  CHECK(SettleIterations("cable_lazy_wave.xml") < 60);
}

TEST_CASE("Cable/Line starts on the multi-section catenary: a rope's tension-strain table") {
  // The polyester of the line above given by a table (strain:tension); its start takes the
  // table's secant stiffness at the section's tension (docs/cables-and-mooring.md).
  const std::string xml = WriteTempFile("cable_line_start_table.xml", R"(<Contents>
<LINETYPES>
<LineType Name="chain" Diameter="0.1368" MassPerLength="115.52" EA="4.944e8" MBL="6e6"/>
<LineType Name="poly" Diameter="0.12664" MassPerLength="17.382" EA="1.1e8" MBL="7.8e6"
          TensionStrain="0.005:2e5 0.01:6e5 0.02:1.6e6"/>
</LINETYPES>
<OBJECTS>
<Lib LibName="base" SimObject="Src/Constant" Name="Anchor" Value="-620,0,-150"/>
<Lib LibName="base" SimObject="Src/Constant" Name="Fairlead" Value="0,0,-10"/>
<Lib LibName="base" SimObject="Cable/Line" Name="L1" SeabedDepth="-150"
     Sections="chain 250 25; poly 300 30; chain 100 10"/>
</OBJECTS>
<INTERCONNECTIONS>
<Connection L1.PositionA="Anchor.Out" L1.PositionB="Fairlead.Out"/>
</INTERCONNECTIONS>
<INITIALIZATION><InitialCondition/></INITIALIZATION>
<INTEGRATION>
<Engine Integrator="cvode-bdf" Settle="1" TOutput="0, 1, 1" AbsTol="1e-5" RelTol="1e-5"/>
</INTEGRATION>
</Contents>
)");
  // 0.1 %: as for the line with EA (0.07 % measured): the secant is the table's exact strain
  // at the mid-section tension, and the tension varies by 2 % along the polyester.
  CheckStartNearSettled(xml, "L1", 1e-3);
  std::remove(xml.c_str());
}

}  // namespace
}  // namespace hawser::testing
