// FhSim's command-line flags work as they do for FhSim users' scripts.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

const std::string kExample = HAWSER_SOURCE_DIR "/configs/fhsim_linear_spring.xml";

int CountLines(const std::string& text) {
  return static_cast<int>(std::count(text.begin(), text.end(), '\n'));
}

TEST_CASE("--input-file and --output-file run a scenario like `hawser run`") {
  const std::string out = WriteTempFile("fhsim_flags.csv", "");
  const CommandResult r = RunHawser("--input-file '" + kExample + "' --output-file '" + out + "'");
  CHECK(r.exit_code == 0);
  CHECK(CountLines(ReadFile(out)) == 32);  // Header and 31 rows: t = 0, 1, ..., 30.
}

TEST_CASE("without --output-file the results go to modeloutput.csv in the working directory") {
  const std::string dir = std::filesystem::path(WriteTempFile("marker", "")).parent_path().string();
  std::filesystem::remove(dir + "/modeloutput.csv");
  const CommandResult r = RunHawser("--input-file '" + kExample + "'", dir);
  CHECK(r.exit_code == 0);
  CHECK(CountLines(ReadFile(dir + "/modeloutput.csv")) == 32);
}

TEST_CASE("--output-file-from-input names the results after the scenario") {
  const std::string copy = WriteTempFile("named_run.xml", ReadFile(kExample));
  const std::string expected = copy.substr(0, copy.size() - 4) + ".csv";
  std::filesystem::remove(expected);
  const CommandResult r = RunHawser("--input-file '" + copy + "' --output-file-from-input");
  CHECK(r.exit_code == 0);
  CHECK(std::filesystem::exists(expected));
}

TEST_CASE("--log-file receives what the program prints, errors included, it appends") {
  const std::string log = WriteTempFile("run.log", "");
  const std::string out = WriteTempFile("logged.csv", "");
  CommandResult r = RunHawser("run '" + kExample + "' -o '" + out + "' --log-file '" + log + "'");
  CHECK(r.exit_code == 0);
  CHECK(ReadFile(log).find("completed t = 0 .. 30, 31 rows") != std::string::npos);
  r = RunHawser("validate /nonexistent.xml --log-file '" + log + "'");
  CHECK(r.exit_code == 4);
  const std::string text = ReadFile(log);
  CHECK(text.find("completed") != std::string::npos);  // Still there: appended.
  CHECK(text.find("/nonexistent.xml") != std::string::npos);
}

TEST_CASE("--console-verbosity 0 prints nothing for a successful run") {
  const std::string out = WriteTempFile("quiet.csv", "");
  const CommandResult r = RunHawser("--input-file '" + kExample + "' --output-file '" + out +
                                    "' --console-verbosity 0");
  CHECK(r.exit_code == 0);
  CHECK(r.output.empty());
}

TEST_CASE("a bare scenario path runs it like `hawser run`, options included") {
  const std::string out = WriteTempFile("bare.csv", "");
  const CommandResult r = RunHawser("'" + kExample + "' -o '" + out + "'");
  CHECK(r.exit_code == 0);
  CHECK(CountLines(ReadFile(out)) == 32);  // Header and 31 rows: t = 0, 1, ..., 30.
  std::filesystem::remove(out);
}

TEST_CASE("a bare scenario path may leave out .xml, as FhSim's") {
  const std::string copy = WriteTempFile("bare_no_ext.xml", ReadFile(kExample));
  const std::string stem = copy.substr(0, copy.size() - 4);
  const std::string out = stem + ".csv";
  SUBCASE("with an absolute path") {
    const CommandResult r = RunHawser("'" + stem + "' --output-file '" + out + "'");
    CAPTURE(r.output);
    CHECK(r.exit_code == 0);
    CHECK(CountLines(ReadFile(out)) == 32);
  }
  SUBCASE("a bare name in the working directory, FhSim's flags after it") {
    const std::string dir = std::filesystem::path(copy).parent_path().string();
    const CommandResult r = RunHawser("bare_no_ext --output-file-from-input", dir);
    CAPTURE(r.output);
    CHECK(r.exit_code == 0);
    CHECK(CountLines(ReadFile(out)) == 32);
  }
  std::filesystem::remove(out);
  std::filesystem::remove(copy);
}

TEST_CASE("a bare word that is neither a command nor a file is a usage error, exit 2") {
  const std::string dir = std::filesystem::path(WriteTempFile("marker", "")).parent_path().string();
  const CommandResult r = RunHawser("lsit", dir);
  CHECK(r.exit_code == 2);
  CHECK(
      r.output.find(
          "error: 'lsit' is neither a command (run, eval, validate, list, describe, sweep, stats, "
          "view, vtk, fmu) nor a scenario file ('lsit' or 'lsit.xml' does not exist)") !=
      std::string::npos);
}

TEST_CASE("a bare path to a missing scenario fails as `hawser run` does, exit 4") {
  const CommandResult bare = RunHawser("/nonexistent/s.xml");
  const CommandResult run = RunHawser("run /nonexistent/s.xml");
  CHECK(bare.exit_code == 4);
  CHECK(run.exit_code == 4);
  CHECK(bare.output.find("cannot read scenario '/nonexistent/s.xml'") != std::string::npos);
  CHECK(bare.output == run.output);
}

TEST_CASE("a command name wins over a file of the same name") {
  const std::string file = WriteTempFile("list", "not a scenario");
  const CommandResult r = RunHawser("list", std::filesystem::path(file).parent_path().string());
  CHECK(r.exit_code == 0);
  CHECK(r.output.find("Cable/LinearSpring") != std::string::npos);
  std::filesystem::remove(file);
}

TEST_CASE("--file-verbosity 0 keeps only errors and warnings in the log file") {
  const std::string log = WriteTempFile("quiet.log", "");
  const std::string out = WriteTempFile("quiet_log.csv", "");
  CommandResult r = RunHawser("--input-file '" + kExample + "' --output-file '" + out +
                              "' --log-file '" + log + "' --file-verbosity 0");
  CHECK(r.exit_code == 0);
  CHECK(r.output.find("completed t = 0 .. 30, 31 rows") != std::string::npos);  // The console.
  CHECK(ReadFile(log).empty());
  r = RunHawser("validate /nonexistent.xml --log-file '" + log + "' --file-verbosity 0");
  CHECK(r.exit_code == 4);
  CHECK(ReadFile(log).find("cannot read scenario '/nonexistent.xml'") != std::string::npos);
  SUBCASE("--file-verbosity 1 is the default: everything printed") {
    r = RunHawser("'" + kExample + "' -o '" + out + "' --log-file '" + log +
                  "' --file-verbosity 1");
    CHECK(r.exit_code == 0);
    CHECK(ReadFile(log).find("completed t = 0 .. 30, 31 rows") != std::string::npos);
  }
  std::filesystem::remove(log);
  std::filesystem::remove(out);
}

}  // namespace
}  // namespace hawser::testing
