// SimObject::estimating_jacobian() through a whole run (Simulate, CVODE BDF, sparse solver):
// on exactly for the finite-difference columns of the Jacobian, each column evaluated at the
// time of an ordinary evaluation just before it and at a state a difference increment away
// from that evaluation's state; off for every other evaluation.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "runtime/model/model.h"
#include "runtime/run/simulation.h"
#include "runtime/scenario/scenario.h"

namespace hawser {
namespace {

constexpr int kSize = 8;

struct Evaluation {
  double t;
  bool estimating;
  std::vector<double> x;
};

std::vector<Evaluation>& Log() {
  static std::vector<Evaluation> log;
  return log;
}

/// x' = -A x with A the tridiagonal matrix 2 on the diagonal, -1 beside it (a diffusion
/// chain): its Jacobian is tridiagonal, 3 column groups. Logs every derivative evaluation.
class DiffusionChain final : public SimObject {
 public:
  explicit DiffusionChain(ObjectArgs& args) : SimObject(args) {
    x_ = DeclareState({.name = "x",
                       .width = kSize,
                       .unit = "-",
                       .doc = "Values.",
                       .initial = std::vector<double>(kSize, 1.0)});
    std::vector<std::pair<int, int>> entries;
    for (int i = 0; i < kSize; ++i)
      for (int j = std::max(0, i - 1); j <= std::min(kSize - 1, i + 1); ++j)
        entries.push_back({i, j});
    DeclareStateEntries(std::move(entries));
  }
  void CalcDerivatives() override {
    const auto x = state(x_);
    Log().push_back({time(), estimating_jacobian(), {x.begin(), x.end()}});
    for (int i = 0; i < kSize; ++i) {
      const double left = i > 0 ? x[i - 1] : 0.0, right = i + 1 < kSize ? x[i + 1] : 0.0;
      derivative(x_)[i] = left - 2.0 * x[i] + right;
    }
  }

 private:
  State x_;
};

TEST_CASE("estimating_jacobian is on for the Jacobian's difference columns only") {
  Registry registry;
  registry.AddLibraryName("test");
  registry.Add<DiffusionChain>("Test/DiffusionChain", "x' = -A x, A tridiagonal");
  const std::string xml =
      "<Contents><OBJECTS><Lib LibName=\"test\" SimObject=\"Test/DiffusionChain\" Name=\"C\"/>"
      "</OBJECTS><INTERCONNECTIONS/><INITIALIZATION/><INTEGRATION><Engine "
      "Integrator=\"cvode-bdf\" LinearSolver=\"sparse\" RelTol=\"1e-6\" AbsTol=\"1e-8\" "
      "TOutput=\"0, 1, 5\"/></INTEGRATION></Contents>";
  const Scenario scenario = LoadScenarioFromString(xml, "chain.xml");
  auto model = Model::Assemble(scenario, registry);
  Log().clear();
  MemorySink sink;
  const RunResult result = Simulate(*model, scenario.engine, sink);
  REQUIRE(result.status == RunStatus::kCompleted);
  REQUIRE(result.stats.jacobian_evals > 0);

  long estimating = 0;
  const Evaluation* base = nullptr;  // The last ordinary evaluation.
  for (const Evaluation& e : Log()) {
    if (!e.estimating) {
      base = &e;
      continue;
    }
    ++estimating;
    REQUIRE(base != nullptr);
    CHECK(e.t == base->t);
    // A column group perturbs each of its columns by CVODE's increment, about sqrt(uround)
    // |x_j| or a fraction of the tolerance: far below 1e-4 here, where x is of order 1.
    double apart = 0.0;
    for (int i = 0; i < kSize; ++i) apart = std::max(apart, std::abs(e.x[i] - base->x[i]));
    CHECK(apart > 0.0);
    CHECK(apart < 1e-4);
  }
  // One evaluation per column group (3 for a tridiagonal pattern) per Jacobian.
  CHECK(estimating == 3 * result.stats.jacobian_evals);
  Log().clear();
}

}  // namespace
}  // namespace hawser
