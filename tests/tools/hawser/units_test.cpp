// Units in connections (docs/scenario-format.md): a connection from an output of one unit
// into an input of another is a warning naming both ports, both units and the <Connection>'s
// line; --strict-units makes it an error (exit 2); unitless '-' signals pass anything.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

// The <Connection> of Ball.Force is on line 10 (counted by hand).
std::string Scenario(const std::string& ball_force) {
  return R"(<Contents>
<OBJECTS>
  <Lib LibName="base" SimObject="Cable/LinearSpring" Name="Spring" Stiffness="50" RelaxedLength="1" />
  <Lib LibName="base" SimObject="Body/3DBody" Name="Ball" Mass="2" />
  <Lib LibName="base" SimObject="Src/Constant" Name="Push" Value="0,0,1" />
  <Lib LibName="base" SimObject="Math/LinearMapping" Name="Gain" Cu="1,0,0;0,1,0;0,0,1" Cv="0,0,0;0,0,0;0,0,0" />
</OBJECTS>
<INTERCONNECTIONS>
  <Connection Spring.PosA="0,0,0" Spring.PosB="Ball.Pos" Gain.InU="Ball.Pos" Gain.InV="0,0,0" />
  <Connection Ball.Force=")" +
         ball_force + R"(" />
</INTERCONNECTIONS>
<INITIALIZATION>
  <InitialCondition Ball.Pos="0,0,-1.5" />
</INITIALIZATION>
<INTEGRATION>
  <Engine IntegratorMethod="2" TOutput="0, 0.1, 0.5" FileOutput="objects:all" />
</INTEGRATION>
</Contents>
)";
}

const char* kMismatch =
    ":10: warning: units differ: output Spring.PosB [m] feeds input Ball.Force [N]; expected an "
    "output in N (or a unitless '-' signal)";

TEST_CASE("a connection from metres into newtons warns, naming ports, units and line") {
  const std::string path =
      WriteTempFile("units_mismatch.xml", Scenario("Spring.ForceB + Spring.PosB"));
  const std::string out = path + ".csv";
  const CommandResult validate = RunHawser("validate '" + path + "'");
  CAPTURE(validate.output);
  CHECK(validate.exit_code == 0);
  CHECK(validate.output.find(path + kMismatch) != std::string::npos);
  const CommandResult run = RunHawser("run '" + path + "' -o '" + out + "'");
  CAPTURE(run.output);
  CHECK(run.exit_code == 0);
  CHECK(run.output.find(path + kMismatch) != std::string::npos);
  std::filesystem::remove(out);
  std::filesystem::remove(path);
}

TEST_CASE("--strict-units turns the warning into an error, exit 2, before any result") {
  const std::string path = WriteTempFile("units_strict.xml", Scenario("Spring.PosB"));
  const std::string out = path + ".csv";
  for (const std::string& args : {"validate '" + path + "' --strict-units",
                                  "--strict-units run '" + path + "' -o '" + out + "'",
                                  "'" + path + "' --strict-units -o '" + out + "'"}) {
    CAPTURE(args);
    const CommandResult r = RunHawser(args);
    CAPTURE(r.output);
    CHECK(r.exit_code == 2);
    CHECK(r.output.find(path +
                        ":10: error: units differ: output Spring.PosB [m] feeds input Ball.Force "
                        "[N]; expected an output in N (or a unitless '-' signal) (an error with "
                        "--strict-units)") != std::string::npos);
    CHECK(r.output.find("warning:") == std::string::npos);
    CHECK_FALSE(std::filesystem::exists(out));
  }
  std::filesystem::remove(path);
}

TEST_CASE("unitless signals pass anything, and matching units give no warning") {
  // Push.Out and Gain.Out are '-'; Gain.InU ('-') takes Ball.Pos [m]; ForceB is N into N.
  const std::string path =
      WriteTempFile("units_ok.xml", Scenario("Spring.ForceB + Push.Out + 0.5*Gain.Out"));
  const CommandResult r = RunHawser("validate --strict-units '" + path + "'");
  CAPTURE(r.output);
  CHECK(r.exit_code == 0);
  CHECK(r.output.find("warning:") == std::string::npos);
  std::filesystem::remove(path);
}

TEST_CASE("every example in configs/ has consistent units") {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(HAWSER_SOURCE_DIR "/configs")) {
    if (entry.path().extension() != ".xml") continue;
    CAPTURE(entry.path().string());
    const CommandResult r = RunHawser("validate --strict-units '" + entry.path().string() + "'",
                                      HAWSER_SOURCE_DIR "/configs");
    CAPTURE(r.output);
    CHECK(r.exit_code == 0);
    CHECK(r.output.find("warning:") == std::string::npos);
    ++count;
  }
  CHECK(count > 10);
}

}  // namespace
}  // namespace hawser::testing
