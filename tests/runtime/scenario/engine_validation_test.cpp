// Every <Engine> tolerance and step attribute is range-checked at load time.
// The valid ranges come from what the attributes mean (a relative tolerance is a fraction of the
// value, so 0 < RelTol < 1; steps are lengths of time, so >= 0 with 0 = "none"), not from the
// code under test.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "runtime/scenario/engine_parser.h"

namespace hawser {
namespace {

const SourceLocation kEngineLoc{"engine.xml", 12};

// The settings for `attributes` (name, value), each written on line 12 like the <Engine>.
EngineSettings Parse(const std::vector<std::pair<std::string, std::string>>& attributes) {
  std::vector<Attribute> list{{"TOutput", "0, 0.1, 1", kEngineLoc}};
  for (const auto& [name, value] : attributes) list.push_back({name, value, kEngineLoc});
  return ParseEngineSettings(list, kEngineLoc);
}

// Parsing must fail with one error at the <Engine> line whose message has every fragment.
void CheckRejected(const std::vector<std::pair<std::string, std::string>>& attributes,
                   const std::vector<std::string>& fragments) {
  std::string text;
  for (const auto& [name, value] : attributes) text += name + "=" + value + " ";
  CAPTURE(text);
  try {
    Parse(attributes);
    FAIL("accepted");
  } catch (const ScenarioErrors& es) {
    REQUIRE(es.errors().size() == 1);
    const ScenarioError& e = es.errors().front();
    CAPTURE(e.what());
    CHECK(e.location().file == "engine.xml");
    CHECK(e.location().line == 12);
    CHECK(std::string(e.what()).rfind("engine.xml:12: error: Engine", 0) == 0);
    CHECK(e.message().find("; expected ") != std::string::npos);
    for (const std::string& f : fragments) CHECK(e.message().find(f) != std::string::npos);
  }
}

TEST_CASE("Engine RelTol must lie strictly between 0 and 1") {
  // RelTol = 1 accepts a 100 % error per step: a mass-spring-damper then ended at z(1) = -1.97
  // instead of the closed-form -1.06. Values >= 1 and <= 0 are not tolerances.
  for (const char* bad : {"1", "1.0", "2", "1e3", "0", "-1e-6"}) {
    CheckRejected({{"RelTol", bad}}, {"Engine RelTol: ", "is out of range",
                                      "expected a tolerance with 0 < RelTol < 1"});
  }
  for (const char* good : {"1e-12", "1e-6", "0.5", "0.999"}) {
    CAPTURE(good);
    CHECK_NOTHROW(Parse({{"RelTol", good}}));
  }
}

TEST_CASE("Engine AbsTol must be a finite tolerance > 0") {
  // 0 makes CVODE's error weight of a zero state infinite; inf/nan are not numbers at all.
  CheckRejected({{"AbsTol", "0"}}, {"Engine AbsTol: 0 is out of range", "a tolerance > 0"});
  CheckRejected({{"AbsTol", "-1e-3"}}, {"Engine AbsTol: -0.001 is out of range"});
  CheckRejected({{"AbsTol", "inf"}}, {"Engine AbsTol: 'inf' is not a number"});
  CheckRejected({{"AbsTol", "1e999"}}, {"Engine AbsTol: '1e999' is not a number"});
  CHECK(Parse({{"AbsTol", "1e-9"}}).abs_tol == 1e-9);
}

TEST_CASE("Engine steps: HMin, HMax and stepsize >= 0, HMin <= HMax, fixed-step needs a step") {
  CheckRejected({{"HMax", "-0.1"}}, {"Engine HMax: -0.1 is out of range", "a step >= 0"});
  CheckRejected({{"HMin", "-1e-9"}}, {"Engine HMin: -1e-09 is out of range", "a step >= 0"});
  CheckRejected({{"stepsize", "-0.01"}}, {"Engine stepsize: -0.01 is out of range"});
  CheckRejected({{"HMin", "0.2"}, {"HMax", "0.1"}},
                {"HMin 0.2 is larger than HMax 0.1", "expected HMin <= HMax"});
  CheckRejected({{"IntegratorMethod", "1"}}, {"rk4 needs stepsize > 0", "expected e.g."});
  CheckRejected({{"Integrator", "euler"}, {"stepsize", "0"}}, {"euler needs stepsize > 0"});
  CheckRejected({{"Integrator", "semi-explicit-euler"}},
                {"semi-explicit-euler needs stepsize > 0"});
  CheckRejected({{"Integrator", "leapfrog"}}, {"leapfrog needs stepsize > 0"});
  CheckRejected({{"Integrator", "newmark"}}, {"newmark needs stepsize > 0"});
  CheckRejected({{"Integrator", "newmark"}, {"stepsize", "0.01"}, {"NewmarkBeta", "0.1"}},
                {"Engine NewmarkBeta: 0.1 is out of range", "1/6 <= NewmarkBeta <= 1/4"});
  CheckRejected({{"Integrator", "newmark"}, {"stepsize", "0.01"}, {"NewmarkBeta", "0.3"}},
                {"Engine NewmarkBeta: 0.3 is out of range"});
  CheckRejected({{"Integrator", "rk4"}, {"stepsize", "0.01"}, {"NewmarkBeta", "0.2"}},
                {"Engine NewmarkBeta is for Integrator=\"newmark\", not rk4"});
  CheckRejected({{"HMax", "nan"}}, {"Engine HMax: 'nan' is not a number"});
  // HMax = 0 and HMin = 0 mean "no limit"; stepsize = 0 is CVODE's own first step.
  EngineSettings s = Parse({{"HMax", "0"}, {"HMin", "0"}, {"stepsize", "0"}});
  CHECK(s.h_max == 0);
  CHECK(s.h_min == 0);
  CHECK(s.step_size == 0);
  CHECK_NOTHROW(Parse({{"HMin", "1e-8"}, {"HMax", "1e-8"}}));  // Equal is allowed.
}

TEST_CASE("Engine counts: MaxSteps and NumCores are whole numbers >= 1") {
  CheckRejected({{"MaxSteps", "0"}}, {"Engine MaxSteps: 0 is out of range", "from 1 to"});
  CheckRejected({{"MaxSteps", "-5"}}, {"Engine MaxSteps: -5 is out of range"});
  CheckRejected({{"MaxSteps", "1e12"}}, {"Engine MaxSteps: 1000000000000 is out of range"});
  CheckRejected({{"MaxSteps", "2.5"}}, {"Engine MaxSteps: '2.5' is not an integer"});
  CheckRejected({{"NumCores", "0"}}, {"Engine NumCores: 0 is out of range"});
  CheckRejected({{"IntegratorMethod", "-1"}}, {"Engine IntegratorMethod: -1 is not supported"});
  CHECK(Parse({{"MaxSteps", "1"}}).max_steps == 1);
}

TEST_CASE("Engine MaxOrder: 1 to 5 for cvode-bdf, 1 to 12 for cvode-adams") {
  CHECK(Parse({{"MaxOrder", "3"}}).max_order == 3);
  CHECK(Parse({{"Integrator", "cvode-adams"}, {"MaxOrder", "12"}}).max_order == 12);
  CheckRejected({{"MaxOrder", "6"}},
                {"Engine MaxOrder 6 is out of range for cvode-bdf", "expected 1 to 5"});
  CheckRejected({{"Integrator", "cvode-adams"}, {"MaxOrder", "13"}},
                {"Engine MaxOrder 13 is out of range for cvode-adams", "expected 1 to 12"});
  CheckRejected({{"MaxOrder", "0"}}, {"Engine MaxOrder: 0 is out of range"});
}

TEST_CASE("Engine: every bad attribute is reported at once") {
  try {
    Parse({{"RelTol", "1"}, {"AbsTol", "0"}, {"HMax", "-1"}});
    FAIL("accepted");
  } catch (const ScenarioErrors& es) {
    CHECK(es.errors().size() == 3);
  }
}

}  // namespace
}  // namespace hawser
