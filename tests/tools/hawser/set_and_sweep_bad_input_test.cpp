// `--set` names and sweep values that were accepted with a meaningless result or a misleading
// message, through the real program: each must end with exit 2 and a message naming
// the setting, what is wrong and what is valid, before any case runs.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/tools/hawser/cli_support.h"
#include "tests/tools/hawser/csv_text.h"

namespace hawser::testing {
namespace {

const std::string kMassOnSpring = HAWSER_SOURCE_DIR "/configs/mass_on_spring.xml";

// `hawser ARGS`: exit 2 and every fragment in the output.
void CheckRefused(const std::string& args, const std::vector<std::string>& fragments) {
  CAPTURE(args);
  const CommandResult r = RunHawser(args);
  CAPTURE(r.output);
  CHECK(r.exit_code == 2);
  for (const std::string& f : fragments) CHECK(r.output.find(f) != std::string::npos);
}

TEST_CASE("--set OBJ:STATE[i]: an index outside the state is refused with its width") {
  // Ball:Pos has width 3. -1 and 1e20 used to set the whole vector (exit 0), 7 asked for an
  // 8-value initial condition.
  const std::string out = WriteTempFile("set_index.csv", "");
  for (const std::string index : {"-1", "1e20", "7", "3", "1.5"}) {
    const std::string name = "Ball:Pos[" + index + "]";
    CheckRefused("run -q '" + kMassOnSpring + "' -o '" + out + "' --set '" + name + "=1'",
                 {"mass_on_spring.xml:18: error: --set " + name + ": index ",
                  "is out of range: state Ball.Pos has width 3; expected a whole number from 0 "
                  "to 2"});
  }
  // eval and sweep share the code.
  CheckRefused("eval '" + kMassOnSpring + "' --set 'Ball:Vel[-1]=1'",
               {"--set Ball:Vel[-1]: index -1 is out of range: state Ball.Vel has width 3"});
  CheckRefused("sweep -q '" + kMassOnSpring + "' -o '" + out + ".h5' --set 'Ball:Pos[3]=1,2'",
               {"--set Ball:Pos[3]: index 3 is out of range: state Ball.Pos has width 3"});
  CHECK(!std::filesystem::exists(out + ".h5"));  // Refused before the sweep's file is made.
  const std::string sweep_file = WriteTempFile("index.sweep", "k = 10, 20\nBall:Pos[-1] = 1, 2\n");
  CheckRefused(
      "sweep -q '" + kMassOnSpring + "' -o '" + out + ".h5' --sweep-file '" + sweep_file + "'",
      {"--set Ball:Pos[-1]: index -1 is out of range: state Ball.Pos has width 3"});
  CHECK(!std::filesystem::exists(out + ".h5"));
  CheckRefused("run -q '" + kMassOnSpring + "' -o '" + out + "' --set 'Ball:Pos[x]=1'",
               {"--set Ball:Pos[x]: 'x' is not a number"});
  std::filesystem::remove(out);
  std::filesystem::remove(sweep_file);
}

TEST_CASE("--set OBJ:STATE: a state that does not exist is named with the object's states") {
  const std::string out = WriteTempFile("set_state.csv", "");
  CheckRefused("run -q '" + kMassOnSpring + "' -o '" + out + "' --set 'Ball:Nope[0]=1'",
               {"mass_on_spring.xml:11: error: --set Ball:Nope[0]: Ball (Body/3DBody) has no "
                "state 'Nope'; its states are: Pos, Vel"});
  CheckRefused("run -q '" + kMassOnSpring + "' -o '" + out + "' --set 'Ball:Poss=1'",
               {"--set Ball:Poss: Ball (Body/3DBody) has no state 'Poss'; did you mean 'Pos'?"});
  CheckRefused("sweep -q '" + kMassOnSpring + "' -o '" + out + ".h5' --set 'Ball:Nope[1]=1,2'",
               {"--set Ball:Nope[1]: Ball (Body/3DBody) has no state 'Nope'"});
  // Parameters, Engine attributes and variables: the name, and the valid names.
  CheckRefused("run -q '" + kMassOnSpring + "' -o '" + out + "' --set Ball.Nope=1",
               {"Ball (Body/3DBody): unknown parameter 'Nope'; its parameters are: Mass"});
  CheckRefused("run -q '" + kMassOnSpring + "' -o '" + out + "' --set Engine.RelTl=1e-6",
               {"unknown Engine attribute 'RelTl'; did you mean 'RelTol'?"});
  CheckRefused("run -q '" + kMassOnSpring + "' -o '" + out + "' --set q=1",
               {"no variable 'q' in file", "variables in the file are: k, m"});
  std::filesystem::remove(out);
}

TEST_CASE("--set OBJ:STATE[i] of a state the scenario gives no value says the state's width") {
  // Ball's Vel has no <InitialCondition> here: one element of it has nothing to be set in.
  const std::string xml = WriteTempFile("no_vel.xml", R"(<Contents>
<OBJECTS>
<Lib LibName="base" SimObject="Body/3DBody" Name="Ball" Mass="1" Material="Steel" />
</OBJECTS>
<INTERCONNECTIONS>
<Connection Ball.Force="0,0,0" />
</INTERCONNECTIONS>
<INITIALIZATION>
<InitialCondition Ball.Pos="0,0,0" />
</INITIALIZATION>
<INTEGRATION>
<Engine TOutput="0, 0.1, 1" />
</INTEGRATION>
</Contents>
)");
  const std::string out = WriteTempFile("no_vel.csv", "");
  CheckRefused("run -q '" + xml + "' -o '" + out + "' --set 'Ball:Vel[1]=2'",
               {"no_vel.xml:3: error: --set Ball:Vel[1]: the scenario gives no initial condition "
                "for state Ball.Vel (width 3, indices 0 to 2) to set one element of; expected an "
                "<InitialCondition Ball.Vel=\"...\"/> with 3 values, or --set Ball:Vel=VALUE"});
  // The whole state may be set, then one element of it: the first row holds both, exactly.
  const CommandResult r =
      RunHawser("run -q '" + xml + "' -o '" + out +
                "' --set 'Ball:Vel=\"0,0,0\"' --set 'Ball:Vel[1]=2' --set 'Ball:Pos[2]=5'");
  CAPTURE(r.output);
  REQUIRE(r.exit_code == 0);
  const Csv csv = ParseCsv(ReadFile(out));
  REQUIRE(!csv.rows.empty());
  CHECK(csv.Column("Ball.Vel[0]")[0] == 0.0);
  CHECK(csv.Column("Ball.Vel[1]")[0] == 2.0);
  CHECK(csv.Column("Ball.Pos[2]")[0] == 5.0);
  std::filesystem::remove(out);
  std::filesystem::remove(xml);
}

TEST_CASE("sweep values that are not finite are refused, naming the expression and the value") {
  const std::string out = WriteTempFile("nonfinite.h5", "");
  std::filesystem::remove(out);
  const std::string run = "sweep -q '" + kMassOnSpring + "' -o '" + out + "' ";
  // 10^400 overflows: the cases used to fail one by one with exit 3.
  CheckRefused(run + "--set 'k=logspace(0, 400, 3)'",
               {"error: --set k: 'logspace(0, 400, 3)' makes inf (value 2, counting from 0); "
                "expected every value between -1.8e308 and 1.8e308"});
  CheckRefused(run + "--set 'k=1, 1e400'",
               {"error: --set k: value 1 (counting from 0), '1e400', is not finite"});
  CheckRefused(run + "--set 'k=1, \"-inf\"'",  // Quoted: kept verbatim, but still a number.
               {"error: --set k: value 1 (counting from 0), '\"-inf\"', is not finite"});
  CheckRefused(run + "--set 'k=1, nan'",
               {"error: --set k: value 1 (counting from 0), 'nan', is not finite"});
  CheckRefused(run + "--set 'k=linspace(0, 1e400, 3)'", {"'1e400' is not a finite number"});
  CheckRefused(run + "--set 'k=0:0:1'", {"range '0:0:1' never reaches 1"});
  // Counts: the documented limit of 1e6 values, checked before anything is generated.
  CheckRefused(run + "--set 'k=linspace(0, 1, 1e9)'",
               {"'linspace(0, 1, 1e9)' asks for 1e9 values; expected at most 1000000"});
  CheckRefused(run + "--set 'k=0:1e-300:1'",
               {"range '0:1e-300:1' has 1e+300 values; expected at most 1000000"});
  CheckRefused(run + "--set 'k=1, linspace(0, 1, 1000000)'",
               {"makes more than 1000000 values; expected at most 1000000"});
  const std::string sweep_file =
      WriteTempFile("nonfinite.sweep", "\n\nk = logspace(300, 310, 3)\n");
  CheckRefused(run + "--sweep-file '" + sweep_file + "'",
               {"nonfinite.sweep:3: error: --set k: 'logspace(300, 310, 3)' makes inf (value 2"});
  CHECK(!std::filesystem::exists(out));
  std::filesystem::remove(sweep_file);
}

TEST_CASE("sweep -j: a count of threads outside 1..1024 says so with the range") {
  const std::string out = WriteTempFile("jobs.h5", "");
  std::filesystem::remove(out);
  for (const std::string jobs : {"0", "-3", "5000", "abc", "1.5"}) {
    CheckRefused("sweep -q '" + kMassOnSpring + "' -o '" + out + "' --set k=10 -j " + jobs,
                 {"--jobs: '" + jobs +
                  "' is not a valid number of worker threads; expected a whole number from 1 to "
                  "1024"});
  }
  CHECK(!std::filesystem::exists(out));
}

}  // namespace
}  // namespace hawser::testing
