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

}  // namespace
}  // namespace hawser::testing
