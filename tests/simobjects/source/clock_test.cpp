#include <doctest/doctest.h>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {

TEST_CASE("Src/Clock outputs the output times") {
  const MemorySink sink =
      Run(ScenarioXml(R"(<Lib LibName="base" SimObject="Src/Clock" Name="C"/>)"));
  const std::vector<double> t = sink.Column("C.SimTime");
  REQUIRE(t.size() == 21);  // TOutput 0, 0.1, 2
  // The same double the sink records as the row's time: exact.
  for (size_t i = 0; i < t.size(); ++i) CHECK(t[i] == sink.times()[i]);
  CHECK(t.back() == doctest::Approx(2.0).epsilon(1e-15));  // The end time as written.
}

TEST_CASE("Src/Clock describes itself") {
  const TypeInfo* type = BuiltinRegistry().Find("Src/Clock");
  REQUIRE(type != nullptr);
  const auto object = BuiltinRegistry().MakeForDescription(*type);
  CHECK(object->interface().params.empty());
  REQUIRE(object->interface().outputs.size() == 1);
  CHECK(object->interface().outputs[0].spec.name == "SimTime");
  CHECK(object->interface().calcs[0].inputs.empty());
}

}  // namespace hawser::test
