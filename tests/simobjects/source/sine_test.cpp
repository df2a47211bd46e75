#include <doctest/doctest.h>

#include <cmath>
#include <numbers>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {

namespace {
constexpr double kPi = std::numbers::pi;
}  // namespace

TEST_CASE("Src/Sine follows Bias + Amplitude sin(2 pi t / T + phase) on every element") {
  const MemorySink sink = Run(ScenarioXml(
      R"(<Lib LibName="base" SimObject="Src/Sine" Name="S" PortWidth="2" PeriodS="4" )"
      R"(Amplitude="3" Bias="0.5"/>)"
      "\n"
      R"(<Lib LibName="base" SimObject="Src/Sine" Name="P" FHz="0.5" PhaseRad="0.3"/>)"));
  const std::vector<double>& t = sink.times();
  const auto s0 = sink.Column("S.Out[0]");
  const auto s1 = sink.Column("S.Out[1]");
  const auto p = sink.Column("P.Out");
  for (size_t i = 0; i < t.size(); ++i) {
    // Closed form evaluated independently; only rounding differs (1e-12).
    CHECK(s0[i] == doctest::Approx(0.5 + 3.0 * std::sin(2.0 * kPi * t[i] / 4.0)).epsilon(1e-12));
    CHECK(s1[i] == s0[i]);
    // FHz = 0.5 Hz is T = 2 s; the default Amplitude is 1.
    CHECK(p[i] == doctest::Approx(std::sin(kPi * t[i] + 0.3)).epsilon(1e-12));
  }
  // Quarter periods of T = 4 s, where the sine is known exactly: peak, zero, trough.
  CHECK(s0[10] == doctest::Approx(3.5).epsilon(1e-12));  // t = 1
  CHECK(s0[20] == doctest::Approx(0.5).epsilon(1e-12));  // t = 2
}

TEST_CASE("Src/Sine rests at Bias outside [StartTime, StopTime]") {
  const MemorySink sink = Run(ScenarioXml(
      R"(<Lib LibName="base" SimObject="Src/Sine" Name="S" PeriodS="1" Amplitude="2" Bias="-1" )"
      R"(StartTime="0.5" StopTime="1.5"/>)"));
  const std::vector<double>& t = sink.times();
  const auto s = sink.Column("S.Out");
  for (size_t i = 0; i < t.size(); ++i) {
    const bool active = t[i] >= 0.5 - 1e-12 && t[i] <= 1.5 + 1e-12;
    // The phase refers to t = 0, not StartTime (doc comment); rounding only.
    const double expected = active ? -1.0 + 2.0 * std::sin(2.0 * kPi * t[i]) : -1.0;
    CHECK(s[i] == doctest::Approx(expected).epsilon(1e-12));
  }
}

TEST_CASE("Src/Sine needs exactly one of PeriodS and FHz") {
  const std::string line2 = R"(<Lib LibName="base" SimObject="Src/Clock" Name="C"/>)"
                            "\n";
  SUBCASE("both") {
    const std::string e = AssemblyErrors(ScenarioXml(
        line2 + R"(<Lib LibName="base" SimObject="Src/Sine" Name="S" PeriodS="2" FHz="0.5"/>)"));
    CHECK(Contains(e, "test.xml:3:"));
    CHECK(Contains(e, "S (Src/Sine)"));
    CHECK(Contains(e, "PeriodS"));
    CHECK(Contains(e, "FHz"));
    CHECK(Contains(e, "expected exactly one"));
  }
  SUBCASE("neither") {
    const std::string e = AssemblyErrors(ScenarioXml(
        line2 + R"(<Lib LibName="base" SimObject="Src/Sine" Name="S" Amplitude="2"/>)"));
    CHECK(Contains(e, "test.xml:3:"));
    CHECK(Contains(e, "S (Src/Sine)"));
    CHECK(Contains(e, "neither PeriodS nor FHz"));
  }
  SUBCASE("not positive") {
    const std::string e = AssemblyErrors(
        ScenarioXml(line2 + R"(<Lib LibName="base" SimObject="Src/Sine" Name="S" FHz="-1"/>)"));
    CHECK(Contains(e, "test.xml:3:"));
    CHECK(Contains(e, "parameter 'FHz'"));
    CHECK(Contains(e, "a value > 0"));
  }
  SUBCASE("StopTime before StartTime") {
    const std::string e = AssemblyErrors(
        ScenarioXml(line2 + R"(<Lib LibName="base" SimObject="Src/Sine" Name="S" FHz="1" )"
                            R"(StartTime="2" StopTime="1"/>)"));
    CHECK(Contains(e, "test.xml:3:"));
    CHECK(Contains(e, "S (Src/Sine): StopTime (1) is before StartTime (2)"));
  }
  SUBCASE("PortWidth below 1") {
    const std::string e = AssemblyErrors(ScenarioXml(
        line2 + R"(<Lib LibName="base" SimObject="Src/Sine" Name="S" FHz="1" PortWidth="0"/>)"));
    CHECK(Contains(e, "test.xml:3:"));
    CHECK(Contains(e, "parameter 'PortWidth'"));
  }
}

TEST_CASE("Src/Sine describes itself") {
  const std::vector<std::string> params = DescribedParameters("Src/Sine");
  for (const char* name :
       {"PortWidth", "Amplitude", "Bias", "PeriodS", "FHz", "PhaseRad", "StartTime", "StopTime"}) {
    CHECK_MESSAGE(Has(params, name), name);
  }
}

}  // namespace hawser::test
