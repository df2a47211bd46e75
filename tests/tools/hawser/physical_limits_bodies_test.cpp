// Physically impossible starts and bodies, through the real program: objects below
// the seabed, a line whose seabed is not the ocean's, a line strained far beyond any material at
// the start, a floating body's matrices that no real body in water has, and a zero quaternion
// arriving on an input. The limits are in docs/ocean-and-bodies.md, "Limits".
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <string>

#include "tests/tools/hawser/physical_limits_support.h"

namespace hawser::testing {
namespace {

constexpr const char* kOcean =
    R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Depth="100"/>)";

// A 300 m line from `anchor` to a buoy at (0, 0, 0); `line` adds attributes to the line's <Lib>
// (on its own line).
std::string Moored(const std::string& anchor, const std::string& line = "",
                   const std::string& buoy_z = "0") {
  return LimitsScenario(
      fmt::format("{}\n<Lib LibName=\"base\" SimObject=\"Body/Buoy\" Name=\"Buoy\" Mass=\"2e4\" "
                  "Diameter=\"5\"/>\n<Lib LibName=\"base\" SimObject=\"Cable/Cable\" Name=\"L\" "
                  "NumElements=\"10\" Length=\"300\" Diameter=\"0.08\" MassPerLength=\"60\" "
                  "EA=\"3e8\"\n     {} />",
                  kOcean, line),
      fmt::format(R"(<Connection L.PositionA="{}" L.PositionB="Buoy.Pos" Buoy.Force="L.ForceB"/>)",
                  anchor),
      fmt::format(R"(<InitialCondition Buoy.Pos="0,0,{}"/>)", buoy_z));
}

TEST_CASE("a probe, a buoy or a cable end below the seabed is refused, an anchor on it is not") {
  // The anchor on the seabed (z = -Depth exactly) and 5 mm below it (within the 1 cm tolerance).
  CheckAccepted("anchor_on_seabed", Moored("-260,0,-100"));
  CheckAccepted("anchor_within_tolerance", Moored("-260,0,-100.005"));
  CheckDiagnosed("cable_end", Moored("-260,0,-300"), "Name=\"L\"", "error", 2,
                 {"L (Cable/Cable): end A (input PositionA) starts at z = -300 m, 200 m below the "
                  "seabed at z = -100 m (the ocean's Depth 100 m); expected a point in the water "
                  "column, z >= -100 m (an anchor lies on the seabed), to within 0.01 m"});
  CheckDiagnosed("buoy", Moored("-260,0,-100", "", "-150"), "Name=\"Buoy\"", "error", 2,
                 {"Buoy (Body/Buoy): its centre (initial Pos) starts at z = -150 m, 50 m below "
                  "the seabed at z = -100 m"});
  const std::string probe =
      LimitsScenario(std::string(kOcean) +
                     "\n<Lib LibName=\"base\" SimObject=\"Environment/WaveProbe\" "
                     "Name=\"Probe\"\n     Position=\"0,0,-101\"/>");
  CheckDiagnosed("probe", probe, "Position=", "error", 2,
                 {"Probe (Environment/WaveProbe): the probe's Position starts at z = -101 m, 1 m "
                  "below the seabed at z = -100 m"});
}

TEST_CASE("an RAO vessel whose mean Position is below the seabed is refused") {
  const std::string xml = LimitsScenario(fmt::format(
      "{}\n<Lib LibName=\"base\" SimObject=\"Body/RAOVessel\" Name=\"V\" RAOFile=\"{}\"\n"
      "     Position=\"0,0,-120\"/>",
      kOcean, HAWSER_SOURCE_DIR "/configs/data/cylinder_displacement_raos.csv"));
  CheckDiagnosed("rao_vessel", xml, "Position=", "error", 2,
                 {"V (Body/RAOVessel): the vessel's mean Position starts at z = -120 m, 20 m "
                  "below the seabed at z = -100 m"});
}

TEST_CASE("seabed parameters of a line without a seabed are warnings") {
  // No ocean and no SeabedDepth: the line hangs in water without a bottom.
  const std::string xml = LimitsScenario(
      "<Lib LibName=\"base\" SimObject=\"Cable/Cable\" Name=\"L\" NumElements=\"10\" "
      "Length=\"100\" Diameter=\"0.08\" MassPerLength=\"60\" EA=\"3e8\"\n"
      "     SeabedFriction=\"0.5\"/>",
      R"(<Connection L.PositionA="0,0,-50" L.PositionB="80,0,0"/>)");
  CheckDiagnosed("no_seabed", xml, "SeabedFriction=", "warning", 0,
                 {"L (Cable/Cable): SeabedFriction is ignored: the line has no seabed (no "
                  "SeabedDepth, and no Environment/Ocean with a Depth)"});
}

TEST_CASE("a cable's SeabedDepth differing from the ocean's Depth is an error") {
  CheckDiagnosed("seabed_depth", Moored("-260,0,-90", "SeabedDepth=\"-90\""), "Name=\"L\"", "error",
                 2,
                 {"L (Cable/Cable): SeabedDepth = -90 differs from the ocean's seabed z = -Depth "
                  "= -100; expected no such parameter"});
  CheckAccepted("seabed_depth_same", Moored("-260,0,-100", "SeabedDepth=\"-100\""));
}

TEST_CASE("a line strained beyond 10 % at the start is a warning with strain and tension") {
  // 300 m of line between ends 1434 m apart: no catenary, the straight line, every segment at
  // 1434 / 300 - 1 = 378 % and EA x 3.78 = 1.13e9 N.
  CheckDiagnosed("strained", Moored("-1430.51,0,-100"), "Name=\"L\"", "warning", 0,
                 {"L (Cable/Cable): at the start segment ", " of 10 is strained 378 %",
                  "a tension of 1.13e+09 N (EA x strain)"});
}

// A freely floating box-like body: m = 1e6 kg, G 2 m down, C33 = rho g Awp for Awp = 400 m^2,
// GM 5 m both ways; `matrices` replaces or adds 6x6 parameters (on their own line).
std::string Floater(const std::string& matrices) {
  return LimitsScenario(fmt::format(
      "{}\n<Lib LibName=\"base\" SimObject=\"Body/FloatingBody\" Name=\"Hull\" Mass=\"1e6\" "
      "CentreOfGravity=\"0,0,-2\" Inertia=\"1e8,1e8,1.5e8\"\n     {} />",
      kOcean, matrices));
}

const char* kWaterplane = R"(WaterplaneArea="400" MetacentricHeight="5,5")";

std::string SixBySix(const std::string& name, const std::string& row0, const std::string& row2,
                     const std::string& row4) {
  return fmt::format(R"({}="{}; 0,1,0,0,0,0; {}; 0,0,0,1,0,0; {}; 0,0,0,0,0,1")", name, row0, row2,
                     row4);
}

TEST_CASE("FloatingBody: non-symmetric AddedMass, non-dissipative damping, negative C33") {
  CheckAccepted("floater_ok", Floater(kWaterplane));
  // A15 = -2e6 against A51 = 0: the pair is 100 % apart.
  CheckDiagnosed("added_mass",
                 Floater(std::string(kWaterplane) + " " +
                         SixBySix("AddedMass", "1e5,0,0,0,-2e6,0", "0,0,1,0,0,0", "0,0,0,0,1e7,0")),
                 "AddedMass=", "error", 2,
                 {"Hull: parameter 'AddedMass' = ",
                  "expected a symmetric matrix (A_ij = A_ji in potential flow), but entry (1,5) "
                  "is -2000000 and (5,1) is 0, more than 1 % apart"});
  // B = diag(-1e5, 1, 1, 1, 1, 1): surge damping that feeds the motion.
  CheckDiagnosed("linear_damping",
                 Floater(std::string(kWaterplane) + " " +
                         SixBySix("LinearDamping", "-1e5,0,0,0,0,0", "0,0,1,0,0,0", "0,0,0,0,1,0")),
                 "LinearDamping=", "error", 2,
                 {"expected a damping that takes power out: the symmetric part (B + B^T)/2 "
                  "positive semi-definite, but its smallest eigenvalue is -1e+05"});
  CheckDiagnosed(
      "quadratic_damping",
      Floater(std::string(kWaterplane) + " " +
              SixBySix("QuadraticDamping", "1,0,0,0,0,0", "0,0,-3,0,0,0", "0,0,0,0,1,0")),
      "QuadraticDamping=", "error", 2,
      {"expected no negative diagonal entry", "entry (3,3) is -3"});
  CheckDiagnosed("c33",
                 Floater("HydrostaticStiffness=\"0,0,0,0,0,0; 0,0,0,0,0,0; 0,0,-4e6,0,0,0; "
                         "0,0,0,1e8,0,0; 0,0,0,0,1e8,0; 0,0,0,0,0,0\""),
                 "HydrostaticStiffness=", "error", 2,
                 {"expected C33 = rho g Awp >= 0", "but C33 is -4000000"});
}

TEST_CASE("FloatingBody: a negative metacentric height is a warning") {
  CheckDiagnosed("frequency_unit", Floater(std::string(kWaterplane) + " FrequencyUnit=\"Hz\""),
                 "FrequencyUnit=", "warning", 0,
                 {"Hull (Body/FloatingBody): FrequencyUnit is ignored without a ForceRAOFile"});
  CheckDiagnosed("negative_gm", Floater(R"(WaterplaneArea="400" MetacentricHeight="-1,5")"),
                 "MetacentricHeight=", "warning", 0,
                 {"Hull (Body/FloatingBody): MetacentricHeight -1, 5 m has a negative entry"});
  CheckDiagnosed("negative_c44",
                 Floater("HydrostaticStiffness=\"0,0,0,0,0,0; 0,0,0,0,0,0; 0,0,4e6,0,0,0; "
                         "0,0,0,-1e8,0,0; 0,0,0,0,1e8,0; 0,0,0,0,0,0\""),
                 "HydrostaticStiffness=", "warning", 0,
                 {"roll restoring C44 = -100000000 is negative"});
}

TEST_CASE("a zero quaternion arriving on Body/Point's BodyQuat ends the run with exit 3") {
  const std::string xml =
      LimitsScenario(R"(<Lib LibName="base" SimObject="Body/Point" Name="P" Position="1,0,0"/>)",
                     R"(<Connection P.BodyPos="0,0,0" P.BodyQuat="0,0,0,0"/>)");
  const std::string path = WriteTempFile("zero_quat.xml", xml);
  const std::string out = path + ".csv";
  const CommandResult r = RunHawser(fmt::format("run '{}' -o '{}'", path, out));
  CAPTURE(r.output);
  CHECK(r.exit_code == 3);
  CHECK(r.output.find("P (Body/Point): input BodyQuat is (0,0,0,0), norm 0 at t = 0; expected a "
                      "unit quaternion (w,x,y,z), |q| within 0.01 of 1") != std::string::npos);
  // A quaternion typed to three digits (norm 0.99985) is a rotation, not an error.
  const std::string typed =
      LimitsScenario(R"(<Lib LibName="base" SimObject="Body/Point" Name="P" Position="1,0,0"/>)",
                     R"(<Connection P.BodyPos="0,0,0" P.BodyQuat="0.707,0,0,0.707"/>)");
  const std::string typed_path = WriteTempFile("typed_quat.xml", typed);
  CHECK(RunHawser(fmt::format("run '{}' -o '{}'", typed_path, out)).exit_code == 0);
  for (const std::string& p : {path, typed_path, out}) std::remove(p.c_str());
}

}  // namespace
}  // namespace hawser::testing
