// tools/plot.py, run with Debian's /usr/bin/python3 as the README says, on real result files.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

const std::string kSource = HAWSER_SOURCE_DIR;

CommandResult RunPlot(const std::string& args) {
  return RunCommand("/usr/bin/python3 '" + kSource + "/tools/plot.py' " + args);
}

/// A PNG file starts with its 8-byte signature.
bool IsPng(const std::string& path) { return ReadFile(path).rfind("\x89PNG\r\n\x1a\n", 0) == 0; }

TEST_CASE("plot.py draws columns of a run from HDF5 and from CSV, and sweep summaries") {
  const std::string dir = std::filesystem::path(WriteTempFile("plot_marker", "")).parent_path();
  const std::string scenario = kSource + "/configs/mass_on_spring.xml";
  REQUIRE(RunHawser("run -q '" + scenario + "' -o '" + dir + "/plot_run.h5'").exit_code == 0);
  REQUIRE(RunHawser("run -q '" + scenario + "' -o '" + dir + "/plot_run.csv'").exit_code == 0);
  for (const char* input : {"plot_run.h5", "plot_run.csv"}) {
    CAPTURE(input);
    const std::string png = dir + "/" + input + ".png";
    std::filesystem::remove(png);
    const CommandResult r =
        RunPlot("'" + dir + "/" + input + "' 'Ball.Pos[2]' 'Spring.ForceB' -o '" + png + "'");
    CHECK_MESSAGE(r.exit_code == 0, r.output);
    CHECK(IsPng(png));
  }
  const std::string sweep = dir + "/plot_sweep.h5";
  REQUIRE(RunHawser("sweep -q '" + kSource +
                    "/configs/sweep_mass_spring_damper.xml' --set k=50,100 " +
                    "--set c=0,10 --summary 'Mass.Pos[2]:max' -o '" + sweep + "'")
              .exit_code == 0);
  const std::string png = dir + "/plot_sweep.png";
  const CommandResult r =
      RunPlot("'" + sweep + "' --summary 'Mass.Pos[2]:max' --against c -o '" + png + "'");
  CHECK_MESSAGE(r.exit_code == 0, r.output);
  CHECK(IsPng(png));
}

TEST_CASE("plot.py names an unknown column and exits non-zero") {
  const std::string dir = std::filesystem::path(WriteTempFile("plot_marker", "")).parent_path();
  REQUIRE(
      RunHawser("run -q '" + kSource + "/configs/mass_on_spring.xml' -o '" + dir + "/plot_bad.h5'")
          .exit_code == 0);
  const CommandResult r = RunPlot("'" + dir + "/plot_bad.h5' 'Ball.Posx' -o '" + dir + "/x.png'");
  CHECK(r.exit_code != 0);
  CHECK(r.output.find("Ball.Posx") != std::string::npos);
}

TEST_CASE("plot.py lists a file's columns, and draws XY, line shape, range and spectrum plots") {
  const std::string dir = std::filesystem::path(WriteTempFile("plot_marker", "")).parent_path();
  const std::string run = dir + "/plot_line.h5";
  // configs/cable_spread_mooring.xml (three lines on a body surging 5 m at a 10 s period),
  // logging every output: each line's NodePositions and segment Tension.
  std::string xml = ReadFile(kSource + "/configs/cable_spread_mooring.xml");
  const size_t from = xml.find("FileOutput=\""), to = xml.find('"', from + 12);
  REQUIRE(from != std::string::npos);
  xml.replace(from, to - from + 1, "FileOutput=\"objects:all\"");
  const std::string scenario = WriteTempFile("plot_line.xml", xml);
  REQUIRE(RunHawser("run -q '" + scenario + "' -o '" + run + "'").exit_code == 0);
  const CommandResult list = RunPlot("'" + run + "'");
  CHECK_MESSAGE(list.exit_code == 0, list.output);
  CHECK(list.output.find("[m]") != std::string::npos);
  for (const std::string& args : {std::string("--xy 'L1.NodePositions[3]' 'L1.NodePositions[5]'"),
                                  std::string("--shape L1.NodePositions --at 0,5"),
                                  std::string("--range L1.Tension --window 1:"),
                                  std::string("--spectrum 'L1.TensionB' --window 0:")}) {
    CAPTURE(args);
    const std::string png = dir + "/plot_mode.png";
    std::filesystem::remove(png);
    const CommandResult r = RunPlot("'" + run + "' " + args + " -o '" + png + "'");
    CHECK_MESSAGE(r.exit_code == 0, r.output);
    CHECK(IsPng(png));
    std::filesystem::remove(png);
  }
  std::filesystem::remove(run);
  std::filesystem::remove(scenario);
}

}  // namespace
}  // namespace hawser::testing
