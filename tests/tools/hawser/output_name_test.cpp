// The output name chooses the format (docs/command-line.md): a name that says neither CSV
// nor HDF5, or CSV for a sweep (which writes HDF5), is refused with exit 2 before anything is
// loaded or written; `sweep --resume` on a file that is not a sweep file of this sweep says what
// the file is, exit 2, and leaves it byte for byte.
#include <sys/stat.h>

#include "tests/tools/hawser/sweep_test_support.h"

namespace hawser::sweep_test {
namespace {

/// `dir`/s.xml: a copy of configs/mass_on_spring.xml (a ball on a spring, 10 s).
void WriteScenario(const std::string& dir) {
  std::filesystem::copy_file(std::string(HAWSER_SOURCE_DIR) + "/configs/mass_on_spring.xml",
                             dir + "/s.xml");
}

TEST_CASE("output name: a sweep into a .csv name is refused, exit 2, nothing written") {
  const TempDir dir("name_sweep_csv");
  WriteScenario(dir);
  const Shell run = RunCommand(Hawser() + " sweep s.xml --set Ball.Mass=1,2 -q -o out.csv", dir);
  CHECK_MESSAGE(run.exit_code == 2, run.output);
  CHECK_MESSAGE(run.output.find("-o 'out.csv': a sweep writes one HDF5 file") != std::string::npos,
                run.output);
  CHECK_MESSAGE(run.output.find("name it .h5") != std::string::npos, run.output);
  CHECK(!std::filesystem::exists(dir + "/out.csv"));
}

TEST_CASE("output name: run and eval refuse a name that is neither .csv nor .h5, exit 2") {
  const TempDir dir("name_run_txt");
  WriteScenario(dir);
  const std::string scenario = testing::ReadFile(dir + "/s.xml");
  // `-o s.xml` would have overwritten the scenario with results.
  for (const char* out : {"out.txt", "out", "s.xml"}) {
    for (const char* command : {"run", "eval"}) {
      const Shell run = RunCommand(Hawser() + " " + command + " s.xml -q -o " + out, dir);
      CHECK_MESSAGE(run.exit_code == 2, command << " " << out << ": " << run.output);
      CHECK_MESSAGE(run.output.find(std::string("-o '") + out +
                                    "': hawser writes results as CSV (name the file .csv) or "
                                    "HDF5 (.h5 or .hdf5)") != std::string::npos,
                    run.output);
    }
  }
  CHECK(!std::filesystem::exists(dir + "/out.txt"));
  CHECK(!std::filesystem::exists(dir + "/out"));
  CHECK(testing::ReadFile(dir + "/s.xml") == scenario);
}

TEST_CASE("output name: the extension in any case chooses, and /dev/null takes CSV") {
  const TempDir dir("name_case");
  WriteScenario(dir);
  const Shell h5 = RunCommand(Hawser() + " run s.xml -q -o OUT.H5", dir);
  REQUIRE_MESSAGE(h5.exit_code == 0, h5.output);
  // An HDF5 file starts with its signature, \x89HDF\r\n\x1a\n.
  CHECK(testing::ReadFile(dir + "/OUT.H5").substr(0, 4) == "\x89HDF");
  const Shell csv = RunCommand(Hawser() + " run s.xml -q -o Out.CSV", dir);
  REQUIRE_MESSAGE(csv.exit_code == 0, csv.output);
  CHECK(testing::ReadFile(dir + "/Out.CSV").substr(0, 5) == "Time,");
  const Shell null = RunCommand(Hawser() + " run s.xml -q -o /dev/null", dir);
  CHECK_MESSAGE(null.exit_code == 0, null.output);
  struct stat st {};
  REQUIRE(stat("/dev/null", &st) == 0);
  CHECK(S_ISCHR(st.st_mode));  // Still the device, not replaced by a file.
}

/// `sweep --resume -o x.h5` on `dir`/x.h5: exit 2, `message` in the output, x.h5 unchanged.
void CheckResumeRefused(const std::string& dir, const std::string& message) {
  const std::string before = testing::ReadFile(dir + "/x.h5");
  const Shell run =
      RunCommand(Hawser() + " sweep s.xml --set Ball.Mass=1,2 --resume -q -o x.h5", dir);
  CHECK_MESSAGE(run.exit_code == 2, run.output);
  CHECK_MESSAGE(run.output.find(message) != std::string::npos, run.output);
  CHECK_MESSAGE(testing::ReadFile(dir + "/x.h5") == before, "x.h5 was changed");
}

TEST_CASE("output name: sweep --resume says what a file that is not this sweep's is, exit 2") {
  const TempDir dir("name_resume");
  WriteScenario(dir);
  SUBCASE("not HDF5") {
    WriteFile(dir + "/x.h5", "time,x\n0,1\n");
    CheckResumeRefused(dir, "--resume: 'x.h5' is not an HDF5 file");
  }
  SUBCASE("empty") {
    WriteFile(dir + "/x.h5", "");
    CheckResumeRefused(dir, "--resume: 'x.h5' is not an HDF5 file");
  }
  SUBCASE("a run's file") {
    const Shell run = RunCommand(Hawser() + " run s.xml -q -o x.h5", dir);
    REQUIRE_MESSAGE(run.exit_code == 0, run.output);
    CheckResumeRefused(dir, "--resume: 'x.h5' is not a hawser sweep file (no /cases table)");
  }
  SUBCASE("another sweep's file") {
    const Shell run = RunCommand(Hawser() + " sweep s.xml --set Ball.Mass=3 -q -o x.h5", dir);
    REQUIRE_MESSAGE(run.exit_code == 0, run.output);
    CheckResumeRefused(dir, "--resume: 'x.h5' was written by another sweep");
  }
}

}  // namespace
}  // namespace hawser::sweep_test
