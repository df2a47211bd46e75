// Environment/Ocean WaveKinematics="grid" through the real program: bad WaveGrid* parameters are
// refused at their line naming the parameter (exit 2), and a run notes how many points the grid
// summed exactly.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cstdio>
#include <string>

#include "tests/tools/hawser/cli_support.h"
#include "tests/tools/hawser/physical_limits_support.h"

namespace hawser::testing {
namespace {

std::string GridSea(const std::string& grid) {
  return LimitsScenario(fmt::format(
      "<Lib LibName=\"base\" SimObject=\"Environment/Ocean\" Name=\"Sea\" Depth=\"100\"\n"
      "     Waves=\"jonswap\" WaveHeight=\"3\" WavePeriod=\"8\" WaveKinematics=\"grid\"\n"
      "     {} />\n"
      "<Lib LibName=\"base\" SimObject=\"Environment/WaveProbe\" Name=\"Probe\" "
      "Position=\"0,0,-5\"/>\n"
      "<Lib LibName=\"base\" SimObject=\"Environment/WaveProbe\" Name=\"Far\" "
      "Position=\"500,0,-5\"/>",
      grid));
}

TEST_CASE("bad WaveGrid parameters are refused at their line, naming the parameter") {
  CheckDiagnosed("grid_spacing", GridSea("WaveGridSpacing=\"-1\""), "WaveGridSpacing=", "error", 2,
                 {"'WaveGridSpacing' = '-1' is invalid", ">= 0"});
  CheckDiagnosed("grid_step", GridSea("WaveGridTimeStep=\"-0.5\""), "WaveGridTimeStep=", "error", 2,
                 {"'WaveGridTimeStep' = '-0.5' is invalid"});
  CheckDiagnosed("grid_growth", GridSea("WaveGridGrowth=\"0.9\""), "WaveGridGrowth=", "error", 2,
                 {"'WaveGridGrowth' = '0.9' is invalid", "a growth from 1 to 4"});
  CheckDiagnosed("grid_bounds", GridSea("WaveGridBounds=\"10, -10, -5, 5\""),
                 "WaveGridBounds=", "error", 2, {"'WaveGridBounds'", "bounds not inverted"});
  CheckDiagnosed("grid_zmin", GridSea("WaveGridBounds=\"-10, 10, -5, 5, 3\""),
                 "WaveGridBounds=", "error", 2, {"'WaveGridBounds'", "z_min < 0 m"});
  CheckDiagnosed("grid_memory", GridSea("WaveGridMemory=\"0\""), "WaveGridMemory=", "error", 2,
                 {"'WaveGridMemory' = '0' is invalid"});
}

TEST_CASE("WaveGrid parameters without WaveKinematics=\"grid\" are a warning") {
  std::string xml = GridSea("WaveGridSpacing=\"2\"");
  xml.replace(xml.find("WaveKinematics=\"grid\""), 23, "WaveKinematics=\"fast\"");
  CheckDiagnosed("grid_ignored", xml, "WaveGridSpacing=", "warning", 0,
                 {"Sea (Environment/Ocean): WaveGridSpacing is ignored with "
                  "WaveKinematics=\"fast\" (only WaveKinematics=\"grid\" reads it)"});
}

TEST_CASE("a grid run notes the points summed exactly outside the grid") {
  // Bounds around the first probe only: the far probe is summed exactly at every evaluation.
  const std::string path =
      WriteTempFile("grid_run.xml", GridSea("WaveGridBounds=\"-50, 50, -50, 50\""));
  const CommandResult r = RunHawser("run '" + path + "' -o '" + path + ".csv'");
  CAPTURE(r.output.substr(0, 3000));
  CHECK(r.exit_code == 0);
  CHECK(r.output.find("Sea (Environment/Ocean): WaveKinematics=\"grid\": ") != std::string::npos);
  CHECK(r.output.find(" summed exactly (outside the grid or the grid full)") != std::string::npos);
  CHECK(r.output.find(", 0 summed exactly") == std::string::npos);
  std::remove(path.c_str());
  std::remove((path + ".csv").c_str());
}

}  // namespace
}  // namespace hawser::testing
