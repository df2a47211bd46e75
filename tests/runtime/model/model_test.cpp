// Model assembly with test-local SimObjects: topology first (views, order, loops), then values.
#include "runtime/model/model.h"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "runtime/scenario/scenario.h"

namespace hawser {
namespace {

/// Out = K * In (direct feedthrough); counts its evaluations.
class Gain final : public SimObject {
 public:
  explicit Gain(ObjectArgs& args) : SimObject(args) {
    k_ = DeclareParameter<double>({.name = "K", .unit = "-", .doc = "Gain.", .fallback = 1.0});
    const long width =
        DeclareParameter<long>({.name = "Width", .unit = "-", .doc = "", .fallback = 1});
    in_ = DeclareInput({.name = "In", .width = int(width), .unit = "-", .doc = "Signal."});
    out_ = DeclareOutput({.name = "Out", .width = int(width), .unit = "-", .doc = "K In."});
    echo_ = DeclareOutputFromInput({.name = "Echo", .width = int(width), .unit = "-", .doc = "In."},
                                   in_);
    DeclareCalc({out_}, {in_}, [this] {
      ++calls;
      for (size_t i = 0; i < out(out_).size(); ++i) out(out_)[i] = k_ * in(in_)[i];
    });
  }
  int calls = 0;

 private:
  double k_;
  Input in_;
  Output out_, echo_;
};

/// x' = In; Out = x (state only: breaks loops); Energy = x^2 / 2 as a diagnostic.
class Integrate final : public SimObject {
 public:
  explicit Integrate(ObjectArgs& args) : SimObject(args) {
    in_ = DeclareInput({.name = "In",
                        .width = 1,
                        .unit = "-",
                        .doc = "Rate.",
                        .fallback = std::vector<double>{0.0}});
    x_ = DeclareState({.name = "X", .width = 1, .unit = "-", .doc = "Value.", .initial = {1.0}});
    DeclareOutputFromState({.name = "Out", .width = 1, .unit = "-", .doc = "X."}, x_);
    energy_ = DeclareOutput({.name = "Energy", .width = 1, .unit = "-", .doc = "X^2/2."});
    DeclareCalc(
        {energy_}, {},
        [this] {
          ++energy_calls;
          out(energy_)[0] = 0.5 * state(x_)[0] * state(x_)[0];
        },
        CalcRole::kDiagnostic);
  }
  void CalcDerivatives() override { derivative(x_)[0] = in(in_)[0]; }
  int energy_calls = 0;

 private:
  Input in_;
  State x_;
  Output energy_;
};

const Registry& TestRegistry() {
  static const Registry r = [] {
    Registry reg;
    reg.AddLibraryName("test");
    reg.Add<Gain>("Test/Gain", "gain");
    reg.Add<Integrate>("Test/Integrate", "integrator");
    return reg;
  }();
  return r;
}

std::unique_ptr<Model> Build(const std::string& objects, const std::string& connections) {
  const std::string xml = fmt::format(
      "<Contents><OBJECTS>{}</OBJECTS><INTERCONNECTIONS>{}</INTERCONNECTIONS><INITIALIZATION/>"
      "<INTEGRATION><Engine TOutput=\"0, 1, 2\"/></INTEGRATION></Contents>",
      objects, connections);
  return Model::Assemble(LoadScenarioFromString(xml, "model.xml"), TestRegistry());
}

std::string Lib(const std::string& type, const std::string& name, const std::string& extra = "") {
  return fmt::format("<Lib LibName=\"test\" SimObject=\"Test/{}\" Name=\"{}\" {}/>", type, name,
                     extra);
}

const SimObject& Obj(const Model& m, const std::string& name) { return *m.FindObject(name); }

TEST_CASE("a plain connection is a view of the source's storage, sums and scales get their own") {
  auto m = Build(Lib("Integrate", "I") + Lib("Gain", "G", "Width=\"3\"") + Lib("Gain", "H") +
                     Lib("Gain", "S", "Width=\"2\"") + Lib("Gain", "P"),
                 "<Connection G.In=\"1,2,3\" H.In=\"G.Out[1]\" S.In=\"G.Out[0:2]\" P.In=\"2*H.Out "
                 "+ I.Out\"/>");
  const SimObject& g = Obj(*m, "G");
  const SimObject& h = Obj(*m, "H");
  const SimObject& s = Obj(*m, "S");
  const SimObject& p = Obj(*m, "P");
  CHECK(h.input_view(0).data() == g.output_view(0).data() + 1);  // element 1: no copy
  CHECK(s.input_view(0).data() == g.output_view(0).data());      // slice: no copy
  CHECK(s.input_view(0).size() == 2);
  CHECK(p.input_view(0).data() != h.output_view(0).data());  // a sum has its own storage
  CHECK(g.output_view(1).data() == g.input_view(0).data());  // Echo is a view of In
  // Values: G.Out = (1,2,3); H.Out = 2; P.In = 2*2 + x(0) = 4 + 1.
  std::vector<double> x = m->InitialState(0.0);
  REQUIRE(m->EvaluateOutputs(0.0, x.data()));
  CHECK(p.input_view(0)[0] == 5.0);
  CHECK(s.output_view(0)[1] == 2.0);
}

TEST_CASE("outputs are evaluated in dependency order, whatever the file order") {
  // Declared last-first: C reads B reads A reads the integrator.
  auto m = Build(Lib("Gain", "C", "K=\"5\"") + Lib("Gain", "B", "K=\"3\"") +
                     Lib("Gain", "A", "K=\"2\"") + Lib("Integrate", "I"),
                 "<Connection C.In=\"B.Out\" B.In=\"A.Out\" A.In=\"I.Out\" I.In=\"C.Out\"/>");
  std::vector<double> x = m->InitialState(0.0), xdot(1);
  REQUIRE(m->Rhs(0.0, x.data(), xdot.data()));
  CHECK(xdot[0] == 30.0);  // 5 * 3 * 2 * x(0), x(0) = 1: one pass gives the value.
  const auto order = m->DescribeEvaluationOrder();
  REQUIRE(order.size() >= 3);
  CHECK(order[0].rfind("A.Out", 0) == 0);
  CHECK(order[1].rfind("B.Out", 0) == 0);
  CHECK(order[2].rfind("C.Out", 0) == 0);
}

TEST_CASE("diagnostic outputs are skipped in the right-hand side but computed for logging") {
  auto m = Build(Lib("Integrate", "I") + Lib("Gain", "G", "K=\"-1\""),
                 "<Connection G.In=\"I.Out\" I.In=\"G.Out\"/>");
  auto& integ = const_cast<Integrate&>(dynamic_cast<const Integrate&>(Obj(*m, "I")));
  std::vector<double> x = m->InitialState(0.0), xdot(1);
  const int before = integ.energy_calls;
  for (int i = 0; i < 10; ++i) REQUIRE(m->Rhs(0.0, x.data(), xdot.data()));
  CHECK(integ.energy_calls == before);
  REQUIRE(m->EvaluateOutputs(0.0, x.data()));
  CHECK(integ.energy_calls == before + 1);
  CHECK(Obj(*m, "I").output_view(1)[0] == 0.5);
}

TEST_CASE("a diagnostic output that another object reads is computed in the right-hand side") {
  auto m = Build(Lib("Integrate", "I") + Lib("Gain", "G"),
                 "<Connection G.In=\"I.Energy\" I.In=\"G.Out\"/>");
  std::vector<double> x = m->InitialState(0.0), xdot(1);
  REQUIRE(m->Rhs(0.0, x.data(), xdot.data()));
  CHECK(xdot[0] == 0.5);  // x' = x^2/2 at x = 1
}

TEST_CASE("an output that reads only states breaks a loop, a feedthrough loop names its cycle") {
  CHECK_NOTHROW(Build(Lib("Integrate", "I") + Lib("Gain", "G"),
                      "<Connection G.In=\"I.Out\" I.In=\"G.Out\"/>"));
  try {
    Build(Lib("Gain", "A") + Lib("Gain", "B"), "<Connection A.In=\"B.Out\" B.In=\"A.Out\"/>");
    FAIL("expected an algebraic loop error");
  } catch (const ScenarioErrors& e) {
    const std::string what = e.what();
    CHECK(what.find("algebraic loop") != std::string::npos);
    const bool a_first = what.find("A.Out -> B.In -> B.Out -> A.In") != std::string::npos;
    const bool b_first = what.find("B.Out -> A.In -> A.Out -> B.In") != std::string::npos;
    CHECK((a_first || b_first));
  }
  // A loop through an echo (an output that is a view of an input) is a loop too.
  CHECK_THROWS_AS(Build(Lib("Gain", "A"), "<Connection A.In=\"A.Echo\"/>"), ScenarioErrors);
}

TEST_CASE("a non-finite derivative is reported with the object and port that went first") {
  auto m = Build(
      Lib("Integrate", "I") + Lib("Gain", "G", "K=\"1e308\"") + Lib("Gain", "H", "K=\"1e308\""),
      "<Connection G.In=\"I.Out\" H.In=\"G.Out\" I.In=\"H.Out\"/>");
  std::vector<double> x = m->InitialState(0.0), xdot(1);
  CHECK_FALSE(m->Rhs(0.0, x.data(), xdot.data()));  // 1e308 * 1e308 overflows in H
  CHECK(m->Diagnose().find("H.Out") != std::string::npos);
}

TEST_CASE("the state vector is one contiguous slice per object, in file order") {
  auto m = Build(Lib("Integrate", "I1") + Lib("Gain", "G") + Lib("Integrate", "I2"),
                 "<Connection G.In=\"I1.Out\"/>");
  REQUIRE(m->size() == 2);
  const auto& layout = m->state_layout();
  REQUIRE(layout.size() == 2);
  CHECK(layout[0].offset == 0);
  CHECK(layout[1].offset == 1);
  CHECK(m->objects()[layout[1].object]->name() == "I2");
}

}  // namespace
}  // namespace hawser
