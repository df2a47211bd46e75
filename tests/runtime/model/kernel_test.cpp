// Kernels (hawser/kernel.h): calculations and derivatives that the model runs over items packed
// from the objects. Every expected value is the closed form of a small linear chain.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <stdexcept>

#include "hawser/registry.h"
#include "runtime/model/kernel_batch.h"
#include "runtime/model/model.h"
#include "runtime/model/object_wiring.h"
#include "runtime/scenario/scenario.h"

namespace hawser {
namespace {

/// Out = Gain * In (width 2), as a kernel; throws when t > ThrowAfter. Initialize() doubles the
/// gain, so that an item packed before it would compute with the old one.
class Amplifier final : public SimObject {
 public:
  explicit Amplifier(ObjectArgs& args) : SimObject(args) {
    gain_ = DeclareParameter<double>({.name = "Gain", .unit = "-", .doc = "", .fallback = 1.0});
    throw_after_ =
        DeclareParameter<double>({.name = "ThrowAfter", .unit = "s", .doc = "", .fallback = 1e9});
    in_ = DeclareInput({.name = "In", .width = 2, .unit = "-", .doc = "Signal."});
    out_ = DeclareOutput({.name = "Out", .width = 2, .unit = "-", .doc = "Gain * In."});
    DeclareCalc<&Amplifier::Amplify>({out_}, {in_}, [this] {
      return Item{in(in_).data(), out(out_).data(), time_data(), gain_, throw_after_};
    });
  }
  void Initialize() override { gain_ *= 2.0; }

 private:
  struct Item {
    const double* in;
    double* out;
    const double* t;
    double gain, throw_after;
  };
  static void Amplify(const Item& i) {
    if (*i.t > i.throw_after) throw std::runtime_error("amplifier clipped");
    i.out[0] = i.gain * i.in[0];
    i.out[1] = i.gain * i.in[1];
  }
  double gain_, throw_after_;
  Input in_;
  Output out_;
};

/// x' = Rate * In (width 2), as a derivative kernel; throws when Rate < 0.
class Integrator : public SimObject {
 public:
  explicit Integrator(ObjectArgs& args) : SimObject(args) {
    rate_ = DeclareParameter<double>({.name = "Rate", .unit = "1/s", .doc = "", .fallback = 1.0});
    in_ = DeclareInput({.name = "In", .width = 2, .unit = "-", .doc = "Signal."});
    x_ = DeclareState({.name = "X", .width = 2, .unit = "-", .doc = "Value."});
    DeclareOutputFromState({.name = "Out", .width = 2, .unit = "-", .doc = "X."}, x_);
    DeclareDerivativeKernel<&Integrator::Integrate>([this] {
      return Item{in(in_).data(), derivative(x_).data(), rate_};
    });
  }

 protected:
  Input in_;
  State x_;

 private:
  struct Item {
    const double* in;
    double* derivative;
    double rate;
  };
  static void Integrate(const Item& i) {
    if (i.rate < 0.0) throw std::runtime_error("integrator reversed");
    i.derivative[0] = i.rate * i.in[0];
    i.derivative[1] = i.rate * i.in[1];
  }
  double rate_;
};

/// An Integrator whose class overrides CalcDerivatives(): x' = -In. The override, not the
/// inherited kernel, gives its derivatives.
class Leak final : public Integrator {
 public:
  explicit Leak(ObjectArgs& args) : Integrator(args) {}
  void CalcDerivatives() override {
    for (int k = 0; k < 2; ++k) derivative(x_)[k] = -in(in_)[k];
  }
};

const Registry& KernelRegistry() {
  static const Registry r = [] {
    Registry reg;
    reg.AddLibraryName("test");
    reg.Add<Amplifier>("Test/Amplifier", "amplifier");
    reg.Add<Integrator>("Test/Integrator", "integrator");
    reg.Add<Leak>("Test/Leak", "leak");
    return reg;
  }();
  return r;
}

/// X1 -> A1 -> A2 -> A3 -> X1', X1 -> X2', X1 -> L' (a Leak): three kernel calculations in a
/// row and two derivative kernels of one type.
std::unique_ptr<Model> Chain(const std::string& a2_extra, const std::string& x2_rate = "4") {
  const std::string xml = fmt::format(
      "<Contents><OBJECTS>\n"
      "<Lib LibName=\"test\" SimObject=\"Test/Amplifier\" Name=\"A1\" Gain=\"2\"/>\n"
      "<Lib LibName=\"test\" SimObject=\"Test/Amplifier\" Name=\"A2\" Gain=\"3\" {}/>\n"
      "<Lib LibName=\"test\" SimObject=\"Test/Amplifier\" Name=\"A3\" Gain=\"5\"/>\n"
      "<Lib LibName=\"test\" SimObject=\"Test/Integrator\" Name=\"X1\"/>\n"
      "<Lib LibName=\"test\" SimObject=\"Test/Integrator\" Name=\"X2\" Rate=\"{}\"/>\n"
      "<Lib LibName=\"test\" SimObject=\"Test/Leak\" Name=\"L\"/>\n"
      "</OBJECTS><INTERCONNECTIONS><Connection A1.In=\"X1.Out\" A2.In=\"A1.Out\" "
      "A3.In=\"A2.Out\" X1.In=\"A3.Out\" X2.In=\"X1.Out\" L.In=\"X1.Out\"/></INTERCONNECTIONS>"
      "<INITIALIZATION/><INTEGRATION><Engine TOutput=\"0, 1, 2\"/></INTEGRATION></Contents>",
      a2_extra, x2_rate);
  return Model::Assemble(LoadScenarioFromString(xml, "kernels.xml"), KernelRegistry());
}

TEST_CASE("kernels compute with the values their objects hold after Initialize()") {
  auto m = Chain("");
  std::vector<double> x = m->InitialState(0.0), xdot(6);
  x = {1.0, -2.0, 0.0, 0.0, 0.0, 0.0};
  REQUIRE(m->Rhs(0.0, x.data(), xdot.data()));
  // Each Initialize() doubled its gain: X1' = (4 * 6 * 10) X1 = 240 X1; X2' = 4 X1; L' = -X1.
  CHECK(xdot == std::vector<double>{240.0, -480.0, 4.0, -8.0, -1.0, 2.0});
  // The outputs for logging come from the same items.
  REQUIRE(m->EvaluateOutputs(0.0, x.data()));
  CHECK(std::vector<double>(m->FindObject("A2")->output_view(0).begin(),
                            m->FindObject("A2")->output_view(0).end()) ==
        std::vector<double>{24.0, -48.0});
}

TEST_CASE("an exception from the middle of a kernel's items names that object") {
  auto calc = Chain("ThrowAfter=\"-1\"");
  std::vector<double> x(6, 1.0), xdot(6);
  CHECK_THROWS_WITH_AS(calc->Rhs(0.0, x.data(), xdot.data()),
                       "A2 (Test/Amplifier, <Lib> at kernels.xml:3) threw an exception in its "
                       "calculation at t = 0: amplifier clipped",
                       SimulationError);
  auto derivative = Chain("", "-1");
  CHECK_THROWS_WITH_AS(derivative->Rhs(0.0, x.data(), xdot.data()),
                       "X2 (Test/Integrator, <Lib> at kernels.xml:6) threw an exception in its "
                       "derivatives at t = 0: integrator reversed",
                       SimulationError);
}

TEST_CASE("CalcDerivatives() of an object with a derivative kernel runs the kernel") {
  ObjectArgs args{.name = "X", .type = "Test/Integrator"};
  args.values["Rate"] = {"3", {}};
  Integrator object(args);
  std::vector<double> in{1.0, 2.0}, x(2), xdot(2);
  ObjectWiring::BindInput(object, 0, in, true);
  ObjectWiring::BindState(object, 0, x, xdot, false);
  object.CalcDerivatives();
  CHECK(xdot == std::vector<double>{3.0, 6.0});
}

TEST_CASE("a kernel batch runs one kernel function over items packed from their objects") {
  ObjectArgs args[2] = {{.name = "A", .type = "Test/Amplifier"},
                        {.name = "B", .type = "Test/Amplifier"}};
  args[1].values["Gain"] = {"-1", {}};
  Amplifier a(args[0]), b(args[1]);
  std::vector<double> in{1.0, 2.0}, out_a(2), out_b(2);
  const double t = 0.0;
  ObjectWiring::BindTime(a, &t);
  ObjectWiring::BindTime(b, &t);
  ObjectWiring::BindInput(a, 0, in, true);
  ObjectWiring::BindOutput(a, 0, out_a);
  ObjectWiring::BindInput(b, 0, out_a, true);
  ObjectWiring::BindOutput(b, 0, out_b);
  KernelBatch batch;
  const Kernel& kernel = ObjectWiring::Parts(a.interface().calcs.at(0)).kernel;
  REQUIRE(batch.Accepts(kernel));
  batch.Add(kernel);
  REQUIRE(batch.Accepts(
      ObjectWiring::Parts(b.interface().calcs.at(0)).kernel));  // One type, one function.
  batch.Add(ObjectWiring::Parts(b.interface().calcs.at(0)).kernel);
  batch.Pack();
  int failed = -1;
  batch.Run(&failed);
  CHECK(failed == -1);
  CHECK(out_a == std::vector<double>{1.0, 2.0});
  CHECK(out_b == std::vector<double>{-1.0, -2.0});
}

}  // namespace
}  // namespace hawser
