#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <numbers>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {

namespace {

constexpr double kPi = std::numbers::pi;

/// A spring-damper "S" with literal kinematics inputs, evaluated once at t = 0.
struct Evaluated {
  std::unique_ptr<Model> model;
  double Get(const std::string& port, int i = 0) const { return OutputOf(*model, "S", port)[i]; }
};

Evaluated EvaluateAtStart(const std::string& lib, const std::string& connections) {
  Evaluated e{Model::Assemble(LoadScenarioFromString(ScenarioXml(lib, connections), "test.xml"),
                              BuiltinRegistry())};
  std::vector<double> x = e.model->InitialState(0.0);
  REQUIRE(e.model->EvaluateOutputs(0.0, x.data()));
  return e;
}

MemorySink RunConfig(const std::string& name) {
  const Scenario scenario = LoadScenario(std::string(HAWSER_SOURCE_DIR) + "/configs/" + name);
  std::unique_ptr<Model> model = Model::Assemble(scenario, BuiltinRegistry());
  MemorySink sink;
  Simulate(*model, scenario.engine, sink);
  REQUIRE_MESSAGE(sink.result().status == RunStatus::kCompleted, sink.result().message);
  return sink;
}

}  // namespace

TEST_CASE("Connector/SpringDamper: Drake's sign at a hand-computed configuration") {
  SUBCASE("stretched and opening: f_AP = (k (l - l0) + c dl/dt) r, towards B") {
    // l = 3, l0 = 2, k = 10, c = 4, dl/dt = 0.5: tension 10 * 1 + 4 * 0.5 = 12 N along +z on A.
    const Evaluated e = EvaluateAtStart(
        R"(<Lib LibName="base" SimObject="Connector/SpringDamper" Name="S" FreeLength="2" )"
        R"(Stiffness="10" Damping="4"/>)",
        R"(<Connection S.PosA="0,0,0" S.PosB="0,0,3" S.VelB="0,0,0.5"/>)");
    CHECK(e.Get("ForceA", 2) == doctest::Approx(12.0).epsilon(1e-15));
    CHECK(e.Get("ForceB", 2) == doctest::Approx(-12.0).epsilon(1e-15));
    CHECK(e.Get("ForceA", 0) == 0.0);
    CHECK(e.Get("Length") == doctest::Approx(3.0).epsilon(1e-15));
    CHECK(e.Get("LengthRate") == doctest::Approx(0.5).epsilon(1e-15));
    CHECK(e.Get("PotentialEnergy") == doctest::Approx(5.0).epsilon(1e-15));        // 10 * 1 / 2
    CHECK(e.Get("ConservativePower") == doctest::Approx(-5.0).epsilon(1e-15));     // -10 * 0.5
    CHECK(e.Get("NonConservativePower") == doctest::Approx(-1.0).epsilon(1e-15));  // -4 * 0.25
    CHECK(e.Get("DissipatedPower") == doctest::Approx(1.0).epsilon(1e-15));
  }
  SUBCASE("compressed: pushes A away from B") {
    const Evaluated e = EvaluateAtStart(
        R"(<Lib LibName="base" SimObject="Connector/SpringDamper" Name="S" FreeLength="2" )"
        R"(Stiffness="10"/>)",
        R"(<Connection S.PosA="1,0,0" S.PosB="2,0,0"/>)");
    CHECK(e.Get("ForceA", 0) == doctest::Approx(-10.0).epsilon(1e-15));
    CHECK(e.Get("ForceB", 0) == doctest::Approx(10.0).epsilon(1e-15));
  }
  SUBCASE("PointA in A's frame turns with A; MomentA about A's origin") {
    // A turned 90 degrees about z: PointA (1,0,0) sits at world (0,1,0); B at (0,1,3): r = +z,
    // l = 3, F_A = (0,0,10), M_A = (0,1,0) x (0,0,10) = (10,0,0); M_B = 0 (Q = B's origin).
    const double half = std::sqrt(0.5);
    const Evaluated e = EvaluateAtStart(
        R"(<Lib LibName="base" SimObject="Connector/SpringDamper" Name="S" FreeLength="2" )"
        R"(Stiffness="10" PointA="1,0,0"/>)",
        fmt::format(R"(<Connection S.PosA="0,0,0" S.QuatA="{0:.17g},0,0,{0:.17g}" )"
                    R"(S.PosB="0,1,3"/>)",
                    half));
    CHECK(e.Get("Length") == doctest::Approx(3.0).epsilon(1e-15));
    CHECK(e.Get("ForceA", 2) == doctest::Approx(10.0).epsilon(1e-15));
    CHECK(e.Get("MomentA", 0) == doctest::Approx(10.0).epsilon(1e-15));
    CHECK(std::abs(e.Get("MomentA", 1)) < 1e-14);
    CHECK(std::abs(e.Get("MomentB", 0)) < 1e-14);
  }
}

TEST_CASE("Connector/SpringDamper: Drake-style spring-mass configs against closed forms") {
  const double w = 2.0 * kPi;
  SUBCASE("undamped: x = 1 + 0.5 cos(2 pi t)") {
    const MemorySink sink = RunConfig("drake_spring_mass_undamped.xml");
    const auto x = sink.Column("Mass.Pos[0]");
    const auto ke = sink.Column("Mass.KineticEnergy");
    const auto pe = sink.Column("Spring.PotentialEnergy");
    REQUIRE(sink.times().back() == 5.0);
    for (size_t i = 0; i < x.size(); ++i) {
      const double t = sink.times()[i];
      CAPTURE(t);
      // Closed form; CVODE tolerances 1e-10 over 5 periods keep the error ~1e-9: 1e-6 relative.
      CHECK(x[i] == doctest::Approx(1.0 + 0.5 * std::cos(w * t)).epsilon(1e-6));
      CHECK(sink.Column("Mass.Pos[1]")[i] == 0.0);  // No force off the x axis, exactly.
      // Energy k 0.5^2 / 2 = 4.9348 J conserved; same integrator error.
      CHECK(ke[i] + pe[i] == doctest::Approx(0.5 * w * w * 0.25).epsilon(1e-6));
    }
  }
  SUBCASE("under-damped, zeta = 0.1") {
    const MemorySink sink = RunConfig("drake_spring_mass_underdamped.xml");
    const double zeta = 0.1, wd = w * std::sqrt(1 - zeta * zeta);
    for (size_t i = 0; i < sink.times().size(); ++i) {
      const double t = sink.times()[i];
      const double expected = 1.0 + 0.5 * std::exp(-zeta * w * t) *
                                        (std::cos(wd * t) + zeta * w / wd * std::sin(wd * t));
      // As above, relative to the 0.5 m amplitude.
      CHECK(sink.Column("Mass.Pos[0]")[i] == doctest::Approx(expected).scale(0.5).epsilon(1e-6));
      // Energy balance: KE + PE + dissipated = initial PE (integrated dissipation: same error).
      CHECK(sink.Column("Mass.KineticEnergy")[i] + sink.Column("Spring.PotentialEnergy")[i] +
                sink.Column("Spring:DissipatedEnergy")[i] ==
            doctest::Approx(0.5 * w * w * 0.25).epsilon(1e-6));
    }
  }
  SUBCASE("over-damped, zeta = 2") {
    const MemorySink sink = RunConfig("drake_spring_mass_overdamped.xml");
    const double zeta = 2.0, root = std::sqrt(zeta * zeta - 1);
    const double s1 = -w * (zeta - root), s2 = -w * (zeta + root);
    for (size_t i = 0; i < sink.times().size(); ++i) {
      const double t = sink.times()[i];
      const double expected =
          1.0 + 0.5 * (s2 * std::exp(s1 * t) - s1 * std::exp(s2 * t)) / (s2 - s1);
      CHECK(sink.Column("Mass.Pos[0]")[i] == doctest::Approx(expected).scale(0.5).epsilon(1e-6));
    }
  }
}

TEST_CASE("Connector/SpringDamper: a near-zero length stops the run naming the object") {
  // A free mass (no spring force on it) coasts through the anchor at t = 1 s exactly.
  const MemorySink sink = RunScenarioText(
      ScenarioXml(R"(<Lib LibName="base" SimObject="Body/Mass" Name="M" Mass="1"/>)"
                  "\n"
                  R"(<Lib LibName="base" SimObject="Connector/SpringDamper" Name="S" )"
                  R"(FreeLength="1" Stiffness="1"/>)",
                  R"(<Connection S.PosA="0,0,0" S.PosB="M.Pos" M.Force="0,0,0"/>)",
                  R"(<InitialCondition M.Pos="1,0,0" M.Vel="-1,0,0"/>)",
                  R"(<Engine Integrator="cvode-bdf" AbsTol="1e-12" RelTol="1e-12" )"
                  R"(TOutput="0, 0.25, 2"/>)"),
      BuiltinRegistry());
  CHECK(sink.result().status == RunStatus::kFailed);
  CHECK(Contains(sink.result().message, "S (Connector/SpringDamper): length"));
  CHECK(Contains(sink.result().message, "near zero"));
  CHECK(sink.times().back() < 1.0);  // Rows before the failure are kept.
}

TEST_CASE("Connector/SpringDamper parameter errors carry file:line") {
  auto errors = [](const std::string& params) {
    return AssemblyErrors(
        ScenarioXml("\n<Lib LibName=\"base\" SimObject=\"Connector/SpringDamper\" Name=\"S\"\n" +
                    params + "/>"));
  };
  SUBCASE("negative stiffness") {
    const std::string e = errors(R"(FreeLength="1" Stiffness="-5")");
    CHECK(Contains(e, "test.xml:4:"));  // The attribute's own line.
    CHECK(Contains(e, "S: parameter 'Stiffness' = '-5' is invalid; expected a value >= 0"));
  }
  SUBCASE("zero free length") {
    const std::string e = errors(R"(FreeLength="0" Stiffness="5")");
    CHECK(Contains(e, "test.xml:4:"));
    CHECK(Contains(e, "S: parameter 'FreeLength' = '0' is invalid; expected a value > 0"));
  }
  SUBCASE("negative damping") {
    const std::string e = errors(R"(FreeLength="1" Stiffness="5" Damping="-0.1")");
    CHECK(Contains(e, "test.xml:4:"));
    CHECK(Contains(e, "'Damping'"));
  }
  SUBCASE("missing free length") {
    const std::string e = errors(R"(Stiffness="5")");
    CHECK(Contains(e, "test.xml:3:"));  // The <Lib> element.
    CHECK(Contains(e, "missing required parameter 'FreeLength'"));
  }
}

TEST_CASE("Connector/SpringDamper describes itself") {
  const std::vector<std::string> params = DescribedParameters("Connector/SpringDamper");
  CHECK(params ==
        std::vector<std::string>{"PointA", "PointB", "FreeLength", "Stiffness", "Damping"});
}

}  // namespace hawser::test
