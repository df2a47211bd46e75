// Cable/Cable with BendingStiffness in a model: its exact Jacobian entries (the wider band,
// nodes +-2) against central differences of the model's right-hand side, the end's reach with
// a body attached, and EI -> 0 settling onto the catenary of the line without bending.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "runtime/solve/colored_jacobian.h"
#include "runtime/solve/system_jacobian.h"
#include "tests/simobjects/cable/line_on_buoy.h"
#include "tests/simobjects/settled_config.h"

namespace hawser::test {
namespace {

// A 6-segment line of 40 m (l0 = 6.67 m) from (0, 0, -30) up to (37.5, 0, -18), bent (nodes up
// to 0.2 m off the plane and off the chord), segment 3 slack, velocities up to 0.3 m/s; EI =
// 1e5 N m^2 gives bending forces ~EI phi / l0^2 ~ 1e3 N, of the tensions' size.
constexpr const char* kNodes =
    "6.7,0,-29.5,0.1,-0.2,-0.02, 13.4,0.1,-28.2,-0.3,0.1,-0.001, 19.9,0.2,-28,0.2,0.3,-0.1,"
    " 25.4,0,-25,-0.1,0.2,0.3, 31.5,-0.1,-21,0.25,-0.15,0.05";
constexpr const char* kLine =
    R"(<Lib LibName="base" SimObject="Cable/Cable" Name="L" NumElements="6" Length="40" )"
    R"(Diameter="0.1" MassPerLength="20" EA="1e6" BendingStiffness="1e5")";
constexpr double kStep = 1e-6;  // Central-difference step [m, m/s].

TEST_CASE("Cable/Cable with EI: exact entries equal central differences of the model") {
  const std::string xml = ScenarioXml(
      std::string(kLine) + "/>", R"(<Connection L.PositionA="0,0,-30" L.PositionB="37.5,0,-18"/>)",
      std::string(R"(<InitialCondition L.Nodes=")") + kNodes + R"("/>)");
  auto model = Model::Assemble(LoadScenarioFromString(xml, "scenario.xml"), BuiltinRegistry());
  std::vector<double> x = model->InitialState(0.0);
  const int n = static_cast<int>(x.size());
  REQUIRE(n == 31);
  REQUIRE(model->ExactJacobianColumns() == std::vector<int>(n, 0));
  std::vector<double> fx(n), plus(n), minus(n);
  REQUIRE(model->Rhs(0.0, x.data(), fx.data()));
  const SparsityPattern& p = *model->Sparsity();
  std::vector<double> values(p.nonzeros(), std::nan(""));
  REQUIRE(model->FillExactJacobian(0, values));
  // Which (node, node two away) pairs have an acceleration entry against the other's position.
  std::set<std::pair<int, int>> two_away;
  for (int j = 0; j < n; ++j) {
    const double saved = x[j];
    x[j] = saved + kStep;
    REQUIRE(model->Rhs(0.0, x.data(), plus.data()));
    const double above = x[j];
    x[j] = saved - kStep;
    REQUIRE(model->Rhs(0.0, x.data(), minus.data()));
    const double step = above - x[j];
    x[j] = saved;
    for (int i = 0; i < n - 1; ++i) {  // DissipatedEnergy's row is outside the structure.
      const double fd = (plus[i] - minus[i]) / step;
      const auto first = p.rows.begin() + p.column_start[j];
      const auto last = p.rows.begin() + p.column_start[j + 1];
      const auto k = std::find(first, last, i);
      const double exact = k != last ? values[k - p.rows.begin()] : 0.0;
      // As cable_jacobian_test.cpp's: round-off eps |F| / (m h) with |F| ~ k l ~ 1e6 N and m =
      // 133 kg is ~2e-6, the truncation h^2 |f'''| / 6 far below; the bending entries are
      // ~EI / (m l0^3) ~ 3 s^-2, so 1e-4 shows any wrong or missing one.
      CHECK_MESSAGE(std::abs(exact - fd) < 1e-4, "row ", i, " column ", j, ": exact ", exact,
                    ", fd ", fd);
      if (i % 6 >= 3 && j % 6 < 3 && std::abs(i / 6 - j / 6) == 2 && std::abs(fd) > 0.1) {
        two_away.insert({i / 6, j / 6});
      }
    }
  }
  // Nodes 1-3, 2-4, 3-5 both ways: bending's reach is exercised.
  CHECK(two_away.size() == 6);
}

TEST_CASE("Cable/Cable with EI and a body at end B: the end reaches two nodes, differences agree") {
  // The buoy's Force reads ForceB, which with bending reads nodes 4 and 5 (node 5's bend), and
  // PositionB is read by nodes 4 and 5: those 12 columns (and the buoy's 6) stay on
  // differences, and the
  // Jacobian the model assembles equals all-differences to their accuracy.
  auto model = LineOnBuoy(std::string(kLine) + "/>", kNodes);
  const std::vector<double> x = model->InitialState(0.0);
  const int n = static_cast<int>(x.size());
  REQUIRE(n == 37);
  SystemJacobian system_jacobian(*model);
  CHECK(system_jacobian.Describe().find("exact entries offered for 19 columns") == 0);
  std::vector<double> fx(n);
  const auto f = [&](const double* at, double* out) { return model->Rhs(0.0, at, out); };
  REQUIRE(f(x.data(), fx.data()));
  // Forward differences of 1e-7: truncation h |f''| / 2 and round-off eps |F| / (m h) both
  // ~2e-5 (cable_jacobian_test.cpp's case); 1e-3 against entries up to ~1e3 s^-2.
  const std::vector<double> increments(n, 1e-7);
  std::vector<double> mixed(model->Sparsity()->nonzeros(), std::nan(""));
  std::vector<double> differences(mixed.size(), std::nan(""));
  REQUIRE(system_jacobian.Evaluate(f, x, fx, increments, mixed));
  ColoredJacobian all(*model->Sparsity());
  REQUIRE(f(x.data(), fx.data()));
  model->SetEstimatingJacobian(true);
  REQUIRE(all.Evaluate(f, x, fx, increments, differences));
  model->SetEstimatingJacobian(false);
  const SparsityPattern& p = *model->Sparsity();
  for (int j = 0; j < n; ++j) {
    for (int k = p.column_start[j]; k < p.column_start[j + 1]; ++k) {
      if (p.rows[k] == 30) continue;  // DissipatedEnergy's row: see cable_jacobian_test.cpp.
      CHECK_MESSAGE(std::abs(mixed[k] - differences[k]) < 1e-3, "row ", p.rows[k], " column ", j,
                    ": mixed ", mixed[k], ", differences ", differences[k]);
    }
  }
}

/// 100 m of chain (150 kg/m, EA 6e8 N) hanging between (0, 0, 0) and (80, 0, 0) on 20
/// segments, with BendingStiffness `ei` (none if negative), settled.
SettledConfig HangingLine(double ei) {
  const std::string bending = ei < 0 ? "" : fmt::format(R"( BendingStiffness="{}")", ei);
  return SettleScenario(LoadScenarioFromString(
      ScenarioXml(fmt::format(R"(<Lib LibName="base" SimObject="Cable/Cable" Name="L" )"
                              R"(NumElements="20" Length="100" Diameter="0.1" )"
                              R"(MassPerLength="150" EA="6e8"{}/>)",
                              bending),
                  R"(<Connection L.PositionA="0,0,0" L.PositionB="80,0,0"/>)"),
      "t.xml"));
}

/// The largest distance of a node of `a` from the same node of `b` [m].
double Apart(const SettledConfig& a, const SettledConfig& b) {
  double apart = 0.0;
  for (int i = 0; i < 3 * 21; ++i) {
    apart = std::max(
        apart, std::abs(a.Output("L", "NodePositions", i) - b.Output("L", "NodePositions", i)));
  }
  return apart;
}

TEST_CASE("EI -> 0: a hanging line settles onto the catenary of the line without bending") {
  const SettledConfig none = HangingLine(-1.0), zero = HangingLine(0.0);
  CHECK(Apart(zero, none) == 0.0);  // EI = 0 is no bending at all.
  // The sag's curvature ~1e-2 1/m makes bending moments EI kappa that shift the nodes by
  // O(EI): the shift is linear in EI as it goes to 0 (ratio 2 for EI doubled, to O(EI^2),
  // within 2 %), and at EI = 1e3 N m^2 (a bending length sqrt(EI / T) ~ 0.1 m against
  // the 5 m segments) small.
  const double small = Apart(HangingLine(1e3), none), twice = Apart(HangingLine(2e3), none);
  MESSAGE(fmt::format("EI 1e3: {:.3g} m, 2e3: {:.3g} m", small, twice));
  CHECK(small > 0.0);
  CHECK(small < 1e-2);
  CHECK(twice / small == doctest::Approx(2.0).epsilon(0.02));
}

TEST_CASE("Cable/Cable with EI: kinetic + potential + dissipated energy is constant") {
  // cable_energy_test.cpp's falling line (50 m, N = 10, released straight and slack between
  // anchors 40 m apart, falling onto a seabed at z = -58, Can = 0, damping, drag, friction)
  // with EI = 1e6 N m^2, tolerances 1e-10 for the same reasons.
  std::string nodes;
  for (int i = 1; i < 10; ++i) nodes += fmt::format("{}{},0,-50,0,0,0", i > 1 ? "," : "", 4.0 * i);
  const MemorySink sink = Run(ScenarioXml(
      R"(<Lib LibName="base" SimObject="Cable/Cable" Name="C" NumElements="10" Length="50" )"
      R"(Diameter="0.1" MassPerLength="150" EA="1e7" Can="0" SeabedDepth="-58" )"
      R"(SeabedFriction="0.5" BendingStiffness="1e6"/>)",
      R"(<Connection C.PositionA="0,0,-50" C.PositionB="40,0,-50"/>)",
      fmt::format(R"(<InitialCondition C.Nodes="{}"/>)", nodes),
      R"(<Engine Integrator="cvode-bdf" AbsTol="1e-10" RelTol="1e-10" TOutput="0, 0.05, 4" )"
      R"(LogStates="1" FileOutput="objects:all"/>)"));
  const auto ke = sink.Column("C.KineticEnergy"), pe = sink.Column("C.PotentialEnergy"),
             ed = sink.Column("C:DissipatedEnergy");
  double drift = 0.0, exchanged = 0.0, bending = 0.0;
  for (size_t r = 0; r < ke.size(); ++r) {
    drift = std::max(drift, std::abs(ke[r] + pe[r] + ed[r] - (ke[0] + pe[0] + ed[0])));
    exchanged = std::max(exchanged, std::abs(pe[r] - pe[0]));
    // The bending energy at this row, EI |e_i - e_{i-1}|^2 / (2 l0) summed over the nodes.
    double energy = 0.0;
    for (int i = 1; i < 10; ++i) {
      Eigen::Vector3d x[3];
      for (int k = 0; k < 3; ++k) {
        for (int c = 0; c < 3; ++c) {
          x[k][c] = sink.Column(fmt::format("C.NodePositions[{}]", 3 * (i - 1 + k) + c))[r];
        }
      }
      energy +=
          1e6 / (2 * 5.0) * ((x[2] - x[1]).normalized() - (x[1] - x[0]).normalized()).squaredNorm();
    }
    bending = std::max(bending, energy);
  }
  MESSAGE(fmt::format("drift {:.3g} J of {:.3g} J exchanged; bending energy up to {:.3g} J", drift,
                      exchanged, bending));
  // The balance closes to 1e-6 of the energy exchanged, while the bending energy is far more
  // than that: leaving it out of PotentialEnergy (or a non-conservative bending force) shows.
  CHECK(drift < 1e-6 * exchanged);
  CHECK(bending > 1e-3 * exchanged);
}

}  // namespace
}  // namespace hawser::test
