// `hawser stats --extremes` (Gumbel fits over seeds) against scipy on the same maxima, and
// `--fatigue` (rainflow and Miner over sea states) against ASTM E1049-85's example counted by hand,
// through the real program; with their bad input.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "tests/tools/hawser/check_script.h"
#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

CommandResult Check(const std::string& args) {
  return RunCheckScript("design_stats_check.py", args);
}

std::string TempDir() {
  return std::filesystem::path(WriteTempFile("design_stats_marker", "")).parent_path();
}

}  // namespace

TEST_CASE("hawser stats --extremes: Gumbel fits of 5 seeds' maxima equal scipy's") {
  const std::string dir = TempDir() + "/design_stats_seeds";
  std::filesystem::create_directories(dir);
  REQUIRE(Check("seeds '" + dir + "' 5").exit_code == 0);
  std::string files;
  for (int k = 0; k < 5; ++k) files += " '" + dir + "/seed_" + std::to_string(k) + ".h5'";
  const std::string out = dir + "/out.txt";
  const CommandResult stats =
      RunHawser("stats --extremes Line.Tension --percentile 90 --duration 10800" + files + " > '" +
                out + "'");
  REQUIRE_MESSAGE(stats.exit_code == 0, stats.output);
  const std::string text = ReadFile(out);
  CHECK(text.find("maxima of Line.Tension [N] over 5 seeds") != std::string::npos);
  CHECK(text.find("mpm(10800s)") != std::string::npos);
  const CommandResult check = Check("extremes '" + out + "' 90" + files);
  CHECK_MESSAGE(check.exit_code == 0, check.output);
  CHECK(check.output.find("5 maxima, 0 differences") != std::string::npos);

  // Bad input: fewer than 3 seeds, a percentile out of range, a vector column, --case.
  const CommandResult two =
      RunHawser("stats --extremes Line.Tension '" + dir + "/seed_0.h5' '" + dir + "/seed_1.h5'");
  CHECK(two.exit_code == 2);
  CHECK(two.output.find("error: --extremes Line.Tension: a Gumbel fit needs at least 3 seeds "
                        "(records); the 2 files give 2") != std::string::npos);
  const CommandResult pct = RunHawser("stats --extremes Line.Tension --percentile 100" + files);
  CHECK(pct.exit_code == 2);
  CHECK(pct.output.find("error: --percentile '100': expected a percentile between 0 and 100") !=
        std::string::npos);
  const CommandResult typo = RunHawser("stats --extremes Line.Tensoin" + files);
  CHECK(typo.exit_code == 2);
  CHECK(typo.output.find("error: --extremes: no column 'Line.Tensoin'") != std::string::npos);
  const CommandResult dur = RunHawser("stats '" + dir + "/seed_0.h5' --duration -5");
  CHECK(dur.exit_code == 2);
  CHECK(dur.output.find("error: --duration '-5': expected a duration in s > 0") !=
        std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("hawser stats --fatigue: ASTM E1049's example history, Miner's damage by hand") {
  const std::string dir = TempDir() + "/design_stats_fatigue";
  std::filesystem::create_directories(dir);
  REQUIRE(Check("astm '" + dir + "/astm.h5'").exit_code == 0);
  const std::string table = dir + "/fatigue.txt";
  WriteTempFile("design_stats_fatigue/fatigue.txt",
                "# a_D m area_mm2\ncurve chain 6.0e10 3 100\nline Line.Tension chain\n"
                "state 0.5 astm.h5\nlife 1\n");
  const CommandResult run = RunHawser("stats '" + table + "' --fatigue");
  REQUIRE_MESSAGE(run.exit_code == 0, run.output);
  // Counted by hand (design_statistics_test.cpp): ranges 3: 1/2, 4: 3/2, 6: 1/2, 8: 1, 9: 1/2
  // (x 1e5 N): 4 cycles; S = range / 100 mm^2 = 1e3 r MPa, so D = 1094 * 1e9 / 6e10 = 18.2333...
  // over the 8 s record; over 1 year at p = 0.5: 0.5 * 31557600 / 8 * 18.2333 = 35962515.
  CHECK(run.output.find("Line.Tension                 chain                0        0.5          "
                        "4      18.2333333        35962515") != std::string::npos);
  CHECK(run.output.find("total D = 35962515, fatigue life = 2.78067e-08 years") !=
        std::string::npos);
  // m <= 0 and a missing column: exit 2 at the table's line.
  WriteTempFile("design_stats_fatigue/fatigue.txt",
                "curve chain 6.0e10 -3 100\nline Line.Tension chain\nstate 0.5 astm.h5\nlife 1\n");
  const CommandResult slope = RunHawser("stats '" + table + "' --fatigue");
  CHECK(slope.exit_code == 2);
  CHECK(slope.output.find(table + ":1: error: curve chain: m = -3: must be > 0") !=
        std::string::npos);
  WriteTempFile("design_stats_fatigue/fatigue.txt",
                "curve chain 6.0e10 3 100\nline Line.Tensio chain\nstate 0.5 astm.h5\nlife 1\n");
  const CommandResult column = RunHawser("stats '" + table + "' --fatigue");
  CHECK(column.exit_code == 2);
  CHECK(column.output.find(table + ":2: error: no column 'Line.Tensio'") != std::string::npos);
  std::filesystem::remove_all(dir);
}

}  // namespace hawser::testing
