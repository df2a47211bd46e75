#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {

namespace {
constexpr const char* kFineEngine =
    R"(<Engine Integrator="cvode-bdf" AbsTol="1e-12" RelTol="1e-12" TOutput="0, 0.01, 2" )"
    R"(LogStates="1" FileOutput="objects:all"/>)";
}  // namespace

TEST_CASE("Math/Derivative of a sine: closed form and the lag error bound") {
  // u = sin(w t), w = 2 pi; Tf = 1e-3 (the default).
  const double w = 2.0 * std::numbers::pi, tf = 1e-3;
  const MemorySink sink =
      Run(ScenarioXml(R"(<Lib LibName="base" SimObject="Src/Sine" Name="S" PeriodS="1"/>)"
                      "\n"
                      R"(<Lib LibName="base" SimObject="Math/Derivative" Name="D"/>)",
                      R"(<Connection D.In="S.Out"/>)", "<InitialCondition/>", kFineEngine));
  const auto y = sink.Column("D.Out");
  const double bound_steady = tf * w * w;  // Tf max|u''|
  double max_late_error = 0.0;
  for (size_t i = 0; i < y.size(); ++i) {
    const double t = sink.times()[i];
    // Out is u' through the lag Out' = (u' - Out)/Tf with Out(0) = 0 (state starts at u(0)):
    // Out = w/(1 + w^2 Tf^2) (cos wt + w Tf sin wt - exp(-t/Tf)).
    const double closed = w / (1.0 + w * w * tf * tf) *
                          (std::cos(w * t) + w * tf * std::sin(w * t) - std::exp(-t / tf));
    // Out = (u - s)/Tf divides the state error (tolerance 1e-12, accumulating to ~1e-10) by
    // Tf = 1e-3: 1e-7 absolute (observed 3e-9).
    CHECK(y[i] == doctest::Approx(closed).scale(1).epsilon(1e-7));
    // e = Out - u' obeys e' = -e/Tf - u'': |e| <= |e(0)| exp(-t/Tf) + Tf max|u''|, e(0) = -w.
    const double error = std::abs(y[i] - w * std::cos(w * t));
    CHECK(error <= w * std::exp(-t / tf) + bound_steady + 1e-7);
    if (t >= 0.5) max_late_error = std::max(max_late_error, error);
  }
  CHECK(y[0] == doctest::Approx(0.0).scale(1).epsilon(1e-12));  // Starts at 0 by design.
  // The bound is nearly attained in steady state (amplitude w^2 Tf / sqrt(1 + w^2 Tf^2)):
  // sampled every 0.01 s the peak is seen to within cos(pi/100), so above 0.99 of it.
  CHECK(max_late_error > 0.99 * bound_steady / std::sqrt(1.0 + w * w * tf * tf));
}

TEST_CASE("Math/Derivative starts from In(0) unless State is given") {
  SUBCASE("not given: a constant input has derivative 0 throughout") {
    const MemorySink sink =
        Run(ScenarioXml(R"(<Lib LibName="base" SimObject="Math/Derivative" Name="D" PortWidth="2" )"
                        R"(TimeConstant="0.1"/>)",
                        R"(<Connection D.In="5,-3"/>)"));
    for (double v : sink.Column("D.Out[0]")) CHECK(v == 0.0);  // s = u exactly, s' = 0.
    for (double v : sink.Column("D.Out[1]")) CHECK(v == 0.0);
  }
  SUBCASE("given State = 0: Out = (u/Tf) exp(-t/Tf)") {
    const MemorySink sink = Run(ScenarioXml(
        R"(<Lib LibName="base" SimObject="Math/Derivative" Name="D" TimeConstant="0.5"/>)",
        R"(<Connection D.In="5"/>)", R"(<InitialCondition D.State="0"/>)"));
    const auto y = sink.Column("D.Out");
    for (size_t i = 0; i < y.size(); ++i) {
      // Integrator tolerance 1e-11 on s, divided by Tf = 0.5: 1e-8 is ample.
      CHECK(y[i] ==
            doctest::Approx(10.0 * std::exp(-2.0 * sink.times()[i])).scale(1).epsilon(1e-8));
    }
  }
}

TEST_CASE("Math/Derivative rejects a non-positive TimeConstant") {
  const std::string e = AssemblyErrors(
      ScenarioXml("\n"
                  R"(<Lib LibName="base" SimObject="Math/Derivative" Name="D" TimeConstant="0"/>)",
                  R"(<Connection D.In="1"/>)"));
  CHECK(Contains(e, "test.xml:3:"));
  CHECK(Contains(e, "D: parameter 'TimeConstant'"));
  CHECK(Contains(e, "a value > 0"));
}

TEST_CASE("Math/Derivative describes itself") {
  CHECK(DescribedParameters("Math/Derivative") ==
        std::vector<std::string>{"PortWidth", "TimeConstant"});
}

}  // namespace hawser::test
