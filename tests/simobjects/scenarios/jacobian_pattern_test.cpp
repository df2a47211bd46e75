// The Jacobian pattern a model derives from the SimObjects' declarations and the wiring
// (runtime/model/jacobian_structure.h) holds every entry of df/dx that is not zero, for every
// example in configs/. Independent check: perturbing state j changes f_i only if f_i reads x_j; a
// derivative that does not read x_j is computed by the same operations on the same values and
// comes out bit-identical. So every f_i that changes at all must be an entry of the pattern.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "runtime/model/model.h"
#include "runtime/scenario/scenario.h"
#include "simobjects/register_base.h"

namespace hawser::test {

namespace {

struct PatternCheck {
  int missing = 0;         ///< Entries that change f but are not in the pattern.
  std::string first_miss;  ///< The first of them, "row <- column".
  long nonzeros = 0, n = 0;
};

PatternCheck CheckPattern(Model& model) {
  const int n = model.size();
  std::vector<double> x = model.InitialState(model.scenario().engine.output.start);
  // Away from rest, so that velocity-dependent terms (drag, damping) are active.
  for (int j = 0; j < n; ++j) x[j] += 1e-3 * (1.0 + std::abs(x[j])) * std::sin(1.7 * j + 0.3);
  const double t = model.scenario().engine.output.start;
  std::vector<double> f0(n), f1(n);
  REQUIRE(model.Rhs(t, x.data(), f0.data()));
  // changed[j]: rows i whose f_i changed when x_j moved.
  std::vector<std::vector<int>> changed(n);
  std::vector<bool> read_by_other(n, false);
  for (int j = 0; j < n; ++j) {
    const double saved = x[j];
    x[j] += 1e-6 * (1.0 + std::abs(saved));
    REQUIRE(model.Rhs(t, x.data(), f1.data()));
    x[j] = saved;
    for (int i = 0; i < n; ++i) {
      if (f1[i] == f0[i]) continue;
      changed[j].push_back(i);
      if (i != j) read_by_other[j] = true;
    }
  }
  const SparsityPattern& p = *model.Sparsity();
  PatternCheck check{.nonzeros = p.nonzeros(), .n = n};
  for (int j = 0; j < n; ++j) {
    for (int i : changed[j]) {
      // Documented exception (cable.h): the row of an accumulator that no derivative reads
      // (a DissipatedEnergy) may leave entries out; its column is zero, so the Newton
      // iteration of every other state is exact.
      if (!read_by_other[i]) continue;
      if (p.Contains(i, j)) continue;
      if (check.missing++ == 0) check.first_miss = std::to_string(i) + " <- " + std::to_string(j);
    }
  }
  return check;
}

}  // namespace

TEST_CASE("every config's Jacobian pattern holds every entry that is not zero") {
  int checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(HAWSER_SOURCE_DIR "/configs")) {
    if (entry.path().extension() != ".xml") continue;
    const std::string name = entry.path().filename().string();
    CAPTURE(name);
    Scenario scenario = LoadScenario(entry.path().string());
    auto model = Model::Assemble(scenario, BuiltinRegistry());
    const PatternCheck c = CheckPattern(*model);
    CHECK_MESSAGE(c.missing == 0, c.missing << " entries missing, first " << c.first_miss);
    ++checked;
  }
  CHECK(checked >= 10);
}

TEST_CASE("a body between two cables: the pattern holds exactly the declared entries") {
  Scenario scenario = LoadScenario(HAWSER_SOURCE_DIR "/configs/cable_buoyed_line.xml");
  auto model = Model::Assemble(scenario, BuiltinRegistry());
  const PatternCheck c = CheckPattern(*model);
  CHECK(c.missing == 0);
  // Two 20-segment lines (19 free nodes: 114 node states and a DissipatedEnergy each) and the
  // buoy's 6 states: 236. Counted by hand from cable.h: per line, each node's 3 Pos' = Vel rows
  // read one entry and sit on the diagonal (6), its 3 acceleration rows read 18 entries (12 at
  // the two end nodes): 17 x 60 + 2 x 42 = 1104, and the DissipatedEnergy diagonal: 1105. The
  // buoy: 36 among its own states, 6 x 12 for the two adjacent end nodes its force reads, and
  // 12 x 6 for those nodes' rows reading the buoy's states. Dense would be 55696.
  CHECK(c.n == 236);
  CHECK(c.nonzeros == 2 * 1105 + 36 + 72 + 72);
}

}  // namespace hawser::test
