// `hawser stats` on input it cannot use, through the real program: every refusal is
// exit 2 (4 for a system error) with one line naming the file, option or column and the reason,
// never HDF5's own diagnostics; and a file hawser did not write but laid out as hawser does is
// read right whatever its numeric types (numbers against numpy, stats_check.py, and closed
// forms). The foreign files come from tests/tools/hawser/stats_foreign.py (h5py).
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/hawser/cli_support.h"
#include "tests/tools/hawser/sweep_test_support.h"

namespace hawser::testing {
namespace {

using sweep_test::TempDir;

const std::string kSource = HAWSER_SOURCE_DIR;

void Foreign(const std::string& kind, const std::string& path) {
  const CommandResult r =
      RunCommand("/usr/bin/python3 '" + kSource + "/tests/tools/hawser/stats_foreign.py' " + kind +
                 " '" + path + "'");
  REQUIRE_MESSAGE(r.exit_code == 0, r.output);
}

/// `hawser stats ARGS` must fail with `code` and one line: "error: " and every fragment.
void Refused(const std::string& args, int code, const std::vector<std::string>& fragments,
             const std::string& dir) {
  CAPTURE(args);
  // timeout: a FIFO once made HDF5 wait forever; HangTimeout is far beyond a refusal's
  // milliseconds.
  const CommandResult r = RunCommand(HangTimeout() + "'" HAWSER_BINARY "' stats " + args, dir);
  CAPTURE(r.output);
  CHECK(r.exit_code == code);
  CHECK(r.output.rfind("error: ", 0) == 0);
  CHECK(std::count(r.output.begin(), r.output.end(), '\n') == 1);
  CHECK(r.output.find("HDF5-DIAG") == std::string::npos);
  for (const std::string& f : fragments) CHECK(r.output.find(f) != std::string::npos);
}

/// `hawser stats ARGS` in `dir` succeeds and prints `line`.
void Accepted(const std::string& args, const std::string& line, const std::string& dir) {
  const CommandResult r = RunHawser("stats " + args, dir);
  CHECK_MESSAGE(r.exit_code == 0, r.output);
  CHECK(r.output.find(line) != std::string::npos);
}

/// The cells of the table row of `column` (column, unit, then the statistics).
std::vector<std::string> Cells(const std::string& table, const std::string& column) {
  std::istringstream lines(table);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream row(line);
    std::vector<std::string> cells;
    for (std::string cell; row >> cell;) cells.push_back(cell);
    if (!cells.empty() && cells[0] == column) return cells;
  }
  return {};
}

/// A finished run of mass_on_spring.xml (0 to 10 s, 201 rows) in `dir`/run.h5.
std::string RunFile(const std::string& dir) {
  const CommandResult r = RunHawser(
      "run -q '" + kSource + "/configs/mass_on_spring.xml' -o run.h5 --set Engine.LogStates=1",
      dir);
  REQUIRE_MESSAGE(r.exit_code == 0, r.output);
  return dir + "/run.h5";
}

}  // namespace

TEST_CASE("stats: a missing, empty, non-HDF5, truncated or foreign file: one line, the reason") {
  const TempDir dir("stats_files");
  const std::string run = RunFile(dir);
  Refused("no_such.h5", 2, {"'no_such.h5': no such file"}, dir);
  std::ofstream(dir + "/empty.h5").close();
  Refused("empty.h5", 2, {"'empty.h5' is empty"}, dir);
  std::filesystem::create_directory(dir + "/folder.h5");
  Refused("folder.h5", 2, {"'folder.h5' is a directory"}, dir);
  REQUIRE(::mkfifo((dir + "/fifo.h5").c_str(), 0600) == 0);
  Refused("fifo.h5", 2, {"'fifo.h5' is a FIFO"}, dir);
  std::filesystem::copy_file(kSource + "/configs/mass_on_spring.xml", dir + "/scenario.h5");
  Refused("scenario.h5", 2, {"'scenario.h5' is not an HDF5 file"}, dir);
  // The first half of a real result: HDF5's signature, then too few bytes.
  const std::string bytes = ReadFile(run);
  std::ofstream(dir + "/half.h5", std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  Refused("half.h5", 2, {"'half.h5' is truncated or damaged (HDF5: truncated file"}, dir);
  // An HDF5 file hawser did not write: refused, naming what it lacks.
  Foreign("plain", dir + "/plain.h5");
  Refused("plain.h5", 2,
          {"'plain.h5' is an HDF5 file but not a hawser result: its root group has no "
           "hawser_version, scenario, status attributes"},
          dir);
  Foreign("empty_run", dir + "/empty_run.h5");
  Refused("empty_run.h5", 2,
          {"'empty_run.h5' has hawser's attributes but neither a run (/time) nor a sweep's cases"},
          dir);
}

TEST_CASE("stats: datasets hawser could not have written are refused, naming the dataset") {
  const TempDir dir("stats_layout");
  Foreign("rows", dir + "/rows.h5");
  Refused("rows.h5", 2, {"'rows.h5': /A/B has 10 rows but /time has 4"}, dir);
  Foreign("text", dir + "/text.h5");
  Refused("text.h5", 2, {"'text.h5': /A/B holds text, not numbers"}, dir);
}

TEST_CASE("stats reads at most 2^28 values and 2^20 columns: refused before, not out of memory") {
  const TempDir dir("stats_huge");
  Foreign("huge", dir + "/huge.h5");
  Foreign("wide", dir + "/wide.h5");
  // 1.5 GB of address space: reading A/B (2.4 GB) would end in bad_alloc (exit 1), not exit 2;
  // Release hawser runs in ~0.3 GB. ASan reserves terabytes of address space, so a sanitized
  // build runs without the limit (and still must refuse before reading).
  const std::string limit = MemoryLimit(1500000);
  const CommandResult all = RunCommand(limit + "'" HAWSER_BINARY "' stats huge.h5", dir);
  CAPTURE(all.output);
  CHECK(all.exit_code == 2);
  CHECK(all.output.find("error: 'huge.h5': /A/B: 1000 rows of 300000 values: more than the "
                        "268435456 values (2 GiB) read at once; choose fewer columns") !=
        std::string::npos);
  // A/B is listed but not read when another column is chosen.
  const CommandResult one = RunCommand(limit + "'" HAWSER_BINARY "' stats huge.h5 A.C", dir);
  CHECK_MESSAGE(one.exit_code == 0, one.output);
  CHECK(one.output.find("(completed, 1000 of 1000 rows)") != std::string::npos);
  Refused("wide.h5", 2,
          {"'wide.h5': /A/B: with its 2097152 values per row, the run has more than 1048576 "
           "columns"},
          dir);
}

TEST_CASE("stats: a file another program holds open for writing is exit 4, not 'damaged'") {
  const TempDir dir("stats_locked");
  const CommandResult r =
      RunCommand("/usr/bin/python3 '" + kSource + "/tests/tools/hawser/stats_foreign.py' locked '" +
                     (dir + "/locked.h5") + "' '" HAWSER_BINARY "'",
                 dir);
  CAPTURE(r.output);
  CHECK(r.output.find("exit 4\nerror: cannot read '") != std::string::npos);
  CHECK(r.output.find("locked.h5': another process has it open for writing (unable to lock") !=
        std::string::npos);
}

TEST_CASE("stats reads integer, float32, big-endian and 3-D datasets as their values") {
  const TempDir dir("stats_typed");
  Foreign("typed", dir + "/typed.h5");
  const CommandResult r =
      RunCommand("('" HAWSER_BINARY "' stats typed.h5 > table.txt 2> warnings.txt)", dir);
  const std::string table = ReadFile(dir + "/table.txt"),
                    warnings = ReadFile(dir + "/warnings.txt");
  REQUIRE_MESSAGE(r.exit_code == 0, warnings);
  CAPTURE(table);
  CHECK(table.find("typed.h5 (completed, 10 of 10 rows)") != std::string::npos);
  // A.I = 32 k - 100, k = 0 .. 9 (int64): mean 32 * 4.5 - 100 = 44, std 32 sqrt(8.25) (the
  // population std of 0 .. 9 is sqrt(8.25)), min -100, p50 44 (the middle two's mean), p99 at
  // rank 0.99 * 9 = 8.91: 32 * 8.91 - 100 = 185.12, max 188. Printed with 6 significant digits
  // (std 4): within half a unit in the last place, 5e-6 (5e-4 for std) relative.
  const std::vector<std::string> a = Cells(table, "A.I");
  REQUIRE(a.size() == 9);
  CHECK(std::stod(a[2]) == doctest::Approx(44).epsilon(5e-6));
  CHECK(std::stod(a[3]) == doctest::Approx(32 * std::sqrt(8.25)).epsilon(5e-4));
  CHECK(std::stod(a[4]) == doctest::Approx(-100).epsilon(5e-6));
  CHECK(std::stod(a[5]) == doctest::Approx(44).epsilon(5e-6));
  CHECK(std::stod(a[6]) == doctest::Approx(185.12).epsilon(5e-6));
  CHECK(std::stod(a[7]) == doctest::Approx(188).epsilon(5e-6));
  // A.T is 10 x 2 x 2 (int8): four columns, as hawser names a declared 2 x 2 dimension.
  CHECK(table.find("A.T[3]") != std::string::npos);
  // Every number against numpy on the same data (its finite values), to the printed digits.
  const CommandResult check = RunCommand("/usr/bin/python3 '" + kSource +
                                             "/tests/tools/hawser/stats_check.py' table typed.h5 "
                                             "table.txt -1e300 1e300",
                                         dir);
  CHECK_MESSAGE(check.exit_code == 0, check.output);
  CHECK(check.output.find("stats_check: 12 rows checked, 0 differ") != std::string::npos);
  // The NaN and +inf of A.N, the all-NaN A:S: said, and left out of every statistic alike.
  CAPTURE(warnings);
  CHECK(warnings.find("warning: A.N: 2 of its 10 values are not finite (1 NaN, 1 +inf): its "
                      "statistics are of the 8 finite ones") != std::string::npos);
  CHECK(warnings.find("warning: A:S: none of its 10 values is finite (10 NaN): no statistics") !=
        std::string::npos);
}

TEST_CASE("stats --window: outside the record, too few rows, or not a window: exit 2, why") {
  const TempDir dir("stats_window");
  RunFile(dir);
  Refused("run.h5 --window 1000:2000", 2,
          {"--window 1000:2000: no output time in it; 'run.h5' holds t = 0 .. 10 s (201 rows); "
           "statistics need at least 2 rows"},
          dir);
  Refused("run.h5 --window 5:5", 2, {"--window 5:5: only t = 5 in it"}, dir);
  Refused("run.h5 --window a:b", 2, {"time window 'a:b': 'a' is not a time"}, dir);
  Refused("run.h5 --window 5:1", 2, {"time window '5:1': FROM is after TO"}, dir);
  Refused("run.h5 --window nan:", 2, {"time window 'nan:': 'nan' is not a number"}, dir);
  Refused("run.h5 --window 1e400:", 2, {"time window '1e400:': '1e400' is not finite"}, dir);
  // Two rows are enough: 5 and 5.05 s (the output step is 0.05 s).
  Accepted("run.h5 --window 5:5.06 Ball.Pos", "(completed, 2 of 201 rows, t in 5:5.06)", dir);
}

TEST_CASE("stats --case: on a run, past the last case, or not a number: exit 2, the count") {
  const TempDir dir("stats_case");
  RunFile(dir);
  Refused("run.h5 --case 3", 2, {"--case 3: 'run.h5' holds one run, not a sweep's cases"}, dir);
  Refused("run.h5 --case -1", 2, {"--case '-1': cases are numbered from 0"}, dir);
  Refused("run.h5 --case 1e20", 2, {"--case '1e20' is not a case number"}, dir);
  Refused("run.h5 --case 99999999999999999999", 2,
          {"--case '99999999999999999999' is larger than any case number"}, dir);
  const CommandResult sweep = RunHawser(
      "sweep -q '" + kSource + "/configs/sweep_mass_spring_damper.xml' --set k=50,100 -o sw.h5",
      dir);
  REQUIRE_MESSAGE(sweep.exit_code == 0, sweep.output);
  Refused("sw.h5 --case 2", 2, {"--case 2: 'sw.h5' has 2 cases, numbered 0 to 1"}, dir);
  Refused("sw.h5", 2, {"'sw.h5' is a sweep's file of 2 cases: choose one with --case N"}, dir);
  Accepted("sw.h5 --case 1 'Mass.Pos[2]'", "sw.h5 /case_00001 (completed, 1001 of 1001 rows)", dir);
}

TEST_CASE("stats columns: a near miss is suggested, a component past the width is explained") {
  const TempDir dir("stats_columns");
  RunFile(dir);
  Refused("run.h5 Ball.Pox", 2,
          {"stats: no column 'Ball.Pox' in run.h5; did you mean 'Ball.Pos'?",
           "those of Ball: Ball.KineticEnergy, Ball.Pos[0]"},
          dir);
  Refused("run.h5 'Ball.Pos[7]'", 2,
          {"stats: 'Ball.Pos[7]': Ball.Pos has 3 components (Ball.Pos[0] .. Ball.Pos[2])"}, dir);
  Refused("run.h5 'Ball.KineticEnergy[0]'", 2,
          {"'Ball.KineticEnergy[0]': Ball.KineticEnergy is one column"}, dir);
  Refused("run.h5 'Ball.Pos[-1]'", 2, {"'Ball.Pos[-1]': the index '-1' is not a whole number"},
          dir);
}

}  // namespace hawser::testing
