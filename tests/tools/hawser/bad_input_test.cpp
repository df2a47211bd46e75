// Bad scenarios through the real program: each must give one compiler-style message
// "file:line: error: ..." naming what is wrong, and exit code 2
// (docs/design.md, "Errors, exit codes and input limits").
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/tools/hawser/cli_support.h"
#include "tests/tools/hawser/spring_ball.h"

namespace hawser::testing {
namespace {

// A valid scenario; each case replaces one marked piece of it.
const std::string kBase = SpringBallScenario(
    {.variables = {R"(<Variable Name="k" Value="50" />)"},
     .spring = R"(Stiffness="${k}" RelaxedLength="1")",
     .more_objects = {R"(<Lib LibName="base" SimObject="Src/Clock" Name="Clock" />)"},
     .initial = R"(Ball.Pos="0,0,-1.5")",
     .engine =
         R"(IntegratorMethod="2" TOutput="0, 0.1, 1" AbsTol="1e-6" RelTol="1e-6" FileOutput="objects:all")"});

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  const auto pos = text.find(from);
  REQUIRE_MESSAGE(pos != std::string::npos, "test bug: '" << from << "' not in base scenario");
  return text.replace(pos, from.size(), to);
}

// 1-based line of the first occurrence of `marker` (independent of the program's own counting).
int LineOf(const std::string& text, const std::string& marker) {
  const auto pos = text.find(marker);
  REQUIRE_MESSAGE(pos != std::string::npos, "test bug: marker '" << marker << "' not found");
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + pos, '\n'));
}

struct BadCase {
  std::string name;
  std::string xml;
  std::string line_marker;  ///< The text on the line the message must point at ("" = no line).
  std::vector<std::string> fragments;  ///< Must all appear in the message.
  std::string extra_args = "";
};

std::vector<BadCase> Cases() {
  const std::string b = kBase;
  return {
      {"malformed XML",
       Replace(b, "<Lib LibName=\"base\" SimObject=\"Src/Clock\" Name=\"Clock\" />",
               "<Lib LibName=\"base\" SimObject=\"Src/Clock\" Name=\"Clock\" >"),
       "</OBJECTS>",
       {"malformed XML"}},
      {"missing section",
       Replace(Replace(b, "<INITIALIZATION>", ""), "</INITIALIZATION>", ""),
       "",
       {"INITIALIZATION"}},
      {"unknown section",
       Replace(Replace(b, "<VARIABLES>", "<VARIABLE>"), "</VARIABLES>", "</VARIABLE>"),
       "<VARIABLE>",
       {"VARIABLE", "did you mean 'VARIABLES'"}},
      {"unknown element",
       Replace(b, "<Lib LibName=\"base\" SimObject=\"Src/Clock\"",
               "<Lbi LibName=\"base\" SimObject=\"Src/Clock\""),
       "<Lbi",
       {"Lbi", "Lib"}},
      {"unknown type",
       Replace(b, "Cable/LinearSpring", "Cable/LinearSprng"),
       "Cable/LinearSprng",
       {"unknown SimObject type 'Cable/LinearSprng'", "did you mean 'Cable/LinearSpring'"}},
      {"unknown LibName",
       Replace(b, "LibName=\"base\" SimObject=\"Src/Clock\"",
               "LibName=\"bsae\" SimObject=\"Src/Clock\""),
       "bsae",
       {"unknown LibName 'bsae'", "did you mean 'base'"}},
      {"unknown parameter",
       Replace(b, "Stiffness=\"${k}\"", "Stifness=\"${k}\""),
       "Stifness",
       {"unknown parameter 'Stifness'", "did you mean 'Stiffness'"}},
      {"missing required parameter",
       Replace(b, " RelaxedLength=\"1\"", ""),
       "Name=\"Spring\"",
       {"Spring", "RelaxedLength", "required"}},
      {"non-numeric value",
       Replace(b, "Mass=\"2\"", "Mass=\"two\""),
       "Mass=\"two\"",
       {"Ball", "Mass", "'two'", "not a number"}},
      {"invalid value",
       Replace(b, "RelaxedLength=\"1\"", "RelaxedLength=\"-1\""),
       "RelaxedLength=\"-1\"",
       {"RelaxedLength", "expected a value >= 0"}},
      {"duplicate name",
       Replace(b, "Name=\"Clock\"", "Name=\"Ball\""),
       "Name=\"Ball\" />",
       {"'Ball'", "twice"}},
      {"unknown input port",
       Replace(b, "Spring.PosB=\"Ball.Pos\"", "Spring.PosC=\"Ball.Pos\""),
       "Spring.PosC",
       {"no input 'PosC'", "did you mean"}},
      {"unknown output port",
       Replace(b, "Spring.PosB=\"Ball.Pos\"", "Spring.PosB=\"Ball.Position\""),
       "Ball.Position",
       {"no output 'Position'", "did you mean 'Pos'"}},
      {"unknown object in connection",
       Replace(b, "Spring.PosB=\"Ball.Pos\"", "Spring.PosB=\"Bal.Pos\""),
       "Bal.Pos",
       {"unknown object 'Bal'", "did you mean 'Ball'"}},
      {"connection sets an output",
       Replace(b, "<Connection Ball.Force", "<Connection Spring.ForceA=\"0,0,0\" Ball.Force"),
       "Spring.ForceA",
       {"no input 'ForceA'", "is an output"}},
      {"literal of wrong width",
       Replace(b, "Spring.PosA=\"0,0,0\"", "Spring.PosA=\"0,0\""),
       "Spring.PosA",
       {"width mismatch", "Spring.PosA", "width 3"}},
      {"port of wrong width",
       Replace(b, "Spring.PosA=\"0,0,0\"", "Spring.PosA=\"Clock.SimTime\""),
       "Spring.PosA",
       {"width mismatch", "Clock.SimTime", "width 1"}},
      {"slice out of range",
       Replace(b, "Spring.PosA=\"0,0,0\"", "Spring.PosA=\"Ball.Pos[1:4]\""),
       "Spring.PosA",
       {"out of range", "Ball.Pos"}},
      {"unconnected input",
       Replace(b, "  <Connection Ball.Force=\"Spring.ForceB\" />\n", ""),
       "Name=\"Ball\"",
       {"input Ball.Force", "not connected"}},
      {"input connected twice",
       Replace(
           b, "<Connection Ball.Force=\"Spring.ForceB\" />",
           "<Connection Ball.Force=\"Spring.ForceB\" />\n  <Connection Ball.Force=\"0,0,1\" />"),
       "Ball.Force=\"0,0,1\"",
       {"Ball.Force", "twice"}},
      {"bad connection syntax",
       Replace(b, "Spring.PosA=\"0,0,0\"", "Spring.PosA=\"0,0,0 +\""),
       "Spring.PosA",
       {"Spring.PosA", "position"}},
      {"unknown variable",
       Replace(b, "Stiffness=\"${k}\"", "Stiffness=\"${kk}\""),
       "${kk}",
       {"kk", "k"}},
      {"unknown state in initial condition",
       Replace(b, "Ball.Pos=\"0,0,-1.5\"", "Ball.Position=\"0,0,-1.5\""),
       "Ball.Position",
       {"no state 'Position'", "did you mean 'Pos'"}},
      {"initial condition of wrong width",
       Replace(b, "Ball.Pos=\"0,0,-1.5\"", "Ball.Pos=\"0,-1.5\""),
       "Ball.Pos=\"0,-1.5\"",
       {"Ball.Pos", "width 3"}},
      {"bad TOutput",
       Replace(b, "TOutput=\"0, 0.1, 1\"", "TOutput=\"0, 0.1\""),
       "TOutput",
       {"TOutput"}},
      {"unknown Engine attribute",
       Replace(b, "RelTol=\"1e-6\"", "RelTolerance=\"1e-6\""),
       "RelTolerance",
       {"RelTolerance", "did you mean 'RelTol'"}},
      {"non-numeric tolerance",
       Replace(b, "AbsTol=\"1e-6\"", "AbsTol=\"tight\""),
       "AbsTol",
       {"AbsTol", "'tight'"}},
      {"unknown FileOutput object",
       Replace(b, "FileOutput=\"objects:all\"", "FileOutput=\"object.Bal:ports\""),
       "FileOutput",
       {"unknown object 'Bal'", "did you mean 'Ball'"}},
      {"algebraic loop",
       Replace(Replace(b, "<Lib LibName=\"base\" SimObject=\"Src/Clock\" Name=\"Clock\" />",
                       "<Lib LibName=\"base\" SimObject=\"Math/LinearMapping\" Name=\"P\" Cu=\"1\" "
                       "Cv=\"1\" />\n"
                       "  <Lib LibName=\"base\" SimObject=\"Math/LinearMapping\" Name=\"Q\" "
                       "Cu=\"1\" Cv=\"1\" />"),
               "<Connection Ball.Force",
               "<Connection P.InU=\"Q.Out\" P.InV=\"1\" Q.InU=\"P.Out\" Q.InV=\"0\" />\n  "
               "<Connection Ball.Force"),
       "P.InU",
       {"algebraic loop", "P.Out -> Q.InU -> Q.Out -> P.InU"}},
      {"--var for an unknown variable", b, "", {"--var", "kk"}, "--var kk=3"},
  };
}

TEST_CASE("every bad scenario gives file:line: error: with the right message and exit code 2") {
  int index = 0;
  for (const BadCase& c : Cases()) {
    CAPTURE(c.name);
    const std::string path = WriteTempFile(fmt::format("bad{:02}.xml", index++), c.xml);
    const CommandResult r = RunHawser("validate '" + path + "' " + c.extra_args);
    CAPTURE(r.output);
    CHECK(r.exit_code == 2);
    const std::string where =
        c.line_marker.empty() ? path + ":"
                              : fmt::format("{}:{}: error: ", path, LineOf(c.xml, c.line_marker));
    CHECK(r.output.find(where) != std::string::npos);
    for (const std::string& f : c.fragments) CHECK(r.output.find(f) != std::string::npos);
    CHECK(r.output.find("internal error") == std::string::npos);
  }
  CHECK(index >= 20);
}

TEST_CASE("run reports bad input the same way as validate, exit code 2, and writes no results") {
  const std::string path = WriteTempFile("bad_run.xml", Replace(kBase, "Mass=\"2\"", "Mass=\"0\""));
  const std::string out = WriteTempFile("bad_run.csv", "");
  const CommandResult r = RunHawser("run '" + path + "' -o '" + out + "'");
  CHECK(r.exit_code == 2);
  CHECK(r.output.find(fmt::format("{}:{}: error: ", path, LineOf(kBase, "Mass=\"2\""))) !=
        std::string::npos);
}

TEST_CASE("an integrator that cannot take the model fails the run before Settle and results") {
  // Semi-explicit Euler moves positions with their velocities; the ball's Vel has no position
  // declared as its rate. The run stops at the <Engine>'s line before it settles or opens the
  // result file: an earlier result there is left as it was.
  const std::string xml = Replace(kBase, R"(IntegratorMethod="2")",
                                  R"(Integrator="semi-explicit-euler" stepsize="0.01" Settle="1")");
  const std::string path = WriteTempFile("semi_explicit_body.xml", xml);
  const std::string out = WriteTempFile("semi_explicit_body.csv", "an earlier result\n");
  const CommandResult r = RunHawser("run '" + path + "' -o '" + out + "'");
  CAPTURE(r.output);
  CHECK(r.exit_code == 2);
  CHECK(r.output.find(fmt::format("{}:{}: error: ", path, LineOf(xml, "<Engine"))) !=
        std::string::npos);
  CHECK(r.output.find("Ball.Vel does not") != std::string::npos);
  CHECK(r.output.find("Settle:") == std::string::npos);
  CHECK(ReadFile(out) == "an earlier result\n");
}

TEST_CASE("validate reports several errors at once") {
  std::string xml = Replace(kBase, "Stiffness=\"${k}\"", "Stifness=\"${k}\"");
  xml = Replace(xml, "Mass=\"2\"", "Mass=\"2\" Colour=\"red\"");
  const CommandResult r = RunHawser("validate '" + WriteTempFile("multi.xml", xml) + "'");
  CHECK(r.exit_code == 2);
  CHECK(r.output.find("'Stifness'") != std::string::npos);
  CHECK(r.output.find("'Colour'") != std::string::npos);
}

TEST_CASE("a missing scenario file is an I/O error, exit code 4") {
  const CommandResult r = RunHawser("run /nonexistent/scenario.xml");
  CHECK(r.exit_code == 4);
  CHECK(r.output.find("/nonexistent/scenario.xml") != std::string::npos);
}

TEST_CASE("an unwritable output file is an I/O error, exit code 4") {
  const std::string path = WriteTempFile("good.xml", kBase);
  const CommandResult r = RunHawser("run '" + path + "' -o /nonexistent/dir/out.csv");
  CHECK(r.exit_code == 4);
  CHECK(r.output.find("/nonexistent/dir/out.csv") != std::string::npos);
}

TEST_CASE("usage errors exit with code 2") {
  CHECK(RunHawser("frobnicate").exit_code == 2);
  CHECK(RunHawser("run").exit_code == 2);
  CHECK(RunHawser("describe Cable/NoSuchThing").exit_code == 2);
}

}  // namespace
}  // namespace hawser::testing
