// A model without states (FhSim's LinearSpring example is one): the integrator hands the model
// empty state vectors, whose data() is null. Evaluating must not pass those to memcpy, which is
// undefined for null even at zero bytes; an -fsanitize=undefined build of this test reports it.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <vector>

#include "runtime/model/model.h"
#include "runtime/scenario/scenario.h"

namespace hawser {
namespace {

/// Out = 2 In: no states.
class Double final : public SimObject {
 public:
  explicit Double(ObjectArgs& args) : SimObject(args) {
    in_ = DeclareInput({.name = "In", .width = 1, .unit = "-", .doc = "Signal."});
    out_ = DeclareOutput({.name = "Out", .width = 1, .unit = "-", .doc = "2 In."});
    DeclareCalc({out_}, {in_}, [this] { out(out_)[0] = 2.0 * in(in_)[0]; });
  }

 private:
  Input in_;
  Output out_;
};

TEST_CASE("a model without states evaluates with empty (null) state vectors") {
  Registry registry;
  registry.AddLibraryName("test");
  registry.Add<Double>("Test/Double", "2 In");
  const std::string xml =
      "<Contents><OBJECTS><Lib LibName=\"test\" SimObject=\"Test/Double\" Name=\"D\"/></OBJECTS>"
      "<INTERCONNECTIONS><Connection D.In=\"1.5\"/></INTERCONNECTIONS><INITIALIZATION/>"
      "<INTEGRATION><Engine TOutput=\"0, 1, 2\"/></INTEGRATION></Contents>";
  auto m = Model::Assemble(LoadScenarioFromString(xml, "stateless.xml"), registry);
  std::vector<double> x = m->InitialState(0.0), xdot;
  REQUIRE(x.empty());
  CHECK(m->Rhs(1.0, x.data(), xdot.data()));
  REQUIRE(m->EvaluateOutputs(1.0, x.data()));
  CHECK(m->FindObject("D")->output_view(0)[0] == 3.0);  // 2 x 1.5, exact in binary.
}

}  // namespace
}  // namespace hawser
