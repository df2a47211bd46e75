#include <doctest/doctest.h>
#include <fmt/format.h>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {

TEST_CASE("Body/Mass under a constant force: Pos = p0 + v0 t + F t^2 / (2 m)") {
  const double m = 2.0;
  const double f[] = {1.0, -2.0, 4.0}, p0[] = {1.0, 2.0, 3.0}, v0[] = {0.5, 0.0, -1.0};
  const MemorySink sink = Run(
      ScenarioXml(R"(<Lib LibName="base" SimObject="Body/Mass" Name="M" Mass="2" Material="Steel" )"
                  R"(Mesh="ball.obj" Scale="0.1"/>)",
                  R"(<Connection M.Force="1,-2,4"/>)",
                  R"(<InitialCondition M.Pos="1,2,3" M.Vel="0.5,0,-1"/>)"));
  const auto ke = sink.Column("M.KineticEnergy");
  for (size_t i = 0; i < sink.times().size(); ++i) {
    const double t = sink.times()[i];
    double v2 = 0.0;
    for (int k = 0; k < 3; ++k) {
      const double v = v0[k] + f[k] / m * t;
      v2 += v * v;
      // Polynomial solution; integrator tolerances 1e-11 keep the error below 1e-8.
      CHECK(sink.Column(fmt::format("M.Pos[{}]", k))[i] ==
            doctest::Approx(p0[k] + v0[k] * t + f[k] * t * t / (2.0 * m)).scale(1).epsilon(1e-8));
      CHECK(sink.Column(fmt::format("M.Vel[{}]", k))[i] ==
            doctest::Approx(v).scale(1).epsilon(1e-8));
      CHECK(sink.Column(fmt::format("M:Pos[{}]", k))[i] ==
            sink.Column(fmt::format("M.Pos[{}]", k))[i]);
    }
    CHECK(ke[i] == doctest::Approx(0.5 * m * v2).scale(1).epsilon(1e-8));
  }
}

TEST_CASE("Body/Mass rejects Mass <= 0") {
  for (const char* mass : {"0", "-1"}) {
    const std::string e = AssemblyErrors(ScenarioXml(
        "\n\n" +
            fmt::format(R"(<Lib LibName="base" SimObject="Body/Mass" Name="M" Mass="{}"/>)", mass),
        R"(<Connection M.Force="0,0,0"/>)"));
    CHECK(Contains(e, "test.xml:4:"));
    CHECK(Contains(e, "M: parameter 'Mass'"));
    CHECK(Contains(e, "a value > 0"));
  }
}

TEST_CASE("Body/Mass describes itself, visual parameters are ignored") {
  const TypeInfo* type = BuiltinRegistry().Find("Body/Mass");
  REQUIRE(type != nullptr);
  const auto object = BuiltinRegistry().MakeForDescription(*type);
  std::vector<std::string> names, ignored;
  for (const ParamInfo& p : object->interface().params) {
    names.push_back(p.name);
    if (p.ignored) ignored.push_back(p.name);
  }
  CHECK(names == std::vector<std::string>{"Mass", "Material", "Mesh", "Scale"});
  CHECK(ignored == std::vector<std::string>{"Material", "Mesh", "Scale"});
}

}  // namespace hawser::test
