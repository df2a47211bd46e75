#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "runtime/scenario/scenario.h"
#include "tests/runtime/scenario/fhsim_example.h"

namespace hawser {
namespace {

// 1 + the number of newlines before the first occurrence of `marker`: the line a message about
// that text must name, computed from the input alone.
int LineOf(const std::string& xml, const std::string& marker) {
  size_t pos = xml.find(marker);
  REQUIRE_MESSAGE(pos != std::string::npos, "marker not in test input: " << marker);
  return 1 + static_cast<int>(std::count(xml.begin(), xml.begin() + pos, '\n'));
}

std::vector<ScenarioError> ErrorsOf(const std::string& xml, const VariableOverrides& vars = {}) {
  try {
    LoadScenarioFromString(xml, "bad.xml", vars);
  } catch (const ScenarioErrors& e) {
    return e.errors();
  }
  FAIL("expected ScenarioErrors");
  return {};
}

// Checks that loading fails with an error containing `fragment` at `line` of bad.xml.
void CheckError(const std::string& xml, const std::string& fragment, int line,
                const VariableOverrides& vars = {}) {
  CAPTURE(xml);
  std::vector<ScenarioError> errors = ErrorsOf(xml, vars);
  std::string all;
  for (const auto& e : errors) {
    all += std::string(e.what()) + "\n";
    if (e.message().find(fragment) != std::string::npos) {
      CHECK(e.location().file == "bad.xml");
      CHECK(e.location().line == line);
      return;
    }
  }
  FAIL("no error containing '" << fragment << "'; got:\n" << all);
}

// A small valid scenario, one element per line, with parts that tests replace.
std::string Xml(const std::string& objects, const std::string& connections,
                const std::string& engine, const std::string& variables = "",
                const std::string& initial = "<InitialCondition />") {
  return "<Contents>\n" + variables + "<OBJECTS>\n" + objects + "\n</OBJECTS>\n" +
         "<INTERCONNECTIONS>\n" + connections + "\n</INTERCONNECTIONS>\n" + "<INITIALIZATION>\n" +
         initial + "\n</INITIALIZATION>\n" + "<INTEGRATION>\n" + engine + "\n</INTEGRATION>\n" +
         "</Contents>\n";
}
const std::string kLib = R"(<Lib LibName="base" SimObject="Cable/LinearSpring" Name="M" />)";
const std::string kConn = R"(<Connection M.PosA="0,0,0" M.PosB="0,0,5" />)";
const std::string kEngine = R"(<Engine IntegratorMethod="2" TOutput="0, 1, 30" />)";

TEST_CASE("FhSim's LinearSpring example loads with its values") {
  Scenario s = LoadScenarioFromString(kFhSimLinearSpring, "spring.xml");
  CHECK(s.file == "spring.xml");
  CHECK(s.xml_text == kFhSimLinearSpring);

  REQUIRE(s.objects.size() == 1);
  const ObjectDecl& m = s.objects[0];
  CHECK(m.lib_name == "base");
  CHECK(m.type == "Cable/LinearSpring");
  CHECK(m.name == "M");
  CHECK(m.loc.line == LineOf(kFhSimLinearSpring, "<Lib"));
  REQUIRE(m.parameters.size() == 2);
  CHECK(m.parameters[0].name == "Stiffness");
  CHECK(m.parameters[0].value == "10");
  CHECK(m.parameters[1].name == "RelaxedLength");
  CHECK(m.parameters[1].value == "10");
  CHECK(m.parameters[1].loc.line == LineOf(kFhSimLinearSpring, "RelaxedLength"));

  REQUIRE(s.connections.size() == 2);
  CHECK(s.connections[0].object == "M");
  CHECK(s.connections[0].port == "PosA");
  CHECK(s.connections[0].text == "0,0,0");
  REQUIRE(s.connections[0].terms.size() == 1);
  CHECK(s.connections[0].terms[0].literal == std::vector<double>{0, 0, 0});
  CHECK(s.connections[1].port == "PosB");
  REQUIRE(s.connections[1].terms.size() == 1);
  CHECK(s.connections[1].terms[0].literal == std::vector<double>{0, 0, 5});
  CHECK(s.connections[1].loc.line == LineOf(kFhSimLinearSpring, "M.PosB"));

  CHECK(s.initial_conditions.empty());
  CHECK(s.variables.empty());

  const EngineSettings& e = s.engine;
  CHECK(e.integrator == IntegratorKind::kCvodeBdf);  // IntegratorMethod="2"
  CHECK(e.num_cores == 1);
  CHECK(e.log_states);
  CHECK(e.step_size == 0.0);
  CHECK(e.h_max == 0.002);
  CHECK(e.h_min == 1e-8);
  CHECK(e.abs_tol == 1e-3);
  CHECK(e.rel_tol == 1e-3);
  CHECK_FALSE(e.use_rss_norm);
  CHECK(e.file_output == std::vector<std::string>{"objects:all"});
  CHECK(e.loc.line == LineOf(kFhSimLinearSpring, "<Engine"));
  // "0, 1, 30": every 1 s from 0 to 30 inclusive, i.e. 31 times
  // (docs/design.md, "Scenario format").
  CHECK(e.output.start == 0.0);
  CHECK(e.output.end == 30.0);
  REQUIRE(e.output.times.size() == 31);
  CHECK(e.output.times.front() == 0.0);
  CHECK(e.output.times.back() == 30.0);
}

TEST_CASE("variables are substituted everywhere, in any order, and --var overrides them") {
  const std::string xml =
      Xml(R"(<Lib LibName="base" SimObject="Cable/LinearSpring" Name="M" Stiffness="${k}" />)",
          R"(<Connection M.PosA="0,0,0" M.PosB="0,0,${len}" />)",
          R"(<Engine IntegratorMethod="2" TOutput="0, 1, ${tend}" AbsTol="${tol}" />)",
          // `len` is used by `k` before its own declaration: order does not matter.
          "<VARIABLES>\n<Variable Name=\"k\" Value=\"2*${len}\"/>\n"
          "<Variable Name=\"len\" Value=\"5\"/>\n<Variable Name=\"tend\" Value=\"30\"/>\n"
          "<Variable Name=\"tol\" Value=\" 1e-4 \"/>\n</VARIABLES>\n",
          R"(<InitialCondition M.Pos="${len}, 0, 0" />)");
  Scenario s = LoadScenarioFromString(xml, "vars.xml");
  CHECK(s.variables.at("len") == "5");
  CHECK(s.variables.at("k") == "2*5");
  REQUIRE(s.objects.size() == 1);
  CHECK(s.objects[0].parameters[0].value == "2*5");
  CHECK(s.connections[1].terms[0].literal == std::vector<double>{0, 0, 5});
  CHECK(s.engine.output.end == 30.0);
  CHECK(s.engine.abs_tol == 1e-4);
  REQUIRE(s.initial_conditions.size() == 1);
  CHECK(s.initial_conditions[0].object == "M");
  CHECK(s.initial_conditions[0].state == "Pos");
  CHECK(s.initial_conditions[0].value == std::vector<double>{5, 0, 0});

  Scenario o = LoadScenarioFromString(xml, "vars.xml", {{"len", "7"}, {"tend", "10"}});
  CHECK(o.variables.at("len") == "7");
  CHECK(o.variables.at("k") == "2*7");  // Dependents follow the override.
  CHECK(o.connections[1].terms[0].literal == std::vector<double>{0, 0, 7});
  CHECK(o.engine.output.end == 10.0);
}

TEST_CASE("hawser's Engine extensions") {
  const std::string xml =
      Xml(kLib, kConn,
          R"(<Engine IntegratorMethod = "2" Integrator="rk4 " stepsize="0.01" LinearSolver="band")"
          R"( MaxSteps="1000" FileOutput=" object.M:ports , object.M.PosA" TOutput="0, 1, 2" />)");
  Scenario s = LoadScenarioFromString(xml, "ext.xml");
  CHECK(s.engine.integrator == IntegratorKind::kRk4);  // Integrator overrides IntegratorMethod.
  CHECK(s.engine.step_size == 0.01);
  CHECK(s.engine.linear_solver == LinearSolverKind::kBand);
  CHECK(s.engine.max_steps == 1000);
  CHECK(s.engine.file_output == std::vector<std::string>{"object.M:ports", "object.M.PosA"});
  // IntegratorMethod 0 is explicit Euler; with a step it loads.
  Scenario euler = LoadScenarioFromString(
      Xml(kLib, kConn, R"(<Engine IntegratorMethod="0" stepsize="0.1" TOutput="0, 1, 2"/>)"), "e");
  CHECK(euler.engine.integrator == IntegratorKind::kEuler);
}

TEST_CASE("a connection value may sum terms") {
  const std::string xml =
      Xml(kLib + "\n" + R"(<Lib LibName="base" SimObject="Body/Mass" Name="B" />)",
          R"(<Connection B.Force="M.ForceB - 0,0,100" M.PosA="0,0,0" M.PosB="-1*B.Pos[0:3]"/>)",
          kEngine);
  Scenario s = LoadScenarioFromString(xml, "sum.xml");
  REQUIRE(s.connections.size() == 3);
  CHECK(s.connections[0].object == "B");
  CHECK(s.connections[0].port == "Force");
  REQUIRE(s.connections[0].terms.size() == 2);
  CHECK(s.connections[0].terms[1].factor == -1.0);
  CHECK(s.connections[2].terms[0].slice_end == 3);
}

TEST_CASE("malformed XML names the line pugixml stopped at") {
  // The closing tag does not match <OBJECTS>.
  const std::string xml = Xml(kLib, kConn, kEngine);
  std::string bad = xml;
  bad.replace(bad.find("</OBJECTS>"), 10, "</OBJECT>");
  CheckError(bad, "malformed XML: Start-end tags mismatch", LineOf(bad, "</OBJECT>"));
  // An attribute without '=': pugixml stops on that line.
  std::string no_eq = xml;
  no_eq.replace(no_eq.find("Name=\"M\""), 8, "Name \"M\"");
  CheckError(no_eq, "malformed XML: Error parsing element attribute", LineOf(no_eq, "Name \"M"));
}

TEST_CASE("the root element and the sections are checked") {
  CheckError("<Content>\n</Content>\n", "root element is <Content>; expected <Contents>", 1);
  // INITIALIZATION missing: reported at <Contents>, line 1.
  std::string no_init = Xml(kLib, kConn, kEngine);
  no_init.erase(no_init.find("<INITIALIZATION>"),
                no_init.find("<INTEGRATION>") - no_init.find("<INITIALIZATION>"));
  CheckError(no_init, "missing section <INITIALIZATION>", 1);
  std::string typo = Xml(kLib, kConn, kEngine);
  typo.replace(typo.find("<OBJECTS>"), 9, "<OBJECT>");
  typo.replace(typo.find("</OBJECTS>"), 10, "</OBJECT>");
  CheckError(typo, "unknown section <OBJECT>; did you mean 'OBJECTS'?", LineOf(typo, "<OBJECT>"));
  CheckError(typo, "missing section <OBJECTS>", 1);
}

TEST_CASE("unknown elements and bad <Lib> declarations") {
  const std::string lb =
      Xml(R"(<Lb LibName="base" SimObject="Cable/LinearSpring" Name="M" />)", kConn, kEngine);
  CheckError(lb, "unknown element <Lb> in <OBJECTS>; did you mean 'Lib'?", LineOf(lb, "<Lb"));
  const std::string no_name =
      Xml(R"(<Lib LibName="base" SimObject="Cable/LinearSpring" />)", kConn, kEngine);
  CheckError(no_name, "<Lib> without Name", LineOf(no_name, "<Lib"));
  const std::string bad_name =
      Xml(R"(<Lib LibName="base" SimObject="Cable/LinearSpring" Name="2M" />)", kConn, kEngine);
  CheckError(bad_name, "object name '2M' is not a valid name", LineOf(bad_name, "<Lib"));
  const std::string twice = Xml(kLib + "\n" + kLib, kConn, kEngine);
  CheckError(twice, "object name 'M' is used twice (first at line 3)", 4);  // Lines 3 and 4.
}

TEST_CASE("variable errors") {
  const std::string vars = "<VARIABLES>\n<Variable Name=\"k\" Value=\"10\"/>\n</VARIABLES>\n";
  const std::string unknown =
      Xml(R"(<Lib LibName="base" SimObject="Cable/LinearSpring" Name="M" Stiffness="${kk}" />)",
          kConn, kEngine, vars);
  CheckError(unknown,
             "unknown variable '${kk}' in '${kk}'; did you mean 'k'?; known variables "
             "are: k",
             LineOf(unknown, "<Lib"));
  const std::string ok = Xml(kLib, kConn, kEngine, vars);
  CheckError(ok,
             "--var q: no variable 'q' in file; did you mean 'k'?; variables in the file are: k", 0,
             {{"q", "1"}});
  const std::string cycle = Xml(kLib, kConn, kEngine,
                                "<VARIABLES>\n<Variable Name=\"a\" Value=\"${b}\"/>\n"
                                "<Variable Name=\"b\" Value=\"${a}+1\"/>\n</VARIABLES>\n");
  CheckError(cycle, "variable 'a' refers to itself: a -> b -> a", LineOf(cycle, "Name=\"a\""));
}

TEST_CASE("connection and initial condition errors") {
  const std::string syntax = Xml(kLib, R"(<Connection M.PosA="0,0,0" M.PosB="0,0,+" />)", kEngine);
  // "0,0,+": the third element, a lone sign, is the 5th character.
  CHECK(syntax.find("0,0,+") != std::string::npos);
  CheckError(syntax,
             "M.PosB: connection value '0,0,+': element 3 '+' is not a number (an incomplete "
             "expression) at position 5",
             LineOf(syntax, "<Connection"));
  const std::string target = Xml(kLib, R"(<Connection PosA="0,0,0" M.PosB="0,0,5" />)", kEngine);
  CheckError(target, "'PosA' is not of the form Obj.Port", LineOf(target, "<Connection"));
  const std::string twice = Xml(kLib, kConn + "\n" + R"(<Connection M.PosA="0,0,1" />)", kEngine);
  CheckError(twice, "input M.PosA is connected twice", LineOf(twice, "0,0,1"));
  const std::string ic = Xml(kLib, kConn, kEngine, "", R"(<InitialCondition M.Pos="1,x" />)");
  CheckError(ic, "initial condition M.Pos: '1,x' is not a list of numbers",
             LineOf(ic, "<InitialCondition"));
}

TEST_CASE("Engine errors") {
  auto engine = [](const std::string& e) { return Xml(kLib, kConn, e); };
  const std::string abstol = engine(R"(<Engine TOutput="0, 1, 30" AbsTol="abc" />)");
  CheckError(abstol, "Engine AbsTol: 'abc' is not a number", LineOf(abstol, "<Engine"));
  const std::string toutput = engine(R"(<Engine TOutput="10, 0" />)");
  CheckError(toutput, "TOutput: '10, 0'", LineOf(toutput, "<Engine"));
  const std::string no_toutput = engine(R"(<Engine AbsTol="1e-6" />)");
  CheckError(no_toutput, "<Engine> has no TOutput", LineOf(no_toutput, "<Engine"));
  const std::string typo = engine(R"(<Engine TOutput="0, 1, 30" RelTole="1e-3" />)");
  CheckError(typo, "unknown Engine attribute 'RelTole'; did you mean 'RelTol'?",
             LineOf(typo, "<Engine"));
  const std::string two = engine(kEngine + "\n" + kEngine);
  // The two <Engine> lines are consecutive; the second is one below the first.
  CheckError(two, "second <Engine> (first at line " + std::to_string(LineOf(two, "<Engine")),
             LineOf(two, "<Engine") + 1);
  const std::string log = engine(R"(<Engine TOutput="0, 1, 30" LogStates="yes" />)");
  CheckError(log, "Engine LogStates: 'yes' is not a bool", LineOf(log, "<Engine"));
  const std::string rk4 = engine(R"(<Engine IntegratorMethod="1" stepsize="0" TOutput="0,1,2"/>)");
  CheckError(rk4, "fixed-step integrator rk4 needs stepsize > 0", LineOf(rk4, "<Engine"));
  const std::string h = engine(R"(<Engine TOutput="0,1,2" HMax="0.1" HMin="0.2" />)");
  CheckError(h, "HMin 0.2 is larger than HMax 0.1", LineOf(h, "<Engine"));
  const std::string tol = engine(R"(<Engine TOutput="0,1,2" RelTol="0" />)");
  CheckError(tol, "Engine RelTol: 0 is out of range; expected a tolerance with 0 < RelTol < 1",
             LineOf(tol, "<Engine"));
  const std::string method = engine(R"(<Engine TOutput="0,1,2" Integrator="cvode-bfd" />)");
  CheckError(method, "'cvode-bfd' is not known; did you mean 'cvode-bdf'?",
             LineOf(method, "<Engine"));
  const std::string im = engine(R"(<Engine TOutput="0,1,2" IntegratorMethod="3" />)");
  CheckError(im, "Engine IntegratorMethod: 3 is not supported", LineOf(im, "<Engine"));
  const std::string cores = engine(R"(<Engine TOutput="0,1,2" NumCores="0" />)");
  CheckError(cores, "Engine NumCores: 0 is out of range", LineOf(cores, "<Engine"));
}

TEST_CASE("an attribute on a continuation line is reported at its own line") {
  std::string xml = kFhSimLinearSpring;
  xml.replace(xml.find("AbsTol=\"1e-3\""), 13, "AbsTol=\"1e-3x\"");
  CheckError(xml, "Engine AbsTol: '1e-3x' is not a number", LineOf(xml, "AbsTol"));
  CHECK(LineOf(xml, "AbsTol") == LineOf(xml, "<Engine") + 1);
}

TEST_CASE("all errors of a file are reported in one pass") {
  const std::string xml =
      Xml(R"(<Lib LibName="base" SimObject="Cable/LinearSpring" Name="2M" />)",
          R"(<Connection PosA="0,0,0" />)", R"(<Engine TOutput="0, 1, 30" LogStates="yes" />)");
  CHECK(ErrorsOf(xml).size() == 3);  // Name, connection target, LogStates.
}

TEST_CASE("LoadScenario reads a file and reports unreadable ones as IoError") {
  const std::filesystem::path path =
      std::filesystem::temp_directory_path() / "hawser_scenario_loader_test.xml";
  {
    std::ofstream out(path);
    out << kFhSimLinearSpring;
  }
  Scenario s = LoadScenario(path.string());
  CHECK(s.file == path.string());
  CHECK(s.xml_text == kFhSimLinearSpring);
  std::filesystem::remove(path);

  CHECK_THROWS_WITH_AS(LoadScenario("/nonexistent/dir/x.xml"),
                       doctest::Contains("cannot read scenario '/nonexistent/dir/x.xml'"), IoError);
}

}  // namespace
}  // namespace hawser
