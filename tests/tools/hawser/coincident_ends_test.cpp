// `hawser run` on springs and cables whose ends coincide: a start-up problem is bad input (exit
// 2, "file:line: error:" at the object's <Lib>); a run that meets it later fails (exit 3) naming
// the object and its <Lib> line. Exit codes: docs/design.md, "Errors, exit codes and input limits".
#include <doctest/doctest.h>

#include <string>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST_CASE(
    "run and validate: a spring with both ends at one point is a scenario error at its line") {
  const std::string path = WriteTempFile("coincident_spring.xml", R"(<Contents>
<OBJECTS>
<Lib LibName="base" SimObject="Cable/LinearSpring" Name="S" Stiffness="10" RelaxedLength="10" />
</OBJECTS>
<INTERCONNECTIONS><Connection S.PosA="0,0,0" S.PosB="0,0,0" /></INTERCONNECTIONS>
<INITIALIZATION><InitialCondition /></INITIALIZATION>
<INTEGRATION><Engine IntegratorMethod="2" TOutput="0, 1, 3" FileOutput="objects:all" /></INTEGRATION>
</Contents>
)");
  // validate finds it as run does: it computes the initial state too.
  for (const std::string& command :
       {"run '" + path + "' -o '" + path + ".csv' -q", "validate '" + path + "'"}) {
    const CommandResult r = RunHawser(command);
    CAPTURE(command);
    CHECK(r.exit_code == 2);
    CHECK_MESSAGE(Contains(r.output,
                           "coincident_spring.xml:3: error: S (Cable/LinearSpring): ends "
                           "PosA and PosB coincide at (0,0,0) at the start"),
                  r.output);
  }
}

TEST_CASE("run: a spring whose ends meet later fails naming the object and its line") {
  // k = 0: the mass coasts at -1 m/s from z = 1 and Euler steps of 0.25 s land on the anchor at
  // t = 1 exactly (constant velocity is exact for Euler).
  const std::string path = WriteTempFile("meeting_spring.xml", R"(<Contents>
<OBJECTS>
<Lib LibName="base" SimObject="Cable/LinearSpring" Name="S" Stiffness="0" RelaxedLength="0" />
<Lib LibName="base" SimObject="Body/Mass" Name="B" Mass="1" />
</OBJECTS>
<INTERCONNECTIONS><Connection S.PosA="0,0,0" S.PosB="B.Pos" B.Force="S.ForceB" /></INTERCONNECTIONS>
<INITIALIZATION><InitialCondition B.Pos="0,0,1" B.Vel="0,0,-1" /></INITIALIZATION>
<INTEGRATION><Engine Integrator="euler" stepsize="0.25" TOutput="0, 0.25, 2" /></INTEGRATION>
</Contents>
)");
  const CommandResult r = RunHawser("run '" + path + "' -o '" + path + ".csv' -q");
  CHECK(r.exit_code == 3);
  CHECK_MESSAGE(Contains(r.output, "S (Cable/LinearSpring, <Lib> at " + path + ":3)"), r.output);
}

}  // namespace
}  // namespace hawser::testing
