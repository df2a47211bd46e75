// `hawser stats` and windowed sweep summaries, each value against numpy on the same data
// (tests/tools/hawser/stats_check.py), and their input errors.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

const std::string kSource = HAWSER_SOURCE_DIR;

CommandResult Check(const std::string& args) {
  return RunCommand("/usr/bin/python3 '" + kSource + "/tests/tools/hawser/stats_check.py' " + args);
}

}  // namespace

TEST_CASE("hawser stats prints numpy's mean, std, percentiles, extremes and MPM over a window") {
  const std::string dir = std::filesystem::path(WriteTempFile("stats_marker", "")).parent_path();
  const std::string run = dir + "/stats_run.h5", table = dir + "/stats_table.txt";
  REQUIRE(RunHawser("run -q '" + kSource +
                    "/configs/mass_on_spring.xml' --set Engine.LogStates=1 "
                    "-o '" +
                    run + "'")
              .exit_code == 0);
  const CommandResult stats = RunHawser("stats '" + run + "' --window 2:8 > '" + table + "'");
  REQUIRE_MESSAGE(stats.exit_code == 0, stats.output);
  const std::string text = ReadFile(table);
  CHECK(text.find("(completed, 121 of 201 rows, t in 2:8)") != std::string::npos);  // 0.05 s
  const CommandResult check = Check("table '" + run + "' '" + table + "' 2 8");
  CHECK_MESSAGE(check.exit_code == 0, check.output);
  // The range graph: min, mean, max per element of the chosen signals.
  const std::string ranges = dir + "/stats_range.txt";
  REQUIRE(RunHawser("stats '" + run + "' --range Spring.ForceA Ball.Pos --window 2:8 > '" + ranges +
                    "'")
              .exit_code == 0);
  CHECK(ReadFile(ranges).find("Ball.Pos[2]") != std::string::npos);
  const CommandResult range_check = Check("range '" + run + "' '" + ranges + "' 2 8");
  CHECK_MESSAGE(range_check.exit_code == 0, range_check.output);
  CHECK(range_check.output.find("stats_check: 6 rows checked, 0 differ") != std::string::npos);
  std::filesystem::remove(ranges);
  // Chosen columns: a whole signal, or one component.
  const CommandResult some = RunHawser("stats '" + run + "' Ball.Pos 'Spring.ForceA[2]'");
  CHECK(some.exit_code == 0);
  CHECK(some.output.find("Ball.Pos[1]") != std::string::npos);
  CHECK(some.output.find("Spring.ForceA[2]") != std::string::npos);
  CHECK(some.output.find("Spring.ForceA[1]") == std::string::npos);

  // Errors: exit 2 for bad input, a missing file included (stats_bad_input_test.cpp has more).
  const CommandResult typo = RunHawser("stats '" + run + "' Ball.Pox");
  CHECK(typo.exit_code == 2);
  CHECK(typo.output.find("error: stats: no column 'Ball.Pox' in") != std::string::npos);
  CHECK(typo.output.find("those of Ball: Ball.KineticEnergy, Ball.Pos[0]") != std::string::npos);
  const CommandResult window = RunHawser("stats '" + run + "' --window 8:2");
  CHECK(window.exit_code == 2);
  CHECK(window.output.find("--window: time window '8:2': FROM is after TO") != std::string::npos);
  const CommandResult missing = RunHawser("stats '" + dir + "/no_such.h5'");
  CHECK(missing.exit_code == 2);
  CHECK(missing.output.find("error: '" + dir + "/no_such.h5': no such file") != std::string::npos);
  std::filesystem::remove(run);
  std::filesystem::remove(table);
}

TEST_CASE("sweep summaries over a time window: std and percentiles equal numpy's per case") {
  const std::string dir = std::filesystem::path(WriteTempFile("stats_marker", "")).parent_path();
  const std::string out = dir + "/stats_sweep.h5";
  const CommandResult sweep =
      RunHawser("sweep -q '" + kSource + "/configs/sweep_mass_spring_damper.xml' --set k=50,100 " +
                "--set c=0,5 --summary 'Mass.Pos[2]:std@2:8' --summary 'Mass.Pos[2]:p99@2:' " +
                "--summary 'Mass.Pos[2]:mpm' -o '" + out + "'");
  REQUIRE_MESSAGE(sweep.exit_code == 0, sweep.output);
  for (const char* args :
       {"Mass/Pos 2 'Mass.Pos[2]:std@2:8' std 2 8", "Mass/Pos 2 'Mass.Pos[2]:p99@2:' p99 2 1e300",
        "Mass/Pos 2 'Mass.Pos[2]:mpm' mpm -1e300 1e300"}) {
    CAPTURE(args);
    const CommandResult check = Check("sweep '" + out + "' " + args);
    CHECK_MESSAGE(check.exit_code == 0, check.output);
  }
  const CommandResult bad =
      RunHawser("sweep '" + kSource + "/configs/sweep_mass_spring_damper.xml' --set k=50 " +
                "--summary 'Mass.Pos[2]:median' -o '" + out + "'");
  CHECK(bad.exit_code == 2);
  CHECK(bad.output.find("--summary 'Mass.Pos[2]:median': expected COLUMN:STAT[@FROM:TO]") !=
        std::string::npos);
  std::filesystem::remove(out);
}

}  // namespace hawser::testing
