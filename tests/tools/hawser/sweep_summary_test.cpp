// Sweep summaries in `hawser stats`: `--extremes ... --group-by NAME` (a Gumbel fit per value of a
// swept parameter, over the cases that share it, against scipy) and a fatigue table's
// `states FILE COLUMN` (every case a sea state with the probability its /cases column gives,
// against the same states listed one by one), through the real program.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

const std::string kSource = HAWSER_SOURCE_DIR;

/// A folder of its own under the temporary folder.
std::string Folder(const std::string& name) {
  const std::string dir =
      std::filesystem::path(WriteTempFile("sweep_summary_marker", "")).parent_path() / name;
  std::filesystem::create_directories(dir);
  return dir;
}

/// The mass on a spring-damper of configs/sweep_mass_spring_damper.xml, with a variable P that
/// the model does not use: a sea state's probability carried through a sweep.
const char* kScenario = R"(<Contents>
<VARIABLES><Variable Name="k" Value="100"/><Variable Name="c" Value="4"/>
<Variable Name="P" Value="0"/></VARIABLES>
<OBJECTS>
<Lib LibName="base" SimObject="Connector/SpringDamper" Name="Spring" FreeLength="1"
     Stiffness="${k}" Damping="${c}"/>
<Lib LibName="base" SimObject="Body/Mass" Name="Mass" Mass="2"/>
</OBJECTS>
<INTERCONNECTIONS>
<Connection Spring.PosA="0,0,0" Spring.PosB="Mass.Pos" Spring.VelB="Mass.Vel"/>
<Connection Mass.Force="Spring.ForceB"/>
</INTERCONNECTIONS>
<INITIALIZATION><InitialCondition Mass.Pos="0,0,-1.2" Mass.Vel="0,0,0"/></INITIALIZATION>
<INTEGRATION><Engine IntegratorMethod="2" TOutput="0, 0.01, 4" AbsTol="1e-8" RelTol="1e-8"
  FileOutput="objects:all"/></INTEGRATION>
</Contents>
)";

}  // namespace

TEST_CASE("hawser stats --extremes --group-by: a Gumbel fit per swept value, as scipy's") {
  const std::string dir = Folder("sweep_summary_groups");
  const std::string xml = WriteTempFile("sweep_summary_groups/msd.xml", kScenario);
  const std::string sweep = dir + "/msd.h5";
  // k = 50, 100 (the "heading"), each with c = 1, 2, 3 (the "seeds"): 2 groups of 3 maxima.
  const CommandResult made =
      RunHawser("sweep -q '" + xml + "' --set k=50,100 --set c=1,2,3 -j 2 -o '" + sweep + "'");
  REQUIRE_MESSAGE(made.exit_code == 0, made.output);
  const std::string out = dir + "/out.txt";
  const CommandResult run = RunHawser("stats --extremes 'Mass.Pos[2]' '" + sweep +
                                      "' --group-by k --percentile 90 > '" + out + "'");
  REQUIRE_MESSAGE(run.exit_code == 0, run.output);
  const std::string text = ReadFile(out);
  CHECK(text.find("maxima of Mass.Pos[2] [m] over 6 seeds") != std::string::npos);
  CHECK(text.find("maximum likelihood per k") != std::string::npos);
  const CommandResult check =
      RunCommand("/usr/bin/python3 '" + kSource + "/tests/tools/hawser/sweep_summary_check.py' " +
                 "groups '" + out + "' '" + sweep + "' k Mass/Pos 2 90");
  CHECK_MESSAGE(check.exit_code == 0, check.output);
  CHECK(check.output.find("2 groups, 0 differences") != std::string::npos);

  // Bad input: a column /cases does not have, a group of fewer than 3 seeds, a run's file.
  const CommandResult typo =
      RunHawser("stats --extremes 'Mass.Pos[2]' '" + sweep + "' --group-by heading");
  CHECK(typo.exit_code == 2);
  CHECK(typo.output.find("error: --group-by heading: '" + sweep +
                         "' /cases has no column 'heading'; it has ") != std::string::npos);
  const CommandResult few =
      RunHawser("stats --extremes 'Mass.Pos[2]' '" + sweep + "' --group-by c");
  CHECK(few.exit_code == 2);
  CHECK(few.output.find("error: --group-by c: c = 1 has 2 seeds; a Gumbel fit needs at least 3") !=
        std::string::npos);
  const CommandResult alone = RunHawser("stats '" + sweep + "' --case 0 --group-by k");
  CHECK(alone.exit_code == 2);
  CHECK(alone.output.find("error: --group-by belongs to --extremes COLUMN") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("hawser stats --fatigue: states FILE COLUMN takes each case's probability from /cases") {
  const std::string dir = Folder("sweep_summary_fatigue");
  const std::string xml = WriteTempFile("sweep_summary_fatigue/msd.xml", kScenario);
  const CommandResult made = RunHawser(
      "sweep -q '" + xml + "' --set k=50,100 --set P=0.3,0.2 --zip -o '" + dir + "/msd.h5'");
  REQUIRE_MESSAGE(made.exit_code == 0, made.output);
  const std::string head = "curve spring 1e12 3 10\nline Spring.ForceB[2] spring\nlife 20\n";
  const std::string by_column =
      WriteTempFile("sweep_summary_fatigue/by_column.txt", head + "states msd.h5 P\n");
  const std::string by_line = WriteTempFile("sweep_summary_fatigue/by_line.txt",
                                            head + "state 0.3 msd.h5 0\nstate 0.2 msd.h5 1\n");
  const CommandResult a = RunHawser("stats '" + by_column + "' --fatigue");
  const CommandResult b = RunHawser("stats '" + by_line + "' --fatigue");
  REQUIRE_MESSAGE(a.exit_code == 0, a.output);
  REQUIRE_MESSAGE(b.exit_code == 0, b.output);
  // The same states, so the same table below the first line (which names the table file).
  const std::string rows_a = a.output.substr(a.output.find('\n'));
  const std::string rows_b = b.output.substr(b.output.find('\n'));
  CHECK(rows_a == rows_b);
  CHECK(rows_a.find(" 0.3 ") != std::string::npos);
  CHECK(rows_a.find("total D = ") != std::string::npos);

  // Bad input: no such column, probabilities above 1, a run's file: exit 2 at the table's line.
  const struct {
    std::string states, message;
  } cases[] = {
      {"states msd.h5 Q",
       ":4: error: states: '" + dir + "/msd.h5' /cases has no column 'Q'; it has "},
      {"state 0.6 msd.h5 0\nstates msd.h5 P",
       ":5: error: the states' probabilities add up to 1.1 (> 1) with case 1 of '" + dir +
           "/msd.h5'"},
      {"states run.h5 P",
       ":4: error: states: '" + dir + "/run.h5' holds one run, not a sweep's cases"},
  };
  const CommandResult one = RunHawser("run -q '" + xml + "' -o '" + dir + "/run.h5'");
  REQUIRE_MESSAGE(one.exit_code == 0, one.output);
  for (const auto& c : cases) {
    const std::string table =
        WriteTempFile("sweep_summary_fatigue/bad.txt", head + c.states + "\n");
    const std::string message = c.message;
    CAPTURE(message);
    const CommandResult r = RunHawser("stats '" + table + "' --fatigue");
    CHECK(r.exit_code == 2);
    CHECK_MESSAGE(r.output.find(table + message) != std::string::npos, r.output);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace hawser::testing
