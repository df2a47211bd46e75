// Cable/Point, a point joining several lines (docs/cables-and-mooring.md, "Points joining
// lines"), through the real program: a symmetric Y-bridle settles onto its hand-solved statics,
// a shared anchor carries the closed-form load, a bridle of heavy chain settles from the
// catenary start with its point in force balance, and bad points exit 2 naming the parameter.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/tools/hawser/cli_support.h"
#include "tests/tools/hawser/csv_text.h"
#include "tests/tools/hawser/refused_scenario.h"

namespace hawser::testing {
namespace {

// A scenario of `objects` (<Lib> lines from line 3) and `connections` (<Connection> lines), each
// line ending in a newline, settled (Settle="1") by CVODE BDF at 1e-8 with outputs at 0 and 1 s
// of `file_output`.
std::string SettledScenario(const std::string& objects, const std::string& connections,
                            const std::string& file_output) {
  return "<Contents>\n<OBJECTS>\n" + objects + "</OBJECTS>\n<INTERCONNECTIONS>\n" + connections +
         "</INTERCONNECTIONS>\n<INITIALIZATION/>\n<INTEGRATION>\n"
         R"(<Engine Integrator="cvode-bdf" Settle="1" TOutput="0, 1, 1" AbsTol="1e-8" RelTol="1e-8")"
         "\n        FileOutput=\"" +
         file_output + "\"/>\n</INTEGRATION>\n</Contents>\n";
}

// Fairleads at (+-20, 0, 0), an anchor at (0, 0, -100); two upper legs of 26 m and a lower leg
// of 81 m, EA 2e8 N, weightless (the lines' Gravity 0: straight, uniform tension), meet at the
// point P of 2e4 kg and 4 m^3 (Cable/Point on line 6). `lower` is the lower leg's end at P.
std::string Bridle(const std::string& point) {
  return SettledScenario(
      R"(<Lib LibName="base" SimObject="Src/Constant" Name="FairL" Value="-20,0,0"/>
<Lib LibName="base" SimObject="Src/Constant" Name="FairR" Value="20,0,0"/>
<Lib LibName="base" SimObject="Src/Constant" Name="Anchor" Value="0,0,-100"/>
)" + point +
          R"(
<Lib LibName="base" SimObject="Cable/Cable" Name="UL" NumElements="10" Length="26" Diameter="0.1"
     MassPerLength="20" EA="2e8" Gravity="0"/>
<Lib LibName="base" SimObject="Cable/Cable" Name="UR" NumElements="10" Length="26" Diameter="0.1"
     MassPerLength="20" EA="2e8" Gravity="0"/>
<Lib LibName="base" SimObject="Cable/Cable" Name="LO" NumElements="20" Length="81" Diameter="0.1"
     MassPerLength="20" EA="2e8" Gravity="0"/>
)",
      R"(<Connection UL.PositionA="FairL.Out" UL.PositionB="P.Pos" UL.VelocityB="P.Vel"/>
<Connection UR.PositionA="FairR.Out" UR.PositionB="P.Pos" UR.VelocityB="P.Vel"/>
<Connection LO.PositionA="P.Pos" LO.VelocityA="P.Vel" LO.PositionB="Anchor.Out"/>
<Connection P.Force="UL.ForceB + UR.ForceB + LO.ForceA"/>
)",
      "object.P.Pos,object.UL.TensionB,object.UR.TensionB,object.LO.TensionA");
}

const char* kPoint =
    R"(<Lib LibName="base" SimObject="Cable/Point" Name="P" Position="0,0,-20" Mass="2e4" )"
    R"(Volume="4"/>)";

}  // namespace

TEST_CASE("Cable/Point: a Y-bridle of weightless legs settles onto its hand-solved statics") {
  const CsvRun run = RunToCsv("point_bridle", Bridle(kPoint));
  CHECK(run.output.find("Settle: settled to static equilibrium") != std::string::npos);
  const Csv& csv = run.csv;
  // The statics, solved here: P at (0, 0, z) by symmetry. Upper legs of length
  // l1 = sqrt(20^2 + z^2), tension T1 = EA (l1 / 26 - 1), pulling P up by T1 (-z) / l1 each;
  // the lower leg l2 = z + 100, T2 = EA (l2 / 81 - 1), pulling down; the point's weight in water
  // W = (m - rho V) g. Balance f(z) = 2 T1 (-z) / l1 - T2 - W = 0, by bisection (f falls with z).
  const double ea = 2e8, weight = (2e4 - 1025.0 * 4.0) * 9.81;
  auto t1 = [&](double z) { return ea * (std::hypot(20.0, z) / 26.0 - 1.0); };
  auto t2 = [&](double z) { return ea * ((z + 100.0) / 81.0 - 1.0); };
  auto f = [&](double z) { return 2.0 * t1(z) * (-z) / std::hypot(20.0, z) - t2(z) - weight; };
  double lo = -30.0, hi = -10.0;
  REQUIRE(f(lo) > 0.0);
  REQUIRE(f(hi) < 0.0);
  for (int i = 0; i < 200; ++i) (f(0.5 * (lo + hi)) > 0.0 ? lo : hi) = 0.5 * (lo + hi);
  const double z = 0.5 * (lo + hi);
  // Legs of weightless straight segments are the continuous legs exactly, so the settled state
  // differs only by Settle's residual (RelTol 1e-8): 1e-6 m on z, 1e-6 relative on tensions.
  CHECK(std::abs(csv.Column("P.Pos[0]")[0]) < 1e-6);
  CHECK(std::abs(csv.Column("P.Pos[1]")[0]) < 1e-6);
  CHECK(csv.Column("P.Pos[2]")[0] == doctest::Approx(z).epsilon(1e-7));
  CHECK(csv.Column("UL.TensionB")[0] == doctest::Approx(t1(z)).epsilon(1e-6));
  CHECK(csv.Column("UR.TensionB")[0] == doctest::Approx(t1(z)).epsilon(1e-6));
  CHECK(csv.Column("LO.TensionA")[0] == doctest::Approx(t2(z)).epsilon(1e-6));
  // And it stays there for the second that follows (a rest state, not a passing one).
  CHECK(csv.Column("P.Pos[2]")[1] == doctest::Approx(z).epsilon(1e-6));
}

TEST_CASE("Cable/Point: a fixed point shared by two lines carries the closed-form anchor load") {
  // Two weightless lines of 55 m, EA 1e7 N, from a fixed point at (0, 0, -50) to fairleads at
  // (+-30, 0, 0): each of length l = sqrt(30^2 + 50^2), tension T = EA (l / 55 - 1) along it,
  // so the load on the anchor is (0, 0, 2 T 50 / l).
  const std::string scenario = SettledScenario(
      R"(<Lib LibName="base" SimObject="Src/Constant" Name="F1" Value="-30,0,0"/>
<Lib LibName="base" SimObject="Src/Constant" Name="F2" Value="30,0,0"/>
<Lib LibName="base" SimObject="Cable/Point" Name="A" Position="0,0,-50" Fixed="1"/>
<Lib LibName="base" SimObject="Cable/Cable" Name="L1" NumElements="8" Length="55" Diameter="0.1"
     MassPerLength="20" EA="1e7" Gravity="0"/>
<Lib LibName="base" SimObject="Cable/Cable" Name="L2" NumElements="8" Length="55" Diameter="0.1"
     MassPerLength="20" EA="1e7" Gravity="0"/>
)",
      R"(<Connection L1.PositionA="A.Pos" L1.PositionB="F1.Out"/>
<Connection L2.PositionA="A.Pos" L2.PositionB="F2.Out"/>
<Connection A.Force="L1.ForceA + L2.ForceA"/>
)",
      "object.A.Load,object.A.Vel");
  const CsvRun run = RunToCsv("point_anchor", scenario);
  const Csv& csv = run.csv;
  const double l = std::hypot(30.0, 50.0), t = 1e7 * (l / 55.0 - 1.0);
  // Straight uniform lines: exact up to Settle's residual (1e-6 relative, 1e-3 N across).
  for (size_t row = 0; row < 2; ++row) {
    CHECK(std::abs(csv.Column("A.Load[0]")[row]) < 1e-3);
    CHECK(std::abs(csv.Column("A.Load[1]")[row]) < 1e-3);
    CHECK(csv.Column("A.Load[2]")[row] == doctest::Approx(2.0 * t * 50.0 / l).epsilon(1e-6));
    CHECK(csv.Column("A.Vel[2]")[row] == 0.0);
  }
}

TEST_CASE("configs/cable_bridle.xml: heavy legs settle from the catenary start, point balanced") {
  // The bridle's point is in equilibrium when the three lines' end forces on it and its weight
  // in water (m - rho V) g = (2000 - 1025 * 0.25) 9.81 N add to zero; the output row at t = 0 is
  // the settled state. By the symmetry of the fairleads it stays in the plane y = 0.
  // The config as it is, but for the outputs this check reads.
  std::string config = ReadFile(HAWSER_SOURCE_DIR "/configs/cable_bridle.xml");
  const size_t from = config.find("FileOutput=\"");
  REQUIRE(from != std::string::npos);
  config.replace(from, config.find('"', from + 12) + 1 - from,
                 "FileOutput=\"object.Bridle.Pos,object.Leg1.ForceB,object.Leg2.ForceB,"
                 "object.Main.ForceB,object.Anchor.Load,object.Main.ForceA,object.Second.ForceA\"");
  const CsvRun run = RunToCsv("cable_bridle", config);
  for (const char* shape : {"Cable Leg1: initial shape: elastic catenary",
                            "Cable Main: initial shape: elastic catenary with",
                            "Settle: settled to static equilibrium"}) {
    CHECK_MESSAGE(run.output.find(shape) != std::string::npos, run.output);
  }
  const Csv& csv = run.csv;
  const double weight = (2000.0 - 1025.0 * 0.25) * 9.81;
  const char* const kAxes[] = {"[0]", "[1]", "[2]"};
  for (int k = 0; k < 3; ++k) {
    const std::string c = kAxes[k];
    const double sum = csv.Column("Leg1.ForceB" + c)[0] + csv.Column("Leg2.ForceB" + c)[0] +
                       csv.Column("Main.ForceB" + c)[0] - (k == 2 ? weight : 0.0);
    // Settle's residual is an acceleration 1e-5-ish on a 2 t point: a few N out of ~1e5 N.
    CHECK_MESSAGE(std::abs(sum) < 10.0, "component " << k << ": " << sum);
    // The shared anchor's load is the sum of the two lines' forces on it.
    CHECK(csv.Column("Anchor.Load" + c)[0] ==
          doctest::Approx(csv.Column("Main.ForceA" + c)[0] + csv.Column("Second.ForceA" + c)[0]));
  }
  CHECK(std::abs(csv.Column("Bridle.Pos[1]")[0]) < 1e-6);
}

TEST_CASE("Cable/Point: in an ocean a density of its own that differs exits 2 naming it") {
  // The Y-bridle in an Environment/Ocean (line 6, before P): the point must take the ocean's
  // density, as a line or a buoy does.
  const std::string ocean =
      R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Depth="200"/>)";
  const std::string point =
      R"(<Lib LibName="base" SimObject="Cable/Point" Name="P" Position="0,0,-20" Mass="2e4" )"
      R"(WaterDensity="1000"/>)";
  const std::string xml = WriteTempFile("point_ocean.xml", Bridle(ocean + "\n" + point));
  const std::string out = xml + ".csv";
  const CommandResult r = RunHawser("run '" + xml + "' -q -o '" + out + "'");
  CHECK(r.exit_code == 2);
  CHECK_MESSAGE(r.output.find(xml + ":7: error: P (Cable/Point): WaterDensity = 1000 differs "
                                    "from the ocean's 1025") != std::string::npos,
                r.output);
  for (const std::string& f_name : {xml, out}) std::filesystem::remove(f_name);
}

TEST_CASE("Cable/Point: bad points exit 2 naming the file, line and parameter") {
  struct Case {
    std::string point, message;
  };
  const Case cases[] = {
      {R"(<Lib LibName="base" SimObject="Cable/Point" Name="P" Position="0,0,-20" Mass="-1"/>)",
       ":6: error: P: parameter 'Mass' = '-1' is invalid; expected a value >= 0"},
      {R"(<Lib LibName="base" SimObject="Cable/Point" Name="P" Position="0,0,-20" Mass="1" )"
       R"(Volume="-4"/>)",
       ":6: error: P: parameter 'Volume' = '-4' is invalid; expected a value >= 0"},
      {R"(<Lib LibName="base" SimObject="Cable/Point" Name="P" Position="0,0,-20" Mass="0"/>)",
       ":6: error: P: Mass = 0 with no added mass"},
      {R"(<Lib LibName="base" SimObject="Cable/Point" Name="P" Mass="5"/>)",
       "missing required parameter 'Position'"},
      {R"(<Lib LibName="base" SimObject="Cable/Point" Name="Q" Position="0,0,-20" Mass="5"/>)",
       ":15: error: unknown object 'P'; did you mean 'Q'?"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.point);
    const Refusal r = ValidateRefuses("point_bad.xml", Bridle(c.point));
    CHECK_MESSAGE(r.output.find(c.message) != std::string::npos, r.output);
  }
}

}  // namespace hawser::testing
