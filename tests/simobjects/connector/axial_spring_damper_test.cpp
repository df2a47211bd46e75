#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <numbers>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {

namespace {

/// An axial spring-damper "S" with literal kinematics inputs, evaluated once at t = 0.
struct Evaluated {
  std::unique_ptr<Model> model;
  double Get(const std::string& port, int i = 0) const { return OutputOf(*model, "S", port)[i]; }
};

Evaluated EvaluateAtStart(const std::string& params, const std::string& connections) {
  const std::string lib =
      R"(<Lib LibName="base" SimObject="Connector/AxialSpringDamper" Name="S" )" + params + "/>";
  Evaluated e{Model::Assemble(LoadScenarioFromString(ScenarioXml(lib, connections), "test.xml"),
                              BuiltinRegistry())};
  std::vector<double> x = e.model->InitialState(0.0);
  REQUIRE(e.model->EvaluateOutputs(0.0, x.data()));
  return e;
}

/// Quaternion (w,x,y,z) of a rotation by `angle` about world z, as connection text.
std::string QuatAboutZ(double angle) {
  return fmt::format("{:.17g},0,0,{:.17g}", std::cos(angle / 2), std::sin(angle / 2));
}

}  // namespace

TEST_CASE("Connector/AxialSpringDamper: Exudyn's sign at a hand-computed configuration") {
  SUBCASE("spring only: f = k dx > 0 pushes B back along -d, A along +d") {
    // A = ground at the origin, axis x, Q = B = (0.3, 0.5, 0): dx = 0.3, f = 100 * 0.3 = 30 N.
    const Evaluated e =
        EvaluateAtStart(R"(Stiffness="100")", R"(<Connection S.PosA="0,0,0" S.PosB="0.3,0.5,0"/>)");
    CHECK(e.Get("Displacement") == doctest::Approx(0.3).epsilon(1e-15));
    CHECK(e.Get("ForceLocal") == doctest::Approx(30.0).epsilon(1e-15));
    CHECK(e.Get("ForceB", 0) == doctest::Approx(-30.0).epsilon(1e-15));
    CHECK(e.Get("ForceA", 0) == doctest::Approx(30.0).epsilon(1e-15));
    CHECK(e.Get("ForceB", 1) == 0.0);
    // Line of action through Q: M_A = Q x F_A = (0.3,0.5,0) x (30,0,0) = (0,0,-15). (Exudyn,
    // applying F_A at P = A's origin, would report 0; see the header.)
    CHECK(e.Get("MomentA", 2) == doctest::Approx(-15.0).epsilon(1e-15));
    CHECK(e.Get("MomentB", 2) == 0.0);
    CHECK(e.Get("PotentialEnergy") == doctest::Approx(4.5).epsilon(1e-15));  // 100 * 0.09 / 2
  }
  SUBCASE("offset, damper with offset, constant force") {
    // dx = 0.3, dv = 0.2: f = 100 (0.3 - 0.1) + 10 (0.2 - 0.05) + 2 = 23.5 N.
    const Evaluated e = EvaluateAtStart(
        R"(Stiffness="100" Damping="10" Offset="0.1" VelocityOffset="0.05" Force="2")",
        R"(<Connection S.PosA="0,0,0" S.PosB="0.3,0.5,0" S.VelB="0.2,1,0"/>)");
    CHECK(e.Get("Velocity") == doctest::Approx(0.2).epsilon(1e-15));
    CHECK(e.Get("ForceLocal") == doctest::Approx(23.5).epsilon(1e-15));
    CHECK(e.Get("ForceB", 0) == doctest::Approx(-23.5).epsilon(1e-15));
    // PE = 100 * 0.2^2 / 2 + 2 * 0.2 = 2.4; conservative power -(20 + 2) 0.2 = -4.4;
    // damper power on the bodies -10 * 0.15 * 0.2 = -0.3.
    CHECK(e.Get("PotentialEnergy") == doctest::Approx(2.4).epsilon(1e-14));
    CHECK(e.Get("ConservativePower") == doctest::Approx(-4.4).epsilon(1e-14));
    CHECK(e.Get("NonConservativePower") == doctest::Approx(-0.3).epsilon(1e-13));
    CHECK(e.Get("DissipatedPower") == doctest::Approx(0.3).epsilon(1e-13));
  }
  SUBCASE("ActiveConnector false: no force, no energy") {
    const Evaluated e = EvaluateAtStart(R"(Stiffness="100" Force="3" ActiveConnector="false")",
                                        R"(<Connection S.PosA="0,0,0" S.PosB="0.3,0.5,0"/>)");
    CHECK(e.Get("Displacement") == doctest::Approx(0.3).epsilon(1e-15));
    CHECK(e.Get("ForceLocal") == 0.0);
    CHECK(e.Get("ForceB", 0) == 0.0);
    CHECK(e.Get("PotentialEnergy") == 0.0);
  }
  SUBCASE("a connected ForceInput replaces the law: ForceLocal is the input") {
    const Evaluated e = EvaluateAtStart(
        R"(Stiffness="100")",
        R"(<Connection S.PosA="0,0,0" S.PosB="0.3,0.5,0" S.VelB="0.2,0,0" S.ForceInput="7"/>)");
    CHECK(e.Get("ForceLocal") == 7.0);
    CHECK(e.Get("ForceB", 0) == -7.0);
    CHECK(e.Get("PotentialEnergy") == 0.0);
    CHECK(e.Get("DissipatedPower") == doctest::Approx(1.4).epsilon(1e-15));  // f dv = 7 * 0.2
  }
}

TEST_CASE("Connector/AxialSpringDamper: the axis co-rotates with body A") {
  SUBCASE("rotating A by a known angle turns the axis") {
    // Axis x in A's frame; B at (0.3, 0.5, 0). A turned by angle a about z: d = (cos a, sin a, 0).
    for (double angle : {0.0, std::numbers::pi / 6, std::numbers::pi / 2, 2.5}) {
      CAPTURE(angle);
      const Evaluated e = EvaluateAtStart(
          R"(Stiffness="100" Axis="1,0,0")",
          fmt::format(R"(<Connection S.PosA="0,0,0" S.QuatA="{}" S.PosB="0.3,0.5,0"/>)",
                      QuatAboutZ(angle)));
      const double dx = 0.3 * std::cos(angle) + 0.5 * std::sin(angle);
      // Hand-computed projections; rounding of unit-size values only.
      CHECK(e.Get("Displacement") == doctest::Approx(dx).scale(1).epsilon(1e-15));
      CHECK(e.Get("ForceB", 0) ==
            doctest::Approx(-100 * dx * std::cos(angle)).scale(1).epsilon(1e-13));
      CHECK(e.Get("ForceB", 1) ==
            doctest::Approx(-100 * dx * std::sin(angle)).scale(1).epsilon(1e-13));
    }
  }
  SUBCASE("Velocity is the true rate of Displacement when A spins") {
    // A spins at 2 rad/s about z; B at rest at (0.3, 0.5, 0): d' = (0, 2, 0), so
    // d(dx)/dt = d' . (Q - P) = 1.0 m/s (Exudyn's d . (v_Q - v_P) would be 0).
    const Evaluated e =
        EvaluateAtStart(R"(Stiffness="100")",
                        R"(<Connection S.PosA="0,0,0" S.AngVelA="0,0,2" S.PosB="0.3,0.5,0"/>)");
    CHECK(e.Get("Velocity") == doctest::Approx(1.0).epsilon(1e-15));
  }
}

TEST_CASE("Connector/AxialSpringDamper: a non-unit Axis is used as given, as Exudyn does") {
  SUBCASE("Exudyn's formulas at a hand-computed configuration, A turned") {
    // Axis (0,0,2) in A; A turned by 90 degrees about x, so d = R_A Axis = (0,-2,0). B at
    // (0.4,-0.3,0.7), A at the origin: dx = d . (Q - P) = 0.6 (Exudyn's Delta x, not 0.3);
    // f = k (dx - Offset) + Force = 100 (0.6 - 0.1) + 2 = 52; force on B = -f d = (0,104,0).
    const Evaluated e = EvaluateAtStart(
        R"(Stiffness="100" Offset="0.1" Force="2" Axis="0,0,2")",
        fmt::format(R"(<Connection S.PosA="0,0,0" S.QuatA="{:.17g},{:.17g},0,0" )"
                    R"(S.PosB="0.4,-0.3,0.7" S.VelB="0,-0.5,0"/>)",
                    std::cos(std::numbers::pi / 4), std::sin(std::numbers::pi / 4)));
    // Hand-computed values of order 1-100; the rotation's rounding is ~1e-16 relative.
    CHECK(e.Get("Displacement") == doctest::Approx(0.6).epsilon(1e-14));
    CHECK(e.Get("Velocity") == doctest::Approx(1.0).epsilon(1e-14));  // d . v_B = -2 * -0.5
    CHECK(e.Get("ForceLocal") == doctest::Approx(52.0).epsilon(1e-14));
    CHECK(e.Get("ForceB", 1) == doctest::Approx(104.0).epsilon(1e-14));
    CHECK(e.Get("ForceA", 1) == doctest::Approx(-104.0).epsilon(1e-14));
    CHECK(e.Get("ForceB", 0) == doctest::Approx(0.0).scale(1).epsilon(1e-13));
    CHECK(e.Get("ForceB", 2) == doctest::Approx(0.0).scale(1).epsilon(1e-13));
    // PE = k (dx - Offset)^2 / 2 + Force (dx - Offset) = 12.5 + 1 = 13.5.
    CHECK(e.Get("PotentialEnergy") == doctest::Approx(13.5).epsilon(1e-14));
  }
  SUBCASE("the mini example with axisMarker0 = [2,0,0]: stiffness and damping times 4") {
    // Exudyn's equation with a = |axis| = 2 along x: m x'' = -(k a^2 x + d a^2 x') + 1, the
    // damped oscillator with k' = 4k, d' = 4d (static displacement 1/(4k) = 1.25e-4 m).
    const double k = 2000, d = 20, kk = 4 * k, dd = 4 * d;
    const MemorySink sink = Run(ScenarioXml(
        R"(<Lib LibName="base" SimObject="Body/Mass" Name="Body" Mass="1"/>
<Lib LibName="base" SimObject="Connector/AxialSpringDamper" Name="Spring" Axis="2,0,0" )"
        R"(Stiffness="2000" Damping="20"/>)",
        R"(<Connection Spring.PosA="0,0,0" Spring.PosB="Body.Pos" Spring.VelB="Body.Vel"/>)"
        R"(<Connection Body.Force="Spring.ForceB + 1,0,0"/>)",
        R"(<InitialCondition Body.Pos="0,0,0" Body.Vel="0,0,0"/>)"));
    const double w = std::sqrt(kk), zeta = dd / (2 * w), wd = w * std::sqrt(1 - zeta * zeta);
    const auto x = sink.Column("Body.Pos[0]");
    const auto dx = sink.Column("Spring.Displacement");
    REQUIRE(!x.empty());
    for (size_t i = 0; i < x.size(); ++i) {
      const double t = sink.times()[i];
      CAPTURE(t);
      const double expected =
          (1 - std::exp(-zeta * w * t) * (std::cos(wd * t) + zeta * w / wd * std::sin(wd * t))) /
          kk;
      // Closed form; tolerances 1e-11 (kTightEngine) on a 1.25e-4 m signal: 1e-6 of it is wide.
      CHECK(x[i] == doctest::Approx(expected).scale(1.25e-4).epsilon(1e-6));
      CHECK(dx[i] == doctest::Approx(2 * x[i]).scale(2.5e-4).epsilon(1e-12));  // a x, exactly
    }
  }
}

TEST_CASE("Connector/AxialSpringDamper: Exudyn's mini example") {
  const Scenario scenario =
      LoadScenario(std::string(HAWSER_SOURCE_DIR) + "/configs/exudyn_mini_example.xml");
  std::unique_ptr<Model> model = Model::Assemble(scenario, BuiltinRegistry());
  MemorySink sink;
  Simulate(*model, scenario.engine, sink);
  REQUIRE_MESSAGE(sink.result().status == RunStatus::kCompleted, sink.result().message);
  const double k = 2000, d = 20, w = std::sqrt(k), zeta = d / (2 * w);
  const double wd = w * std::sqrt(1 - zeta * zeta);
  const auto x = sink.Column("Body.Pos[0]");
  const auto x_user = sink.Column("UserBody.Pos[0]");
  for (size_t i = 0; i < x.size(); ++i) {
    const double t = sink.times()[i];
    CAPTURE(t);
    const double expected =
        (1 - std::exp(-zeta * w * t) * (std::cos(wd * t) + zeta * w / wd * std::sin(wd * t))) / k;
    // Closed form of the damped oscillator; CVODE tolerances 1e-10 relative / 1e-12 absolute on
    // a 5e-4 m signal: 1e-6 of the static displacement has a wide margin.
    CHECK(x[i] == doctest::Approx(expected).scale(5e-4).epsilon(1e-6));
    // The block-built law is the same law: same trajectory to the integrator's tolerance.
    CHECK(x_user[i] == doctest::Approx(x[i]).scale(5e-4).epsilon(1e-6));
    CHECK(sink.Column("Body.Pos[1]")[i] == 0.0);
  }
  // Exudyn publishes 0.0004999866342439289 at t = 1 s; the closed form gives 4.99981029e-4:
  // Exudyn's own time-integration error (default 100 steps) is 1.1e-5 relative, hence 2e-5.
  CHECK(x.back() == doctest::Approx(0.0004999866342439289).epsilon(2e-5));
  CHECK(sink.Column("Spring.Displacement").back() == doctest::Approx(x.back()).epsilon(1e-15));
}

TEST_CASE("Connector/AxialSpringDamper parameter errors carry file:line") {
  auto errors = [](const std::string& params) {
    return AssemblyErrors(ScenarioXml(
        "\n<Lib LibName=\"base\" SimObject=\"Connector/AxialSpringDamper\" Name=\"S\"\n" + params +
        "/>"));
  };
  SUBCASE("negative stiffness") {
    const std::string e = errors(R"(Stiffness="-5")");
    CHECK(Contains(e, "test.xml:4:"));
    CHECK(Contains(e, "S: parameter 'Stiffness' = '-5' is invalid; expected a value >= 0"));
  }
  SUBCASE("zero axis") {
    const std::string e = errors(R"(Axis="0,0,0")");
    CHECK(Contains(e, "test.xml:4:"));
    CHECK(Contains(e, "S: parameter 'Axis' = '0,0,0' is invalid; expected a non-zero vector"));
  }
}

TEST_CASE("Connector/AxialSpringDamper describes itself") {
  const std::vector<std::string> params = DescribedParameters("Connector/AxialSpringDamper");
  CHECK(params == std::vector<std::string>{"Stiffness", "Damping", "Offset", "VelocityOffset",
                                           "Force", "Axis", "PointA", "PointB", "ActiveConnector"});
}

}  // namespace hawser::test
