// An in-line buoy that pierces the surface (Cable/Line Points with a HEIGHT), through the real
// program: a buoy on a vertical line from an anchor floats at the draft the statics of the lumped
// line give in closed form; a height without a volume exits 2 naming the point.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <numbers>
#include <string>
#include <vector>

#include "tests/tools/hawser/cli_support.h"
#include "tests/tools/hawser/csv_text.h"
#include "tests/tools/hawser/settled_line.h"

namespace hawser::testing {
namespace {

// A rope of 29.5 m (10 segments) from an anchor at z = -30 up to a buoy of 500 kg, 2 m^3 and
// height 2 m (a vertical cylinder of 1 m^2), then one slack segment of 5 m to end B at (1, 0, 1),
// which carries no tension. Its Points attribute is on line 9.
std::string Scenario(const std::string& points) {
  return SettledLineScenario(
      {.line_types =
           "<LINETYPES>\n"
           R"(<LineType Name="rope" Diameter="0.05" MassPerLength="5" EA="1e6" MBL="1e6"/>)"
           "\n</LINETYPES>\n",
       .objects = R"(<Lib LibName="base" SimObject="Src/Constant" Name="Anchor" Value="0,0,-30"/>)"
                  "\n"
                  R"(<Lib LibName="base" SimObject="Src/Constant" Name="Top" Value="1,0,1"/>)"
                  "\n",
       .name = "L",
       .line = R"(Sections="rope 29.5 10; rope 5 1")"
               "\n     Points=\"" +
               points + R"(" WaterDensity="1025" Gravity="9.81")",
       .position_a = "Anchor.Out",
       .position_b = "Top.Out",
       .tolerance = "1e-7",
       .file_output = "object.L.NodePositions"});
}

TEST_CASE("Cable/Line: a buoy piercing the surface floats at the closed-form draft") {
  const std::string xml = WriteTempFile("surface_buoy.xml", Scenario("1 500 2 0 0 2"));
  const std::string out = WriteTempFile("surface_buoy.csv", "");
  const CommandResult r = RunHawser("run '" + xml + "' -o '" + out + "'");
  REQUIRE_MESSAGE(r.exit_code == 0, r.output);
  const std::vector<double> row = ParseCsv(ReadFile(out)).rows.front();  // Settled, t = 0.
  REQUIRE(row.size() == 1 + 3 * 12);
  const double x_buoy = row[1 + 3 * 10], z_buoy = row[1 + 3 * 10 + 2];
  // The statics of the lumped vertical line, derived here. Rope: weight in water w per length,
  // segments of l0 = 2.95 m, EA. The buoy's node carries half of each neighbouring segment's
  // weight, the buoy's weight m g and its buoyancy rho g A s, s = h / 2 - z (partly submerged):
  // the top segment's tension is T_0 = rho g A (h / 2 - z) - m g - w (l0 + 5) / 2, and each
  // segment below carries w l0 less (T_k = T_0 - k w l0). The buoy sits at the anchor's height
  // plus the stretched lengths: z = -30 + sum_k l0 (1 + T_k / EA), linear in z:
  //   z (1 + 10 l0 rho g A / EA) = -0.5 + (l0 / EA) (10 c - 45 w l0),
  //   c = rho g A h / 2 - m g - w (l0 + 5) / 2.
  const double rho_g = 1025.0 * 9.81, area = 1.0, h = 2.0, m = 500.0, ea = 1e6, l0 = 2.95;
  const double w = (5.0 - 1025.0 * std::numbers::pi * 0.05 * 0.05 / 4.0) * 9.81;
  const double c = rho_g * area * h / 2.0 - m * 9.81 - w * (l0 + 5.0) / 2.0;
  const double z =
      (-0.5 + l0 / ea * (10.0 * c - 45.0 * w * l0)) / (1.0 + 10.0 * l0 * rho_g * area / ea);
  MESSAGE("closed form z = ", z, " m (draft ", h / 2.0 - z, " m); settled ", z_buoy);
  REQUIRE(std::abs(z) < h / 2.0);  // Partly submerged, as the closed form assumes.
  // 1 mm: Settle's residual at AbsTol = 1e-7 (the lumped model is the closed form's, exactly).
  // A buoy taken as fully submerged would float 0.21 m higher.
  CHECK(std::abs(z_buoy - z) < 1e-3);
  CHECK(std::abs(x_buoy) < 1e-3);  // Vertical above the anchor: the top segment is slack.
  std::remove(xml.c_str());
  std::remove(out.c_str());
}

TEST_CASE("Cable/Line: a surface-piercing buoy without a volume exits 2 naming the point") {
  const std::string xml = WriteTempFile("surface_buoy_bad.xml", Scenario("1 500 0 0 0 2"));
  const CommandResult r = RunHawser("validate '" + xml + "'");
  CHECK(r.exit_code == 2);
  CHECK_MESSAGE(r.output.find(xml + ":9: error:") != std::string::npos, r.output);
  CHECK(r.output.find("Points: point 1 height = 2 m with volume 0") != std::string::npos);
  std::remove(xml.c_str());
}

}  // namespace
}  // namespace hawser::testing
