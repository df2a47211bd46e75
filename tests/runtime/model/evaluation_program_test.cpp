// The model's compiled evaluation (model_steps.h): the two-term sum against the general
// combiner, and which object an exception names when it comes from the middle of the program.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <bit>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include "runtime/model/model.h"
#include "runtime/model/model_steps.h"
#include "runtime/model/object_wiring.h"
#include "runtime/model/step_interleaving.h"
#include "runtime/scenario/scenario.h"

namespace hawser {
namespace {

TEST_CASE("a two-term sum gives bit for bit what the general combiner gives") {
  // Values where rounding, signed zeros, overflow and non-finite values show: the reference is
  // the general Combiner, terms with factor 1 and no constant (what "A.F + B.F" compiles to).
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<double> values = {0.1,    0.2,   -0.0, 0.0,     1e308, 1e308, -3.5,
                                      1e-310, -inf,  inf,  nan,     2.25,  -7.0,  1e16,
                                      1.0,    -1e16, 0.3,  1.0 / 3, -0.0,  -0.0,  5e-324};
  for (const int width : {1, 2, 3, 6}) {
    CAPTURE(width);
    for (size_t i = 0; i + 2 * width <= values.size(); ++i) {
      const double* a = values.data() + i;
      const double* b = values.data() + values.size() - width - i % (values.size() - width + 1);
      std::vector<double> general(width), special(width);
      Combiner c{general, {}, {{a, 1.0}, {b, 1.0}}};
      REQUIRE(Sum2::Fits(c));
      c.Run();
      Sum2{special.data(), a, b, width}.Run();
      for (int k = 0; k < width; ++k) {
        CAPTURE(a[k]);
        CAPTURE(b[k]);
        CHECK(std::bit_cast<uint64_t>(special[k]) == std::bit_cast<uint64_t>(general[k]));
      }
    }
  }
  // Scaled terms and constants stay with the general combiner.
  const double one = 1.0;
  CHECK_FALSE(Sum2::Fits(Combiner{{}, {}, {{&one, 2.0}, {&one, 1.0}}}));
  CHECK_FALSE(Sum2::Fits(Combiner{{}, {0.0}, {{&one, 1.0}, {&one, 1.0}}}));
  CHECK_FALSE(Sum2::Fits(Combiner{{}, {}, {{&one, 1.0}, {&one, 1.0}, {&one, 1.0}}}));
}

/// Out = In + Offset; with ThrowAfter set, throws (a std::runtime_error, or with Kind = 1 a
/// SimulationError, with Kind = 2 an int) when t > ThrowAfter.
class Relay final : public SimObject {
 public:
  explicit Relay(ObjectArgs& args) : SimObject(args) {
    offset_ = DeclareParameter<double>({.name = "Offset", .unit = "-", .doc = "", .fallback = 1.0});
    throw_after_ =
        DeclareParameter<double>({.name = "ThrowAfter", .unit = "s", .doc = "", .fallback = 1e9});
    kind_ = DeclareParameter<long>({.name = "Kind", .unit = "-", .doc = "", .fallback = 0});
    in_ = DeclareInput({.name = "In", .width = 3, .unit = "-", .doc = "Signal."});
    out_ = DeclareOutput({.name = "Out", .width = 3, .unit = "-", .doc = "In + Offset."});
    DeclareCalc({out_}, {in_}, [this] {
      if (time() > throw_after_) Throw();
      for (int k = 0; k < 3; ++k) out(out_)[k] = in(in_)[k] + offset_;
    });
  }
  void Throw() const {
    if (kind_ == 1) throw SimulationError("relay's own simulation error");
    if (kind_ == 2) throw 42;
    throw std::runtime_error("relay jammed");
  }

 private:
  double offset_, throw_after_;
  long kind_;
  Input in_;
  Output out_;
};

/// x' = In (width 3); Out = x. Throws a std::runtime_error from CalcDerivatives when t >
/// ThrowAfter.
class Store final : public SimObject {
 public:
  explicit Store(ObjectArgs& args) : SimObject(args) {
    throw_after_ =
        DeclareParameter<double>({.name = "ThrowAfter", .unit = "s", .doc = "", .fallback = 1e9});
    in_ = DeclareInput({.name = "In", .width = 3, .unit = "-", .doc = "Rate."});
    x_ = DeclareState({.name = "X", .width = 3, .unit = "-", .doc = "Value."});
    DeclareOutputFromState({.name = "Out", .width = 3, .unit = "-", .doc = "X."}, x_);
  }
  void CalcDerivatives() override {
    if (time() > throw_after_) throw std::runtime_error("store overflowed");
    for (int k = 0; k < 3; ++k) derivative(x_)[k] = in(in_)[k];
  }

 private:
  double throw_after_;
  Input in_;
  State x_;
};

/// Declares one calculation from a lambda with its own state (a call counter).
class Counter final : public SimObject {
 public:
  explicit Counter(ObjectArgs& args) : SimObject(args) {
    out_ = DeclareOutput({.name = "Out", .width = 1, .unit = "-", .doc = "Calls so far."});
    DeclareCalc({out_}, {}, [this, calls = 0.0]() mutable { out(out_)[0] = ++calls; });
  }

 private:
  Output out_;
};

TEST_CASE("a calculation's plain function runs the same callable as its std::function") {
  ObjectArgs args{.name = "C", .type = "Test/Counter"};
  Counter c(args);
  const ObjectWiring::CalcParts calc = ObjectWiring::Parts(c.interface().calcs.at(0));
  REQUIRE((calc.call != nullptr));
  REQUIRE(calc.context != nullptr);
  std::vector<double> out(1);
  ObjectWiring::BindOutput(c, 0, out);
  calc.call(calc.context);
  calc.fn();
  calc.call(calc.context);
  CHECK(out[0] == 3.0);  // One counter: the lambda exists once, both paths call it.
}

const Registry& ProgramRegistry() {
  static const Registry r = [] {
    Registry reg;
    reg.AddLibraryName("test");
    reg.Add<Relay>("Test/Relay", "relay");
    reg.Add<Store>("Test/Store", "store");
    return reg;
  }();
  return r;
}

/// A chain X -> R1 -> R2 -> R3 -> X' with a two-term sum (R3.In = R2.Out + R1.Out), a scaled
/// input (R2.In = 2*R1.Out) and a plain view (R1.In = X.Out): every kind of program step.
std::unique_ptr<Model> Chain(const std::string& r2_extra, const std::string& store_extra = "") {
  const std::string xml = fmt::format(
      "<Contents><OBJECTS>\n"
      "<Lib LibName=\"test\" SimObject=\"Test/Relay\" Name=\"R1\"/>\n"
      "<Lib LibName=\"test\" SimObject=\"Test/Relay\" Name=\"R2\" {}/>\n"
      "<Lib LibName=\"test\" SimObject=\"Test/Relay\" Name=\"R3\"/>\n"
      "<Lib LibName=\"test\" SimObject=\"Test/Store\" Name=\"X\" {}/>\n"
      "</OBJECTS><INTERCONNECTIONS><Connection R1.In=\"X.Out\" R2.In=\"2*R1.Out\" "
      "R3.In=\"R2.Out + R1.Out\" X.In=\"R3.Out\"/></INTERCONNECTIONS><INITIALIZATION/>"
      "<INTEGRATION><Engine TOutput=\"0, 1, 2\"/></INTEGRATION></Contents>",
      r2_extra, store_extra);
  return Model::Assemble(LoadScenarioFromString(xml, "chain.xml"), ProgramRegistry());
}

TEST_CASE("the compiled program computes every kind of step") {
  auto m = Chain("");
  std::vector<double> x = m->InitialState(0.0), xdot(3);
  x = {1.0, 2.0, 3.0};
  REQUIRE(m->Rhs(0.0, x.data(), xdot.data()));
  // R1 = x + 1, R2 = 2 R1 + 1, R3 = R2 + R1 + 1 = 3 R1 + 2 = 3 x + 5.
  CHECK(xdot == std::vector<double>{8.0, 11.0, 14.0});
}

TEST_CASE("an exception from a calculation in the middle of the program names that object") {
  auto m = Chain("ThrowAfter=\"0.5\"");
  std::vector<double> x = m->InitialState(0.0), xdot(3);
  REQUIRE(m->Rhs(0.25, x.data(), xdot.data()));
  try {
    m->Rhs(0.75, x.data(), xdot.data());
    FAIL("expected a SimulationError");
  } catch (const SimulationError& e) {
    CHECK(std::string(e.what()) ==
          "R2 (Test/Relay, <Lib> at chain.xml:3) threw an exception in its calculation at t = "
          "0.75: relay jammed");
  }
  // The model still works after the throw: the next call runs the whole program again.
  REQUIRE(m->Rhs(0.25, x.data(), xdot.data()));
  CHECK(xdot == std::vector<double>{5.0, 5.0, 5.0});
}

TEST_CASE("hawser's own errors pass unchanged, a non-standard exception is named too") {
  auto own = Chain("ThrowAfter=\"0.5\" Kind=\"1\"");
  std::vector<double> x = own->InitialState(0.0), xdot(3);
  CHECK_THROWS_WITH_AS(own->Rhs(1.0, x.data(), xdot.data()), "relay's own simulation error",
                       SimulationError);
  auto odd = Chain("ThrowAfter=\"0.5\" Kind=\"2\"");
  x = odd->InitialState(0.0);
  CHECK_THROWS_WITH_AS(odd->EvaluateOutputs(1.0, x.data()),
                       "R2 (Test/Relay, <Lib> at chain.xml:3) threw a non-standard exception in "
                       "its calculation at t = 1",
                       SimulationError);
}

TEST_CASE("an exception from a derivative names the object with states") {
  auto m = Chain("", "ThrowAfter=\"0.5\"");
  std::vector<double> x = m->InitialState(0.0), xdot(3);
  CHECK_THROWS_WITH_AS(m->Rhs(2.0, x.data(), xdot.data()),
                       "X (Test/Store, <Lib> at chain.xml:5) threw an exception in its "
                       "derivatives at t = 2: store overflowed",
                       SimulationError);
}

TEST_CASE("a calculation's batch function runs each context and tells which one threw") {
  std::vector<std::unique_ptr<Relay>> relays;
  std::vector<ObjectArgs> args(3);
  std::vector<std::vector<double>> in(3, std::vector<double>(3)), out(3, std::vector<double>(3));
  args[1].values["ThrowAfter"] = {"0.5", {}};
  std::vector<void*> contexts;
  double t = 0.0;
  for (int i = 0; i < 3; ++i) {
    args[i].name = fmt::format("R{}", i + 1);
    relays.push_back(std::make_unique<Relay>(args[i]));
    in[i] = {double(i), 10.0 * i, 100.0 * i};
    ObjectWiring::BindInput(*relays[i], 0, in[i], true);
    ObjectWiring::BindOutput(*relays[i], 0, out[i]);
    ObjectWiring::BindTime(*relays[i], &t);
    contexts.push_back(ObjectWiring::Parts(relays[i]->interface().calcs.at(0)).context);
  }
  const auto batch = ObjectWiring::Parts(relays[0]->interface().calcs.at(0)).batch;
  REQUIRE((batch != nullptr));
  CHECK((ObjectWiring::Parts(relays[2]->interface().calcs.at(0)).batch ==
         batch));  // One type, one function.
  int failed = -1;
  batch(contexts.data(), 3, &failed);
  CHECK(failed == -1);
  for (int i = 0; i < 3; ++i)
    CHECK(out[i] == std::vector<double>{i + 1.0, 10.0 * i + 1, 100.0 * i + 1});
  t = 1.0;
  CHECK_THROWS_WITH_AS(batch(contexts.data(), 3, &failed), "relay jammed", std::runtime_error);
  CHECK(failed == 1);
}

/// X1 -> R1 -> R2 -> R3 -> X1', X1 -> X2': three calculations of one type in a row (inputs
/// that are views: no sum between them) and two objects with states of one type, each run as
/// one batch.
std::unique_ptr<Model> Batches(const std::string& r2_extra, const std::string& x2_extra) {
  const std::string xml = fmt::format(
      "<Contents><OBJECTS>\n"
      "<Lib LibName=\"test\" SimObject=\"Test/Relay\" Name=\"R1\"/>\n"
      "<Lib LibName=\"test\" SimObject=\"Test/Relay\" Name=\"R2\" {}/>\n"
      "<Lib LibName=\"test\" SimObject=\"Test/Relay\" Name=\"R3\"/>\n"
      "<Lib LibName=\"test\" SimObject=\"Test/Store\" Name=\"X1\"/>\n"
      "<Lib LibName=\"test\" SimObject=\"Test/Store\" Name=\"X2\" {}/>\n"
      "</OBJECTS><INTERCONNECTIONS><Connection R1.In=\"X1.Out\" R2.In=\"R1.Out\" "
      "R3.In=\"R2.Out\" X1.In=\"R3.Out\" X2.In=\"X1.Out\"/></INTERCONNECTIONS>"
      "<INITIALIZATION/><INTEGRATION><Engine TOutput=\"0, 1, 2\"/></INTEGRATION></Contents>",
      r2_extra, x2_extra);
  return Model::Assemble(LoadScenarioFromString(xml, "batches.xml"), ProgramRegistry());
}

TEST_CASE("calculations and derivatives run in batches compute what they compute one by one") {
  auto m = Batches("", "");
  REQUIRE(m->DescribeEvaluationOrder() ==
          std::vector<std::string>{"R1.Out <- In", "R2.Out <- In", "R3.Out <- In"});
  std::vector<double> x = m->InitialState(0.0), xdot(6);
  x = {1.0, 2.0, 3.0, 0.0, 0.0, 0.0};
  REQUIRE(m->Rhs(0.0, x.data(), xdot.data()));
  // X1' = R3 = X1 + 3 (each relay adds its Offset, 1); X2' = X1.
  CHECK(xdot == std::vector<double>{4.0, 5.0, 6.0, 1.0, 2.0, 3.0});
}

TEST_CASE("an exception from the middle of a batch names that object") {
  auto calc = Batches("ThrowAfter=\"0.5\"", "");
  std::vector<double> x = calc->InitialState(0.0), xdot(6);
  CHECK_THROWS_WITH_AS(calc->Rhs(1.0, x.data(), xdot.data()),
                       "R2 (Test/Relay, <Lib> at batches.xml:3) threw an exception in its "
                       "calculation at t = 1: relay jammed",
                       SimulationError);
  REQUIRE(calc->Rhs(0.25, x.data(), xdot.data()));  // Still usable after the throw.
  auto derivative = Batches("", "ThrowAfter=\"0.5\"");
  x = derivative->InitialState(0.0);
  CHECK_THROWS_WITH_AS(derivative->Rhs(1.0, x.data(), xdot.data()),
                       "X2 (Test/Store, <Lib> at batches.xml:6) threw an exception in its "
                       "derivatives at t = 1: store overflowed",
                       SimulationError);
}

}  // namespace
}  // namespace hawser

namespace hawser {
namespace {

void NoItems(const void*, int, int*) {}

TEST_CASE("input sums run amid a long kernel run, each after what it reads") {
  // 20 kernel calculations K0..K19 of one type, then sums S0..S18 (S_i reads K_i and K_i+1) and
  // a sum T reading S0 and S18: what a chain of springs and masses compiles to.
  std::vector<decltype(Kernel::run)> kernel(20, &NoItems);
  std::vector<bool> sum(20, false);
  std::vector<std::vector<int>> reads(20);
  for (int s = 0; s < 19; ++s) reads.push_back({s, s + 1});
  reads.push_back({20, 38, 20});  // A step read twice counts once.
  kernel.resize(40, nullptr);
  sum.resize(40, true);
  std::vector<int> expected;
  auto add = [&expected](int from, int to) {
    for (int i = from; i < to; ++i) expected.push_back(i);
  };
  add(0, 8);    // K0..K7,
  add(20, 27);  // then S0..S6, the sums they complete;
  add(8, 16);
  add(27, 35);  // S7..S14
  add(16, 20);  // the run's end,
  add(35, 40);  // S15..S18, then T.
  CHECK(InterleavedOrder(kernel, sum, reads) == expected);
}

}  // namespace
}  // namespace hawser
