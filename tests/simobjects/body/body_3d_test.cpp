#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {

TEST_CASE("Body/3DBody free fall: z = z0 - g t^2 / 2, energy conserved") {
  const double m = 3.0, g = 9.81;
  // Both spellings name the same type.
  for (const char* path : {"Body/3DBody", "Ball/3DBody"}) {
    CAPTURE(path);
    const MemorySink sink = Run(ScenarioXml(
        fmt::format(R"(<Lib LibName="base" SimObject="{}" Name="B" Mass="3"/>)", path),
        R"(<Connection B.Force="0,0,0"/>)", R"(<InitialCondition B.Pos="0,0,10" B.Vel="1,0,0"/>)"));
    const auto x = sink.Column("B.Pos[0]");
    const auto z = sink.Column("B.Pos[2]");
    const auto vz = sink.Column("B.Vel[2]");
    const auto ke = sink.Column("B.KineticEnergy");
    const auto pe = sink.Column("B.PotentialEnergy");
    const double energy0 = 0.5 * m * 1.0 + m * g * 10.0;
    for (size_t i = 0; i < z.size(); ++i) {
      const double t = sink.times()[i];
      // Polynomial solutions; integrator tolerances 1e-11 keep the error below 1e-8.
      CHECK(x[i] == doctest::Approx(t).scale(1).epsilon(1e-8));
      CHECK(z[i] == doctest::Approx(10.0 - 0.5 * g * t * t).scale(1).epsilon(1e-8));
      CHECK(vz[i] == doctest::Approx(-g * t).scale(1).epsilon(1e-8));
      CHECK(pe[i] == doctest::Approx(m * g * z[i]).epsilon(1e-14));  // -m g . Pos, rounding.
      // Conservation: energies of ~300 J computed from states with 1e-8 errors: 1e-9 relative.
      CHECK(ke[i] + pe[i] == doctest::Approx(energy0).epsilon(1e-9));
    }
  }
}

TEST_CASE("Body/3DBody: a Gravity vector and a force add up") {
  // m v' = F + m g with g = (0, -1.62, 0), F = (0, 3, 6), m = 2: a = (0, -0.12, 3).
  const MemorySink sink = Run(ScenarioXml(
      R"(<Lib LibName="base" SimObject="Body/3DBody" Name="B" Mass="2" Gravity="0,-1.62,0"/>)",
      R"(<Connection B.Force="0,3,6"/>)"));
  const double a[] = {0.0, -0.12, 3.0};
  for (size_t i = 0; i < sink.times().size(); ++i) {
    const double t = sink.times()[i];
    for (int k = 0; k < 3; ++k) {
      CHECK(sink.Column(fmt::format("B.Pos[{}]", k))[i] ==
            doctest::Approx(0.5 * a[k] * t * t).scale(1).epsilon(1e-8));  // As above.
    }
    // PotentialEnergy = -m g . Pos = 2 * 1.62 * y.
    CHECK(sink.Column("B.PotentialEnergy")[i] ==
          doctest::Approx(3.24 * sink.Column("B.Pos[1]")[i]).scale(1).epsilon(1e-12));
  }
}

TEST_CASE("Body/3DBody parameter errors") {
  SUBCASE("Mass <= 0") {
    const std::string e = AssemblyErrors(
        ScenarioXml("\n"
                    R"(<Lib LibName="base" SimObject="Ball/3DBody" Name="B" Mass="0"/>)",
                    R"(<Connection B.Force="0,0,0"/>)"));
    CHECK(Contains(e, "test.xml:3:"));
    CHECK(Contains(e, "B: parameter 'Mass'"));
  }
  SUBCASE("Gravity of the wrong length") {
    const std::string e = AssemblyErrors(ScenarioXml(
        "\n"
        R"(<Lib LibName="base" SimObject="Body/3DBody" Name="B" Mass="1" Gravity="0,-9.81"/>)",
        R"(<Connection B.Force="0,0,0"/>)"));
    CHECK(Contains(e, "test.xml:3:"));
    CHECK(Contains(e, "B: parameter 'Gravity'"));
    CHECK(Contains(e, "expected 3"));
  }
}

TEST_CASE("Body/3DBody describes itself") {
  const std::vector<std::string> params = DescribedParameters("Body/3DBody");
  CHECK(params == std::vector<std::string>{"Mass", "Material", "Mesh", "Scale", "Gravity"});
  CHECK(BuiltinRegistry().Find("Ball/3DBody") == BuiltinRegistry().Find("Body/3DBody"));
}

}  // namespace hawser::test
