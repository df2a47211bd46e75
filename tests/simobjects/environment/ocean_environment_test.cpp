// Environment/Ocean and Environment/WaveProbe against Airy theory written here independently,
// a vertical line's drag in uniform and power-law currents against the closed form, and the
// service's load errors.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <numbers>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {
namespace {

/// k of omega^2 = g k tanh(k h) by bisection (independent of the library's Newton solve).
double WaveNumberByBisection(double omega, double depth, double g) {
  double lo = 0.0, hi = 10.0 * omega * omega / g + 10.0 / depth;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (g * mid * std::tanh(mid * depth) < omega * omega ? lo : hi) = mid;
  }
  return 0.5 * (lo + hi);
}

constexpr const char* kProbeEngine =
    R"(<Engine Integrator="rk4" stepsize="0.05" TOutput="0, 0.25, 3" FileOutput="objects:all"/>)";

TEST_CASE(
    "Environment/WaveProbe in a regular Airy wave: elevation and velocity vs the closed form") {
  // H = 2 m, T = 8 s, depth 50 m, travelling towards 30 deg, phase 20 deg; the probe at
  // (10, 5, -10) m. No stretching, so linear theory applies as written below the surface.
  const double height = 2.0, period = 8.0, depth = 50.0, g = 9.81;
  const double theta = 30.0 * std::numbers::pi / 180.0, phi = 20.0 * std::numbers::pi / 180.0;
  const Eigen::Vector3d p(10.0, 5.0, -10.0);
  const std::string xml = ScenarioXml(
      fmt::format(R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Depth="{}" )"
                  R"(Waves="regular" WaveHeight="{}" WavePeriod="{}" WaveDirection="30" )"
                  R"(WavePhase="20" Stretching="none"/>
<Lib LibName="base" SimObject="Environment/WaveProbe" Name="P" Position="10,5,-10"/>)",
                  depth, height, period),
      "", "<InitialCondition/>", kProbeEngine);
  const MemorySink sink = Run(xml);
  const double omega = 2.0 * std::numbers::pi / period;
  const double k = WaveNumberByBisection(omega, depth, g);
  const auto time = sink.times();
  const auto eta = sink.Column("P.Elevation");
  const auto u = sink.Column("P.WaterVelocity[0]");
  const auto w = sink.Column("P.WaterVelocity[2]");
  REQUIRE(time.size() == 13);
  for (size_t i = 0; i < time.size(); ++i) {
    const double psi =
        k * (p.x() * std::cos(theta) + p.y() * std::sin(theta)) - omega * time[i] + phi;
    const double a = height / 2.0;
    // eta = a cos psi; u_h = omega a cosh(k(z+h))/sinh(kh) cos psi along theta; w = omega a
    // sinh(k(z+h))/sinh(kh) sin psi (Newman 1977 6.2). k agrees with the library's to ~1e-15
    // relative (bisection to the last bit vs Newton to 1e-12), so the phases agree to ~1e-13:
    // tolerance 1e-10 m and 1e-10 m/s.
    CHECK(std::abs(eta[i] - a * std::cos(psi)) < 1e-10);
    const double ch = std::cosh(k * (p.z() + depth)) / std::sinh(k * depth);
    const double sh = std::sinh(k * (p.z() + depth)) / std::sinh(k * depth);
    CHECK(std::abs(u[i] - omega * a * ch * std::cos(psi) * std::cos(theta)) < 1e-10);
    CHECK(std::abs(w[i] - omega * a * sh * std::sin(psi)) < 1e-10);
  }
}

/// A taut vertical line from the seabed (z = -100) to the surface in a current; the sum of its
/// end forces after Settle.
Eigen::Vector3d SettledEndForces(const std::string& current) {
  // Neutrally buoyant (MassPerLength = rho pi d^2 / 4), 99 m stretched to 100 m by EA = 1e8 N:
  // tension ~1e6 N, so drag of ~6 kN tilts it by ~3e-3 rad and the drag stays normal to it.
  const double rho = 1025.0, d = 0.1;
  const double mass = rho * std::numbers::pi * d * d / 4.0;
  const std::string xml = ScenarioXml(
      fmt::format(
          R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Depth="100" {}/>
<Lib LibName="base" SimObject="Cable/Cable" Name="L" NumElements="100" Length="99" Diameter="{}" )"
          R"(MassPerLength="{:.17g}" EA="1e8" Cdn="1.2" Cdt="0"/>)",
          current, d, mass),
      R"(<Connection L.PositionA="0,0,-100" L.PositionB="0,0,0"/>)", "<InitialCondition/>",
      R"(<Engine Integrator="cvode-bdf" RelTol="1e-8" AbsTol="1e-8" TOutput="0, 0.1, 0.1" )"
      R"(Settle="1" FileOutput="objects:all"/>)");
  const MemorySink sink = Run(xml);
  Eigen::Vector3d sum;
  for (int k = 0; k < 3; ++k) {
    sum[k] = sink.Column(fmt::format("L.ForceA[{}]", k))[0] +
             sink.Column(fmt::format("L.ForceB[{}]", k))[0];
  }
  return sum;
}

TEST_CASE("Cable/Cable in an Environment/Ocean: drag of a vertical line in a uniform current") {
  // At rest the ends carry the whole drag, 1/2 rho Cdn d U^2 per unstretched metre over 99 m,
  // in the current's direction (45 deg: equal x and y). Tolerance 1e-3: the tilt (~3e-3 rad)
  // changes the normal drag by ~1e-5 and Settle's residual is far smaller.
  const double u = 1.5;
  const Eigen::Vector3d f =
      SettledEndForces(fmt::format(R"(CurrentProfile="uniform" CurrentSpeed="{}" )"
                                   R"(CurrentDirection="45")",
                                   u));
  const double total = 0.5 * 1025.0 * 1.2 * 0.1 * u * u * 99.0;
  CHECK(f.x() == doctest::Approx(total / std::sqrt(2.0)).epsilon(1e-3));
  CHECK(f.y() == doctest::Approx(total / std::sqrt(2.0)).epsilon(1e-3));
}

TEST_CASE("Cable/Cable in an Environment/Ocean: drag of a vertical line in a power-law current") {
  // U(z) = U0 ((z + h)/h)^(1/7): the drag per metre of water column integrates to
  // 1/2 rho Cdn d U0^2 h / (1 + 2/7), times l0/dz = 0.99 (unstretched per stretched metre).
  // Tolerance 3e-3: the nodes sample U^2 ~ s^(2/7), not smooth at the seabed, and the trapezoid
  // rule on s^(2/7) with 100 intervals is 0.10 % low; the tilt adds < 1e-4.
  const double u0 = 2.0;
  const Eigen::Vector3d f =
      SettledEndForces(fmt::format(R"(CurrentProfile="powerlaw" CurrentSpeed="{}")", u0));
  const double total = 0.99 * 0.5 * 1025.0 * 1.2 * 0.1 * u0 * u0 * 100.0 / (1.0 + 2.0 / 7.0);
  CHECK(f.x() == doctest::Approx(total).epsilon(3e-3));
  CHECK(std::abs(f.y()) < 1e-6 * total);
}

TEST_CASE("Environment/Ocean: load errors name the lines involved") {
  const std::string probe = R"(<Lib LibName="base" SimObject="Environment/WaveProbe" Name="P"/>)";
  const std::string sea = R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea"/>)";
  CHECK(Contains(AssemblyErrors(ScenarioXml(probe)),
                 "test.xml:2: error: P (Environment/WaveProbe) needs service 'ocean', and no "
                 "object provides it; expected an Environment/Ocean object in OBJECTS"));
  const std::string two = ScenarioXml(
      sea + "\n" + R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Other"/>)");
  CHECK(Contains(AssemblyErrors(two),
                 "test.xml:3: error: Other (Environment/Ocean) provides service 'ocean', which "
                 "Sea (Environment/Ocean) at line 2 already provides"));
  CHECK(Contains(
      AssemblyErrors(ScenarioXml(R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" )"
                                 R"(Waves="jonswop"/>)")),
      "expected one of none, regular, jonswap, pm, issc"));
  CHECK(Contains(
      AssemblyErrors(ScenarioXml(R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" )"
                                 R"(Waves="regular" WaveHeight="2"/>)")),
      "needs WaveHeight > 0 and WavePeriod > 0"));
}

}  // namespace
TEST_CASE(
    "Environment/Ocean WaveRampTime: the sea is r(t) times the full sea, and the "
    "acceleration is the time derivative of the velocity") {
  // A probe in the same regular wave with and without a 4 s ramp, every 1 ms over 6 s.
  auto probe = [](const std::string& ramp) {
    return Run(ScenarioXml(
        R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Depth="50" )"
        R"(Waves="regular" WaveHeight="2" WavePeriod="5" WaveDirection="30" Stretching="none" )" +
            ramp + R"(/>
<Lib LibName="base" SimObject="Environment/WaveProbe" Name="P" Position="10,5,-3"/>)",
        "", "<InitialCondition/>",
        R"(<Engine Integrator="rk4" stepsize="0.001" TOutput="0, 0.001, 6" )"
        R"(FileOutput="objects:all"/>)"));
  };
  const MemorySink full = probe(""), ramped = probe(R"(WaveRampTime="4")");
  const auto& t = ramped.times();
  for (size_t n = 1; n + 1 < t.size(); n += 50) {
    // r = (1 - cos(pi t / 4)) / 2 up to 4 s, then 1 (the documented ramp).
    const double r = t[n] < 4.0 ? 0.5 * (1.0 - std::cos(std::numbers::pi * t[n] / 4.0)) : 1.0;
    CHECK(ramped.Column("P.Elevation")[n] ==
          doctest::Approx(r * full.Column("P.Elevation")[n]).scale(1).epsilon(1e-14));
    for (int i = 0; i < 3; ++i) {
      const auto& u = ramped.Column(fmt::format("P.WaterVelocity[{}]", i));
      CHECK(u[n] == doctest::Approx(r * full.Column(fmt::format("P.WaterVelocity[{}]", i))[n])
                        .scale(1)
                        .epsilon(1e-14));
      // Central difference over 2 ms: truncation (w h)^2 / 6 ~ 1e-5 relative of accelerations
      // ~1.5 m/s^2, rounding 1e-16 / 1e-3: 1e-4 m/s^2.
      CHECK(ramped.Column(fmt::format("P.WaterAcceleration[{}]", i))[n] ==
            doctest::Approx((u[n + 1] - u[n - 1]) / (t[n + 1] - t[n - 1])).scale(1).epsilon(1e-4));
    }
  }
}

}  // namespace hawser::test
