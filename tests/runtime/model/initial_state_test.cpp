// Model::InitialState: each object's Initialize() sees its inputs computed from the states as
// the earlier objects left them, and start-up costs O(number of objects) evaluations, not
// O(objects^2). Counted with a test-local SimObject, never timed (timings: bench/startup_bench).
#include <doctest/doctest.h>
#include <fmt/format.h>

#include "runtime/model/model.h"
#include "runtime/scenario/scenario.h"

namespace hawser {
namespace {

long g_out_calls = 0;  ///< Evaluations of every Lag's Out, across the model.

/// Out = X (reads no input); Initialize() sets X = In + 1 unless given. Like Math/LowPass, whose
/// Initialize() also sets its state from its input, so every Initialize() changes a state.
class Lag final : public SimObject {
 public:
  explicit Lag(ObjectArgs& args) : SimObject(args) {
    in_ = DeclareInput({.name = "In", .width = 1, .unit = "-", .doc = "Signal."});
    x_ = DeclareState({.name = "X", .width = 1, .unit = "-", .doc = "Value.", .initial = {0.0}});
    out_ = DeclareOutput({.name = "Out", .width = 1, .unit = "-", .doc = "X."});
    DeclareCalc({out_}, {}, [this] {
      ++g_out_calls;
      out(out_)[0] = state(x_)[0];
    });
  }
  void CalcDerivatives() override { derivative(x_)[0] = in(in_)[0] - state(x_)[0]; }
  void Initialize() override {
    if (!state_given(x_)) initial_state(x_)[0] = in(in_)[0] + 1.0;
  }

 private:
  Input in_;
  State x_;
  Output out_;
};

const Registry& LagRegistry() {
  static const Registry r = [] {
    Registry reg;
    reg.AddLibraryName("test");
    reg.Add<Lag>("Test/Lag", "lag");
    return reg;
  }();
  return r;
}

/// L0.In = 0, Lk.In = L(k-1).Out: a chain of n lags in file order.
std::unique_ptr<Model> LagChain(int n) {
  std::string objects, wires;
  for (int k = 0; k < n; ++k) {
    objects += fmt::format(R"(<Lib LibName="test" SimObject="Test/Lag" Name="L{}"/>)", k);
    wires += k == 0 ? R"(<Connection L0.In="0"/>)"
                    : fmt::format(R"(<Connection L{}.In="L{}.Out"/>)", k, k - 1);
  }
  const std::string xml = fmt::format(
      "<Contents><OBJECTS>{}</OBJECTS><INTERCONNECTIONS>{}</INTERCONNECTIONS><INITIALIZATION/>"
      "<INTEGRATION><Engine TOutput=\"0, 1, 2\"/></INTEGRATION></Contents>",
      objects, wires);
  return Model::Assemble(LoadScenarioFromString(xml, "lags.xml"), LagRegistry());
}

TEST_CASE("each Initialize() sees the states the objects before it set") {
  // X0 = 0 + 1, Xk = X(k-1) + 1, so Xk = k + 1 exactly (small integers: no rounding).
  auto m = LagChain(5);
  const std::vector<double> x = m->InitialState(0.0);
  REQUIRE(x.size() == 5);
  for (int k = 0; k < 5; ++k) CHECK(x[k] == k + 1.0);
  // The outputs are left computed at the initial state.
  CHECK(m->FindObject("L4")->output_view(0)[0] == 5.0);
}

TEST_CASE("start-up evaluates each output a bounded number of times per object, not per model") {
  // Every Initialize() here changes a state that the next object reads: the case where a full
  // re-evaluation after each object costs n evaluations of Out per object, n (n + 1) in all
  // (160,400 for n = 400). Needed: L(k-1).Out before Lk initialises and Lk's own Out (2 per
  // object), then one final pass so the caller sees every output (1 per object): 3 n. The bound
  // is exact counting, independent of the machine.
  const int n = 400;
  auto m = LagChain(n);
  g_out_calls = 0;
  const std::vector<double> x = m->InitialState(0.0);
  CHECK(x[n - 1] == n);  // Xk = k + 1, as above.
  CHECK(g_out_calls <= 3L * n);
}

}  // namespace
}  // namespace hawser
