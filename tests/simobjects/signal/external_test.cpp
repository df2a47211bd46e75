// Signal/External: Out is Value until a driver sets it, then what was set (copies, so exact).
#include "simobjects/signal/external.h"

#include <doctest/doctest.h>

#include <array>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {

TEST_CASE("Signal/External holds Value in a run, and what a driver sets afterwards") {
  const std::string xml =
      ScenarioXml(R"(<Lib LibName="base" SimObject="Signal/External" Name="E" Value="1,-2"/>)");
  const MemorySink sink = Run(xml);
  for (size_t i = 0; i < sink.times().size(); ++i) {
    CHECK(sink.Column("E.Out[0]")[i] == 1.0);
    CHECK(sink.Column("E.Out[1]")[i] == -2.0);
  }
  const std::unique_ptr<Model> model =
      Model::Assemble(LoadScenarioFromString(xml, "test.xml"), BuiltinRegistry());
  auto* external = dynamic_cast<External*>(model->objects()[0].get());
  REQUIRE(external != nullptr);
  CHECK(external->width() == 2);
  const std::array<double, 2> set = {3.5, 4.25};
  external->Set(set);
  CHECK(external->value()[1] == 4.25);
  const std::vector<double> x = model->InitialState(0.0);
  REQUIRE(model->EvaluateOutputs(0.0, x.data()));
  CHECK(OutputOf(*model, "E", "Out")[0] == 3.5);
  CHECK(OutputOf(*model, "E", "Out")[1] == 4.25);
}

TEST_CASE("Signal/External needs its Value") {
  const std::string e =
      AssemblyErrors(ScenarioXml(R"(<Lib LibName="base" SimObject="Signal/External" Name="E"/>)"));
  CHECK(Contains(e, "test.xml:2:"));
  CHECK(Contains(e, "E (Signal/External)"));
  CHECK(Contains(e, "'Value'"));
}

}  // namespace hawser::test
