// SystemJacobian on a model: which columns take exact entries (SimObject::StateJacobian), the
// differences for the others and for an object that declines, and the integrator's account.
#include "runtime/solve/system_jacobian.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "runtime/model/model.h"
#include "runtime/run/simulation.h"
#include "runtime/scenario/scenario.h"

namespace hawser {
namespace {

constexpr int kSize = 8;

/// x' = -A x + In e_0 with A tridiagonal (2 on the diagonal, -1 beside it), a diffusion chain;
/// output Last = x[n-1] (reads that entry only). Gives its exact entries when Exact = 1, wrong
/// ones (the diagonal's 2 for -2) when Exact = 2, entries that are not finite when Exact = 3, and
/// declines when Exact = 0.
class Chain final : public SimObject {
 public:
  explicit Chain(ObjectArgs& args) : SimObject(args) {
    exact_ = DeclareParameter<long>({.name = "Exact", .unit = "-", .doc = "0..3", .fallback = 1});
    in_ = DeclareInput({.name = "In",
                        .width = 1,
                        .unit = "-",
                        .doc = "Source at entry 0.",
                        .fallback = std::vector<double>{0.0}});
    last_ = DeclareOutput({.name = "Last", .width = 1, .unit = "-", .doc = "x[n-1]."});
    x_ = DeclareState({.name = "x",
                       .width = kSize,
                       .unit = "-",
                       .doc = "Values.",
                       .initial = std::vector<double>(kSize, 1.0)});
    for (int i = 0; i < kSize; ++i)
      for (int j = std::max(0, i - 1); j <= std::min(kSize - 1, i + 1); ++j)
        entries_.push_back({i, j});
    DeclareStateEntries(entries_);
    DeclareCalc({last_}, {}, [this] { out(last_)[0] = state(x_)[kSize - 1]; });
    DeclareInputReadBy(in_, 0, 1);
    DeclareOutputReads(last_, kSize - 1, 1);
  }
  void CalcDerivatives() override {
    const auto x = state(x_);
    for (int i = 0; i < kSize; ++i) {
      const double left = i > 0 ? x[i - 1] : 0.0, right = i + 1 < kSize ? x[i + 1] : 0.0;
      derivative(x_)[i] = left - 2.0 * x[i] + right + (i == 0 ? in(in_)[0] : 0.0);
    }
  }
  bool StateJacobian(std::span<double> values) override {
    if (exact_ == 0) return false;
    for (size_t e = 0; e < entries_.size(); ++e) {
      const bool diagonal = entries_[e].first == entries_[e].second;
      values[e] = diagonal ? (exact_ == 2 ? 2.0 : -2.0) : 1.0;
    }
    if (exact_ == 3) values[0] = std::numeric_limits<double>::quiet_NaN();
    return true;
  }

 private:
  long exact_;
  Input in_;
  Output last_;
  State x_;
  std::vector<std::pair<int, int>> entries_;
};

/// Chains A and B, B's source wired to A's last entry (B.In = A.Last): df/dx is the two
/// tridiagonal blocks and the entry (B[0], A[n-1]) = 1.
std::unique_ptr<Model> TwoChains(int exact_a, int exact_b) {
  static Registry registry = [] {
    Registry r;
    r.AddLibraryName("test");
    r.Add<Chain>("Test/Chain", "x' = -A x + In e_0, A tridiagonal");
    return r;
  }();
  const std::string xml =
      "<Contents><OBJECTS>"
      "<Lib LibName=\"test\" SimObject=\"Test/Chain\" Name=\"A\" Exact=\"" +
      std::to_string(exact_a) +
      "\"/>"
      "<Lib LibName=\"test\" SimObject=\"Test/Chain\" Name=\"B\" Exact=\"" +
      std::to_string(exact_b) +
      "\"/></OBJECTS><INTERCONNECTIONS><Connection B.In=\"A.Last\"/></INTERCONNECTIONS>"
      "<INITIALIZATION/><INTEGRATION><Engine Integrator=\"cvode-bdf\" LinearSolver=\"sparse\" "
      "RelTol=\"1e-6\" AbsTol=\"1e-8\" TOutput=\"0, 1, 5\"/></INTEGRATION></Contents>";
  return Model::Assemble(LoadScenarioFromString(xml, "chains.xml"), registry);
}

/// The true df/dx at (row, column) of TwoChains.
double TrueEntry(int row, int column) {
  if (row == kSize && column == kSize - 1) return 1.0;  // B[0] reads A[n-1] through B.In.
  if (row / kSize != column / kSize) return 0.0;
  const int d = std::abs(row - column);
  return d == 0 ? -2.0 : (d == 1 ? 1.0 : 0.0);
}

struct Formed {
  std::vector<double> values;
  long evaluations = 0;
  std::string described;
};

/// One Jacobian as the integrator forms it, at x = (1, 2, ..., 16), with increments of 1e-6.
Formed Form(Model& model, bool exact_entries = true) {
  const int n = model.size();
  std::vector<double> x(n), fx(n);
  for (int i = 0; i < n; ++i) x[i] = i + 1.0;
  SystemJacobian jacobian(model, exact_entries);
  Formed formed;
  formed.values.assign(model.Sparsity()->nonzeros(), std::nan(""));
  REQUIRE(model.Rhs(0.0, x.data(), fx.data()));
  const auto f = [&](const double* at, double* out) {
    ++formed.evaluations;
    return model.Rhs(0.0, at, out);
  };
  REQUIRE(jacobian.Evaluate(f, x, fx, std::vector<double>(n, 1e-6), formed.values));
  formed.described = jacobian.Describe();
  return formed;
}

/// Every entry against the true Jacobian. f is linear, so differences are exact up to
/// round-off, eps |f| / h ~ 2e-16 * 40 / 1e-6 ~ 1e-8: 1e-6 leaves a factor 100, and an entry
/// that is off (the wrong diagonal of Exact = 2 is off by 4) shows.
bool MatchesTruth(const Model& model, const std::vector<double>& values) {
  const SparsityPattern& p = *model.Sparsity();
  bool all = true;
  for (int j = 0; j < p.n; ++j) {
    for (int k = p.column_start[j]; k < p.column_start[j + 1]; ++k) {
      const bool ok = std::abs(values[k] - TrueEntry(p.rows[k], j)) < 1e-6;
      if (!ok) MESSAGE("entry (", p.rows[k], ", ", j, ") = ", values[k]);
      all = all && ok;
    }
  }
  return all;
}

TEST_CASE("exact columns where no input reads the state, differences for the rest") {
  auto model = TwoChains(1, 1);
  // A's last entry is read by B.In (through A.Last): its column also holds B's row 0, so it
  // stays on differences. Every other column is its object's own entries only.
  std::vector<int> expected(2 * kSize, 0);
  std::fill(expected.begin() + kSize, expected.end(), 1);
  expected[kSize - 1] = -1;
  CHECK(model->ExactJacobianColumns() == expected);
  const Formed formed = Form(*model);
  CHECK(MatchesTruth(*model, formed.values));
  CHECK(formed.evaluations == 1);  // One column, one group.
  CHECK(formed.described == "exact entries for 15 columns, 1 column group");
}

TEST_CASE("an object that declines, or gives values that are not finite, falls back entirely") {
  for (int exact_a : {0, 3}) {
    CAPTURE(exact_a);
    auto model = TwoChains(exact_a, 1);
    const Formed formed = Form(*model);
    CHECK(MatchesTruth(*model, formed.values));
    // A's 8 columns by differences: tridiagonal, 3 groups (B's exact columns are out of the way).
    CHECK(formed.evaluations == 3);
    CHECK(formed.described ==
          "exact entries for 8 columns, 3 column groups (some declined at 1 of 1 Jacobians)");
  }
}

TEST_CASE("without exact entries (the benchmarks' baseline) every column is differenced") {
  auto model = TwoChains(1, 1);
  const Formed formed = Form(*model, false);
  CHECK(MatchesTruth(*model, formed.values));
  CHECK(formed.evaluations == 3);  // Two tridiagonal chains and their link: 3 groups.
  CHECK(formed.described == "3 column groups");
}

TEST_CASE("the differences expose a wrong exact entry") {
  // The fallback as a test of the exact entries: Exact = 2 gives +2 on the diagonal.
  auto model = TwoChains(2, 1);
  const Formed exact = Form(*model);
  CHECK_FALSE(MatchesTruth(*model, exact.values));
}

TEST_CASE("a run with exact entries: the solution of the run on differences, fewer evaluations") {
  std::vector<RunResult> results;
  std::vector<std::vector<double>> final_states;
  for (int exact : {0, 1}) {
    auto model = TwoChains(exact, exact);
    MemorySink sink;
    results.push_back(Simulate(*model, model->scenario().engine, sink));
    REQUIRE(results.back().status == RunStatus::kCompleted);
    final_states.push_back(sink.Column("A.Last"));
  }
  CHECK(results[0].linear_solver.starts_with("sparse, 45 nonzeros, 3 column groups;"));
  CHECK(results[1].linear_solver.starts_with(
      "sparse, 45 nonzeros, exact entries for 15 columns, 1 column group;"));
  // Linear f: differences are exact to round-off, so both runs take the same steps.
  CHECK(results[0].stats.steps == results[1].stats.steps);
  CHECK(results[0].stats.jacobian_evals == results[1].stats.jacobian_evals);
  // Per Jacobian the base point, then 3 groups on differences, or 1 with exact entries.
  CHECK(results[0].stats.rhs_evals - results[1].stats.rhs_evals ==
        2 * results[0].stats.jacobian_evals);
  double apart = 0.0;
  for (size_t i = 0; i < final_states[0].size(); ++i)
    apart = std::max(apart, std::abs(final_states[0][i] - final_states[1][i]));
  // The same steps on Jacobians that differ by round-off (differences of a linear f, ~1e-9
  // relative): the Newton corrections, below ~1e-6 here, differ by ~1e-15.
  CHECK(apart < 1e-12);
}

}  // namespace
}  // namespace hawser
