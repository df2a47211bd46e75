// `hawser run` on a Cable/Cable with BendingStiffness: a negative EI is bad input (exit 2,
// "file:line: error:" naming the parameter and what it expects); a line with EI runs.
#include <doctest/doctest.h>

#include <cstdio>
#include <string>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

std::string LineScenario(const std::string& bending) {
  return R"(<Contents>
<OBJECTS>
<Lib LibName="base" SimObject="Cable/Cable" Name="L" NumElements="10" Length="50" Diameter="0.1" MassPerLength="20" EA="1e6" BendingStiffness=")" +
         bending + R"(" />
</OBJECTS>
<INTERCONNECTIONS><Connection L.PositionA="0,0,0" L.PositionB="40,0,0" /></INTERCONNECTIONS>
<INITIALIZATION><InitialCondition /></INITIALIZATION>
<INTEGRATION><Engine IntegratorMethod="2" TOutput="0, 1, 3" FileOutput="objects:all" /></INTEGRATION>
</Contents>
)";
}

TEST_CASE("run: a negative BendingStiffness is bad input at its line, a line with EI runs") {
  const std::string bad = WriteTempFile("bending_negative.xml", LineScenario("-5"));
  const CommandResult refused = RunHawser("run '" + bad + "' -o '" + bad + ".csv' -q");
  CHECK(refused.exit_code == 2);
  CHECK_MESSAGE(refused.output.find("bending_negative.xml:3: error: L: parameter "
                                    "'BendingStiffness' = '-5' is invalid; expected a value >= "
                                    "0") != std::string::npos,
                refused.output);
  const std::string good = WriteTempFile("bending_line.xml", LineScenario("2e4"));
  const CommandResult ran = RunHawser("run '" + good + "' -o '" + good + ".csv' -q");
  CHECK_MESSAGE(ran.exit_code == 0, ran.output);
  for (const std::string& path : {bad, bad + ".csv", good, good + ".csv"}) {
    std::remove(path.c_str());
  }
}

}  // namespace
}  // namespace hawser::testing
