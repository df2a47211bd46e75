// Environment/Wind and the flow loads (Force/WindLoad, Force/CurrentLoad) against closed forms:
// the mean profiles by hand, the gust spectra's variance from the generated components against
// the spectra's integrals, and the steady load 1/2 rho C A U^2 through a run.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <numbers>
#include <string>

#include "simobjects/environment/wind_environment.h"
#include "simobjects/environment/wind_field.h"
#include "simobjects/force/flow_coefficients.h"
#include "tests/simobjects/scenario_test_util.h"
#include "tests/simobjects/temp_files.h"

namespace hawser::test {
namespace {

constexpr double kDeg = std::numbers::pi / 180.0;

TEST_CASE("wind profiles: power law, logarithmic and NPD by hand") {
  using wind::Profile;
  // 20 m/s at 10 m; at 50 m: 20 * 5^0.14 = 25.05450 (5^0.14 = e^(0.14 ln 5) = 1.2527252).
  const double power = wind::MeanSpeed({Profile::kPowerLaw, 20.0, 10.0, 0.14, 2e-4}, 50.0);
  CHECK(power == doctest::Approx(20.0 * std::exp(0.14 * std::log(5.0))).epsilon(1e-14));
  CHECK(power == doctest::Approx(25.05450).epsilon(1e-6));
  // ln(50 / 2e-4) / ln(10 / 2e-4) = 12.4292 / 10.8198 -> 22.97499 m/s.
  CHECK(wind::MeanSpeed({Profile::kLogarithmic, 20.0, 10.0, 0.14, 2e-4}, 50.0) ==
        doctest::Approx(22.97499).epsilon(1e-6));
  // NPD, U_0 = 30 m/s: C = 0.0573 sqrt(1 + 0.148 * 30) = 0.133645; U(50) = 30 (1 + C ln 5)
  // = 36.45282 m/s (by hand; API RP 2A-WSD 2.3.2b).
  CHECK(wind::MeanSpeed({Profile::kNpd, 30.0, 10.0, 0.14, 2e-4}, 50.0) ==
        doctest::Approx(36.45282).epsilon(1e-6));
  CHECK(wind::NpdMeanSpeed(30.0, 10.0) == 30.0);  // ln 1 = 0
}

TEST_CASE("wind gusts: the components' variance against the spectrum's integral") {
  const double f1 = 1.0 / 3600.0, f2 = 0.5;
  SUBCASE("Kaimal, closed form over the band") {
    const double sigma = 0.1 * 12.0, z = 90.0, l_over_u = 8.1 * 0.7 * 60.0 / 12.0;
    const auto gust = wind::GustComponents(
        [&](double f) { return wind::KaimalSpectrum(f, sigma, 12.0, z); }, 4000, f1, f2, 3);
    double variance = 0.0;
    for (const auto& c : gust) variance += c.amplitude * c.amplitude / 2.0;
    const double band = sigma * sigma *
                        (std::pow(1.0 + 6.0 * f1 * l_over_u, -2.0 / 3.0) -
                         std::pow(1.0 + 6.0 * f2 * l_over_u, -2.0 / 3.0));
    // The components' variance is a Riemann sum (one random point per bin of 1.25e-4 Hz) of a
    // smooth spectrum: its error is far below 1 %.
    CHECK(variance == doctest::Approx(band).epsilon(0.01));
    // And the band holds most of sigma_u^2 (the integral over all f is sigma^2 exactly).
    CHECK(band > 0.9 * sigma * sigma);
  }
  SUBCASE("NPD, numerical integral") {
    const double u0 = 25.0, z = 10.0;
    const auto gust = wind::GustComponents([&](double f) { return wind::NpdSpectrum(f, u0, z); },
                                           4000, f1, f2, 5);
    double variance = 0.0;
    for (const auto& c : gust) variance += c.amplitude * c.amplitude / 2.0;
    // The integral by the trapezoidal rule on 1e5 logarithmically spaced points (independent
    // of the components' bins); both within 1 % (Riemann sums of a smooth function).
    double integral = 0.0;
    const int n = 100000;
    for (int i = 0; i < n; ++i) {
      const double a = f1 * std::pow(f2 / f1, static_cast<double>(i) / n);
      const double b = f1 * std::pow(f2 / f1, static_cast<double>(i + 1) / n);
      integral += 0.5 * (wind::NpdSpectrum(a, u0, z) + wind::NpdSpectrum(b, u0, z)) * (b - a);
    }
    CHECK(variance == doctest::Approx(integral).epsilon(0.01));
    // At f = 0 the spectrum is 320 (U_0 / 10)^2 (z / 10)^0.45 = 2000 m^2/s (by hand).
    CHECK(wind::NpdSpectrum(0.0, u0, z) == doctest::Approx(2000.0).epsilon(1e-14));
  }
}

TEST_CASE("wind gust: the sum of its components' cosines, also at a time asked again") {
  const std::string xml = ScenarioXml(
      R"(<Lib LibName="base" SimObject="Environment/Wind" Name="W" Speed="11.4" Gust="kaimal"
 NumComponents="37"/>)");
  const Scenario scenario = LoadScenarioFromString(xml, "test.xml");
  const auto model = Model::Assemble(scenario, BuiltinRegistry());
  const auto& wind = dynamic_cast<const WindEnvironment&>(*model->FindObject("W"));
  REQUIRE(wind.gust_components().size() == 37);  // Not a multiple of the 4 vectorised lanes.
  // Gust keeps its last time's sum: a time asked again, right after or later, is that time's.
  for (double t : {0.0, 12.5, 12.5, 3600.25, 12.5, -7.0, 0.0}) {
    double sum = 0.0, scale = 0.0;
    for (const auto& c : wind.gust_components()) {
      sum += c.amplitude * std::cos(c.omega * t + c.phase);
      scale += std::abs(c.amplitude);
    }
    INFO("t = " << t);
    // 1e-15 of sum |a|: cosines to 1 ULP (SLEEF) summed in the same order.
    CHECK(std::abs(wind.Gust(t) - sum) <= 1e-15 * scale);
  }
}

TEST_CASE("flow coefficients: a table interpolated in heading, periodic, and areas") {
  const FlowCoefficients t = FlowCoefficients::Parse(
      "heading, cx, cy, cmz\n0, 100, 0, 0\n90, 0, 400, 1000\n270, 0, -400, -1000\n", "c.csv",
      {"s.xml", 2});
  CHECK(t.At(45.0).x() == doctest::Approx(50.0));
  CHECK(t.At(45.0).y() == doctest::Approx(200.0));
  CHECK(t.At(-45.0).z() == doctest::Approx(-500.0));  // between 270 and 360 = 0
  const FlowCoefficients a = FlowCoefficients::FromAreas(1.2, 100.0, 300.0);
  CHECK(a.At(180.0).x() == doctest::Approx(-120.0));
  CHECK(a.At(-90.0).y() == doctest::Approx(-360.0));
  try {
    FlowCoefficients::Parse("0, 1, 2\n", "c.csv", {"s.xml", 2});
    FAIL("no error");
  } catch (const ScenarioError& e) {
    CHECK(Contains(e.what(), "c.csv:1"));
    CHECK(Contains(e.what(), "has 3 values; expected 4"));
  }
}

/// A body at rest, yawed 10 deg, in `environment`, with a `load` object on it (inputs from
/// constants).
std::string LoadScenario(const std::string& environment, const std::string& load) {
  return ScenarioXml(
      environment + "\n" + load + R"(
<Lib LibName="base" SimObject="Src/Constant" Name="Zero" Value="0,0,0"/>
<Lib LibName="base" SimObject="Src/Constant" Name="Attitude" Value="0,0,10"/>)",
      R"(<Connection L.Pos="Zero.Out" L.Vel="Zero.Out" L.RollPitchYaw="Attitude.Out"/>)",
      "<InitialCondition/>",
      R"(<Engine Integrator="rk4" stepsize="0.1" TOutput="0, 1, 1" FileOutput="objects:all"/>)");
}

TEST_CASE("wind load: steady 1/2 rho Cd A u|u| on a yawed body, through a run") {
  // 20 m/s towards 40 deg; the body's yaw 10 deg: beta = 30 deg in the heading frame.
  const MemorySink sink = Run(LoadScenario(
      R"(<Lib LibName="base" SimObject="Environment/Wind" Name="W" Speed="20" Direction="40"/>)",
      R"(<Lib LibName="base" SimObject="Force/WindLoad" Name="L" Areas="100, 300"
     DragCoefficient="1.2" CentreOfPressure="0, 0, 20"/>)"));
  const double q = 0.5 * 1.225;  // rho / 2
  const double ux = 20.0 * std::cos(30 * kDeg), uy = 20.0 * std::sin(30 * kDeg);
  const double fx = q * 1.2 * 100.0 * ux * ux, fy = q * 1.2 * 300.0 * uy * uy;
  const double wx = fx * std::cos(10 * kDeg) - fy * std::sin(10 * kDeg);
  const double wy = fx * std::sin(10 * kDeg) + fy * std::cos(10 * kDeg);
  // 1e-12: the same arithmetic up to rounding.
  CHECK(sink.Column("L.Force[0]").back() == doctest::Approx(wx).epsilon(1e-12));
  CHECK(sink.Column("L.Force[1]").back() == doctest::Approx(wy).epsilon(1e-12));
  // The moment of F at 20 m above O: (0, 0, 20) x F = (-20 F_y, 20 F_x, 0).
  CHECK(sink.Column("L.Moment[0]").back() == doctest::Approx(-20.0 * wy).epsilon(1e-12));
  CHECK(sink.Column("L.Moment[1]").back() == doctest::Approx(20.0 * wx).epsilon(1e-12));
}

TEST_CASE("current load: coefficients per heading on the ocean's current, through a run") {
  // 1.5 m/s towards 100 deg; yaw 10 deg: beta = 90 deg, the table's row exactly.
  const std::string file = WriteTempFile("current_coefficients.csv",
                                         "0, 500, 0, 0\n90, 0, 2000, 8000\n"
                                         "180, -500, 0, 0\n270, 0, -2000, -8000\n");
  const MemorySink sink = Run(LoadScenario(
      R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" CurrentProfile="uniform"
     CurrentSpeed="1.5" CurrentDirection="100" Density="1025"/>)",
      fmt::format(R"(<Lib LibName="base" SimObject="Force/CurrentLoad" Name="L"
     CoefficientFile="{}" CentreOfPressure="0, 0, -10"/>)",
                  file)));
  const double q = 0.5 * 1025.0 * 1.5 * 1.5;
  CHECK(sink.Column("L.Force[0]").back() ==
        doctest::Approx(-q * 2000.0 * std::sin(10 * kDeg)).epsilon(1e-12));
  CHECK(sink.Column("L.Force[1]").back() ==
        doctest::Approx(q * 2000.0 * std::cos(10 * kDeg)).epsilon(1e-12));
  CHECK(sink.Column("L.Moment[2]").back() == doctest::Approx(q * 8000.0).epsilon(1e-12));
}

TEST_CASE("flow loads: missing or doubled coefficients, a bad row at file:line") {
  const std::string wind =
      R"(<Lib LibName="base" SimObject="Environment/Wind" Name="W" Speed="20"/>)";
  const std::string none = AssemblyErrors(
      LoadScenario(wind, R"(<Lib LibName="base" SimObject="Force/WindLoad" Name="L"/>)"));
  CHECK(Contains(none, "test.xml:3"));
  CHECK(Contains(none, "no coefficients; expected CoefficientFile or Areas"));
  const std::string file = WriteTempFile("bad_coefficients.csv", "# c\n0, 1, 2, 3\n90, 1, x, 3\n");
  const std::string bad = AssemblyErrors(LoadScenario(
      wind, fmt::format(
                R"(<Lib LibName="base" SimObject="Force/WindLoad" Name="L" CoefficientFile="{}"/>)",
                file)));
  CHECK(Contains(bad, file + ":3"));
  CHECK(Contains(bad, "coefficient row"));
}

}  // namespace
}  // namespace hawser::test
