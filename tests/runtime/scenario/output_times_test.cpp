// TOutput grammar (docs/design.md, "Scenario format"). Expected times are written out by hand from
// the grammar.
#include <doctest/doctest.h>

#include <cmath>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "runtime/scenario/engine_settings.h"

namespace hawser {
namespace {

const SourceLocation kLoc{"scenario.xml", 7};

// Parsed times equal `expected` to 1e-12 (round-off of from + i*step; distinct expected times in
// these tests are at least 0.05 apart).
void CheckTimes(const std::string& text, double start, double end,
                const std::vector<double>& expected) {
  CAPTURE(text);
  OutputTimes out = ParseOutputTimes(text, kLoc);
  CHECK(out.start == start);
  CHECK(out.end == end);
  REQUIRE(out.times.size() == expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    CAPTURE(i);
    CHECK(std::abs(out.times[i] - expected[i]) < 1e-12);
  }
}

// The ScenarioError message for `text`; fails the test when nothing is thrown.
std::string ErrorOf(const std::string& text) {
  try {
    ParseOutputTimes(text, kLoc);
  } catch (const ScenarioError& e) {
    CHECK(e.location().file == "scenario.xml");
    CHECK(e.location().line == 7);
    return e.message();
  }
  FAIL("no ScenarioError for '" << text << "'");
  return {};
}

void CheckError(const std::string& text, const std::string& what) {
  CAPTURE(text);
  std::string message = ErrorOf(text);
  CHECK(message.find("TOutput: '" + text + "'") == 0);
  CHECK(message.find(what) != std::string::npos);
  CHECK(message.find("expected 'start, [times or from:step:to ...,] end', e.g. '0, 1, 30'") !=
        std::string::npos);
}

TEST_CASE("TOutput: FhSim's '0, 1, 30' is an output every second, 31 times") {
  std::vector<double> expected;
  for (int i = 0; i <= 30; ++i) expected.push_back(i);
  CheckTimes("0, 1, 30", 0, 30, expected);
  CheckTimes("0,1,30", 0, 30, expected);
  CheckTimes("  0 ,1 , 30  ", 0, 30, expected);
}

TEST_CASE("TOutput: three numbers with a step that does not divide the span") {
  // Every 0.3 from 0 to 1: 0, 0.3, 0.6, 0.9 (1 is not on the grid).
  CheckTimes("0, 0.3, 1", 0, 1, {0, 0.3, 0.6, 0.9});
  // 0.1 * 3 = 0.30000000000000004 in doubles: the endpoint is still included, exactly.
  OutputTimes out = ParseOutputTimes("0, 0.1, 0.3", kLoc);
  REQUIRE(out.times.size() == 4);
  CHECK(out.times.back() == 0.3);
  // Step larger than the span: only the start.
  CheckTimes("0, 50, 30", 0, 30, {0});
}

TEST_CASE("TOutput: plain output times") {
  CheckTimes("0, 5, 30", 0, 30, {0, 5, 10, 15, 20, 25, 30});  // Three numbers: every 5.
  CheckTimes("0, 1, 2, 30", 0, 30, {1, 2});
  CheckTimes("0, 1, 3, 30", 0, 30, {1, 3});
  CheckTimes("0, 0, 30, 30", 0, 30, {0, 30});  // Start and end themselves are allowed.
  CheckTimes("1e0, 2.5e0, 1e1", 1, 10, {1, 3.5, 6, 8.5});
}

TEST_CASE("TOutput: ranges") {
  CheckTimes("0, 0:10:30, 30", 0, 30, {0, 10, 20, 30});
  CheckTimes("0, 10:5:Inf, 30", 0, 30, {10, 15, 20, 25, 30});
  CheckTimes("0, 10:5:inf, 30", 0, 30, {10, 15, 20, 25, 30});
  CheckTimes("0, 10:5:INF, 30", 0, 30, {10, 15, 20, 25, 30});
  CheckTimes("0, 10 : 5 : Inf , 30", 0, 30, {10, 15, 20, 25, 30});
  // `to` past the end: points after the end time are dropped.
  CheckTimes("0, 20:4:100, 30", 0, 30, {20, 24, 28});
  // A range whose step does not reach `to` exactly stops before it.
  CheckTimes("0, 0:4:10, 30", 0, 30, {0, 4, 8});
  // 0.1 steps up to 1: 11 points, the last exactly 1 (1e-9*step snapping).
  OutputTimes out = ParseOutputTimes("0, 0:0.1:1, 2", kLoc);
  REQUIRE(out.times.size() == 11);
  CHECK(out.times.back() == 1.0);
  CHECK(out.times[3] == doctest::Approx(0.3).epsilon(1e-15));
  // from + i*step, not a running sum: after 1000 steps of 0.001 the time is still 1.
  OutputTimes fine = ParseOutputTimes("0, 0:0.001:Inf, 1", kLoc);
  REQUIRE(fine.times.size() == 1001);
  CHECK(fine.times[500] == 0.5);
  CHECK(fine.times.back() == 1.0);
}

TEST_CASE("TOutput: mixtures of numbers and ranges, overlaps merged") {
  CheckTimes("0, 0:10:20, 3, 20:5:Inf, 25, 30", 0, 30, {0, 3, 10, 20, 25, 30});
  // Two grids meeting at 0.3 (one computed as 3*0.1) give one time there.
  CheckTimes("0, 0:0.1:0.3, 0.3:0.2:Inf, 1", 0, 1, {0, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9});
  // A single range between start and end is not FhSim's three-number form.
  CheckTimes("0, 1:1:3, 30", 0, 30, {1, 2, 3});
}

TEST_CASE("TOutput: every error names the text, what is wrong and the expected form") {
  CheckError("", "no times given");
  CheckError("   ", "no times given");
  CheckError("30", "needs at least a start and an end time");
  CheckError("0, 30", "no output times between the start and the end time");
  CheckError("0, , 30", "token 2 is empty");
  CheckError("0, 1, 30,", "token 4 is empty");
  CheckError("zero, 1, 30", "the start time 'zero' is not a finite number");
  CheckError("0, 1, end", "the end time 'end' is not a finite number");
  CheckError("0, 1, 30s", "the end time '30s' is not a finite number");  // Full consumption.
  CheckError("0, 1, Inf", "the end time 'Inf' is not a finite number");
  CheckError("nan, 1, 30", "the start time 'nan' is not a finite number");
  CheckError("0, 1, 1e999", "the end time '1e999' is not a finite number");
  CheckError("0:1:2, 1, 30", "the start time must be a number, not the range '0:1:2'");
  CheckError("0, 1, 0:1:30", "the end time must be a number, not the range '0:1:30'");
  CheckError("30, 1, 0", "the end time 0 must be greater than the start time 30");
  CheckError("5, 5, 5", "the end time 5 must be greater than the start time 5");
  CheckError("0, 0, 30", "the output interval 0 must be > 0");
  CheckError("0, -1, 30", "the output interval -1 must be > 0");
  CheckError("0, x, 30", "the output interval 'x' is not a finite number");
  CheckError("0, 1, y, 30", "an output time 'y' is not a finite number");
  CheckError("0, 1, Inf, 30", "an output time 'Inf' is not a finite number");
  CheckError("0, 1, 31, 30", "output time '31' is after the end time 30");
  CheckError("0, -1, 2, 30", "output time '-1' is before the start time 0");
  CheckError("0, 0:1, 30", "range '0:1' must have the form from:step:to");
  CheckError("0, 0:1:2:3, 30", "range '0:1:2:3' must have the form from:step:to");
  CheckError("0, a:1:2, 30", "range 'a:1:2': from 'a' is not a finite number");
  CheckError("0, 0:b:2, 30", "range '0:b:2': step 'b' is not a finite number");
  CheckError("0, 0:1:c, 30", "range '0:1:c': to 'c' is neither a finite number nor Inf");
  CheckError("0, 0:0:2, 30", "range '0:0:2': step 0 must be > 0");
  CheckError("0, 0:-1:Inf, 30", "range '0:-1:Inf': step -1 must be > 0");
  CheckError("0, 5:1:2, 30", "range '5:1:2': to 2 is less than from 5");
  CheckError("0, -5:1:Inf, 30", "output time '-5:1:Inf' is before the start time 0");
  CheckError("0, 40:1:Inf, 30", "output time '40:1:Inf' is after the end time 30");
  CheckError("0, 0:1e-300:Inf, 30", "gives more than 1e+08 output times");
  CheckError("0, 1e-300, 30", "gives more than 1e+08 output times");
}

TEST_CASE("TOutput: the error reads as a compiler diagnostic") {
  try {
    ParseOutputTimes("0, 1", kLoc);
    FAIL("no error");
  } catch (const ScenarioError& e) {
    CHECK(std::string(e.what()).find("scenario.xml:7: error: TOutput: '0, 1': ") == 0);
  }
}

TEST_CASE("Integrator and linear-solver names") {
  CHECK(ToString(IntegratorKind::kCvodeBdf) == "cvode-bdf");
  CHECK(ToString(IntegratorKind::kCvodeAdams) == "cvode-adams");
  CHECK(ToString(IntegratorKind::kRk4) == "rk4");
  CHECK(ToString(IntegratorKind::kEuler) == "euler");
  CHECK(ToString(LinearSolverKind::kAuto) == "auto");
  CHECK(ToString(LinearSolverKind::kDense) == "dense");
  CHECK(ToString(LinearSolverKind::kBand) == "band");
  CHECK(ToString(LinearSolverKind::kSparse) == "sparse");
  CHECK(ToString(LinearSolverKind::kGmres) == "gmres");
}

}  // namespace
}  // namespace hawser
