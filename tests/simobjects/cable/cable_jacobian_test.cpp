// The cable's exact Jacobian (cable_jacobian.h, Cable::StateJacobian) against central finite
// differences of its node accelerations: alone, at random states of a short line that cover
// every branch of the forces (taut and slack segments, nodes clear of the seabed, in the damping
// ramp and resting on it, friction, current, waves, a dry node); through the model with an
// ocean; and in a model where a body at one end keeps that end's columns on differences.
#include "simobjects/cable/cable_jacobian.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "runtime/solve/colored_jacobian.h"
#include "runtime/solve/system_jacobian.h"
#include "tests/simobjects/cable/line_on_buoy.h"
#include "tests/simobjects/cable/short_line_properties.h"
#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {
namespace {

constexpr int kN = 6;           // Segments.
constexpr double kStep = 1e-6;  // Central-difference step for positions [m] and velocities [m/s].

Eigen::Vector3d V(const double* p) { return Eigen::Map<const Eigen::Vector3d>(p); }

/// A short line: 6 segments of 5 m, EA = 1e6 N, 20 kg/m, d = 0.1 m, in sea water, with a seabed
/// at z = -50 m and friction (the values Cable's constructor derives, rounded).
/// Two sections (short_line_properties.h): the second half heavier, per node and segment.
CableProperties ShortLine() { return ShortLineProperties(kN, 0.5, /*two_sections=*/true); }

/// Every internal node's acceleration, as Cable::CalcDerivatives computes it.
std::vector<double> Accelerations(const CableProperties& p, const std::vector<double>& pos,
                                  const std::vector<double>& vel, const NodeWater& water,
                                  std::vector<double>* tangent = nullptr,
                                  std::vector<double>* force = nullptr) {
  const int nodes = p.elements + 1;
  std::vector<double> q(3 * nodes), t(p.elements), f(3 * nodes), acc;
  CableWorkspace work;
  CableNodeForces(p, pos, vel, water, q, t, f, work);
  for (int i = 1; i < p.elements; ++i) {
    const Eigen::Vector3d a = NodeAcceleration(InverseMass(p, i), V(&q[3 * i]), V(&f[3 * i]));
    acc.insert(acc.end(), a.data(), a.data() + 3);
  }
  if (tangent != nullptr) *tangent = q;
  if (force != nullptr) *force = f;
  return acc;
}

/// The smallest distance, in units of what a perturbation of kStep in one state can change it,
/// of any branch condition from its kink: segment tension k (l - l0) + c dl/dt against 0; a
/// node's penetration against 0 and against the ramp depth; the seabed force K pen - r C vz
/// against 0; the drag's |u_n| and |u.q| against 0. Central differences straddle no kink while
/// this is above 1.
double KinkMargin(const CableProperties& p, const std::vector<double>& pos,
                  const std::vector<double>& vel, const NodeWater& water) {
  const auto node = [](const std::vector<double>& v, int i) { return V(&v[3 * i]); };
  double margin = 1e300;
  // Changes under one perturbation of size kStep, with a factor 4 to spare (a position moves l,
  // the tangent and dl/dt; |u| ~ 1 m/s, chords 10 m).
  const double speed_change = 4 * kStep * 2.0;
  for (int s = 0; s < p.elements; ++s) {
    const double tension_change = 4 * kStep * (p.axial_stiffness[s] + p.axial_damping[s] * 2.0);
    const Eigen::Vector3d d = node(pos, s + 1) - node(pos, s);
    const double arg = p.axial_stiffness[s] * (d.norm() - p.segment_length[s]) +
                       p.axial_damping[s] * d.normalized().dot(node(vel, s + 1) - node(vel, s));
    margin = std::min(margin, std::abs(arg) / tension_change);
  }
  for (int i = 1; i < p.elements; ++i) {
    const double pen = p.seabed_z - pos[3 * i + 2];
    const double seabed_change = 4 * kStep * (p.seabed_stiffness[i] + p.seabed_damping[i] * 2.0);
    margin = std::min(margin, std::abs(pen) / (4 * kStep));
    margin = std::min(margin, std::abs(pen - p.seabed_ramp_depth[i]) / (4 * kStep));
    if (pen > 0.0) {
      const double ramp = std::min(1.0, pen / p.seabed_ramp_depth[i]);
      const double arg = p.seabed_stiffness[i] * pen - ramp * p.seabed_damping[i] * vel[3 * i + 2];
      margin = std::min(margin, std::abs(arg) / seabed_change);
    }
    const Eigen::Vector3d q = (node(pos, i + 1) - node(pos, i - 1)).normalized();
    const Eigen::Vector3d u =
        node(vel, i) - (water.velocity.empty() ? water.uniform_velocity : node(water.velocity, i));
    margin = std::min(margin, std::abs(u.dot(q)) / speed_change);
    margin = std::min(margin, (u - u.dot(q) * q).norm() / speed_change);
  }
  return margin;
}

/// What the random states went through, to check that they cover every branch.
struct Coverage {
  int taut = 0, slack = 0, clear = 0, ramp = 0, resting = 0, clipped = 0;
};

/// A random state of the short line: segments of 0.98 to 1.005 l0 along x, wiggling by up to
/// 0.2 m across, nodes up to 0.3 m above the seabed, in its damping ramp, or up to 4 mm into it;
/// velocities up to 0.5 m/s per component. Drawn again until no branch lies near its kink.
void RandomState(const CableProperties& p, const NodeWater& water, std::mt19937& rng,
                 std::vector<double>& pos, std::vector<double>& vel, Coverage& seen) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const int nodes = p.elements + 1;
  pos.assign(3 * nodes, 0.0);
  vel.assign(3 * nodes, 0.0);
  do {
    for (int i = 0; i < nodes; ++i) {
      const double x =
          i == 0 ? 0.0 : pos[3 * (i - 1)] + p.segment_length[i - 1] * (0.98 + 0.025 * unit(rng));
      const int where = static_cast<int>(3 * unit(rng));  // Clear, ramp, resting.
      const double depth =
          where == 0
              ? -0.3 * unit(rng)
              : (where == 1 ? (0.2 + 0.6 * unit(rng)) * p.seabed_ramp_depth[i] : 4e-3 * unit(rng));
      pos[3 * i] = x;
      pos[3 * i + 1] = 0.4 * unit(rng) - 0.2;
      pos[3 * i + 2] = p.seabed_z - depth;
      for (int k = 0; k < 3; ++k) vel[3 * i + k] = unit(rng) - 0.5;
    }
  } while (KinkMargin(p, pos, vel, water) < 1.0);
  for (int s = 0; s < p.elements; ++s) {
    const Eigen::Vector3d d = V(&pos[3 * s + 3]) - V(&pos[3 * s]);
    const double rate = d.normalized().dot(V(&vel[3 * s + 3]) - V(&vel[3 * s]));
    const double arg =
        p.axial_stiffness[s] * (d.norm() - p.segment_length[s]) + p.axial_damping[s] * rate;
    ++(arg > 0 ? seen.taut : seen.slack);
  }
  for (int i = 1; i < p.elements; ++i) {
    const double pen = p.seabed_z - pos[3 * i + 2];
    if (pen <= 0.0) {
      ++seen.clear;
      continue;
    }
    ++(pen < p.seabed_ramp_depth[i] ? seen.ramp : seen.resting);
    const double ramp = std::min(1.0, pen / p.seabed_ramp_depth[i]);
    if (p.seabed_stiffness[i] * pen - ramp * p.seabed_damping[i] * vel[3 * i + 2] <= 0.0) {
      ++seen.clipped;
    }
  }
}

TEST_CASE("cable acceleration Jacobian equals central differences of the accelerations") {
  const CableProperties p = ShortLine();
  const int nodes = kN + 1;
  std::mt19937 rng(12);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  // Still water with a current; and waves: per node water velocity and acceleration, node 3
  // out of the water.
  NodeWater still;
  still.uniform_velocity = Eigen::Vector3d(0.3, -0.1, 0.0);
  NodeWater waves;
  for (int i = 0; i < 3 * nodes; ++i) {
    waves.velocity.push_back(unit(rng) - 0.5);
    waves.acceleration.push_back(2.0 * unit(rng) - 1.0);
  }
  waves.wet.assign(nodes, 1);
  waves.wet[3] = 0;

  Coverage seen;
  // The tangential drag's entries 2 Dt |u.q| / m: the weakest term, at most a few 0.01 s^-1.
  double drag_term = 0.0;
  for (const NodeWater* water : {&still, &waves}) {
    for (int sample = 0; sample < 20; ++sample) {
      std::vector<double> pos, vel, tangent, force;
      RandomState(p, *water, rng, pos, vel, seen);
      Accelerations(p, pos, vel, *water, &tangent, &force);
      std::vector<double> exact(kNodeJacobianSize * (kN - 1));
      CableAccelerationJacobian(p, pos, vel, *water, tangent, force, exact);
      for (int i = 1; i < kN; ++i) {
        const Eigen::Vector3d u =
            V(&vel[3 * i]) -
            (water->velocity.empty() ? water->uniform_velocity : V(&water->velocity[3 * i]));
        drag_term = std::max(drag_term, 2.0 * p.tangential_drag[i] *
                                            std::abs(u.dot(V(&tangent[3 * i]))) / p.node_mass[i]);
      }
      // Every column of every node's block: positions and velocities of nodes 0..N.
      for (int node = 0; node < nodes; ++node) {
        for (int c = 0; c < 6; ++c) {
          std::vector<double>& perturbed = c < 3 ? pos : vel;
          const int k = 3 * node + c % 3;
          const double saved = perturbed[k];
          perturbed[k] = saved + kStep;
          const std::vector<double> plus = Accelerations(p, pos, vel, *water);
          const double above = perturbed[k];
          perturbed[k] = saved - kStep;
          const std::vector<double> minus = Accelerations(p, pos, vel, *water);
          // The step taken: x +- h rounds by up to eps |x|, 1e-8 of h at |x| ~ 50 m.
          const double step = above - perturbed[k];
          perturbed[k] = saved;
          for (int i = std::max(1, node - 1); i <= std::min(kN - 1, node + 1); ++i) {
            const int column = 6 * (node - i + 1) + c;  // In node i's 3 x 18 block.
            for (int r = 0; r < 3; ++r) {
              const double fd = (plus[3 * (i - 1) + r] - minus[3 * (i - 1) + r]) / step;
              const double e = exact[kNodeJacobianSize * (i - 1) + 3 * column + r];
              // Tolerance: the central difference's truncation error h^2/6 |f'''| is below 1e-9
              // here (the most curved smooth term, friction mu N u/s with s >= 0.01 m/s, has
              // |f'''| ~ mu N / (m s^3) ~ 3e6), and its round-off is eps |F| / (m h) with
              // intermediate forces |F| ~ k l ~ 1e6 N: 2e-16 1e6 / (100 1e-6) = 2e-6 (the worst
              // seen is 1.2e-6, also where the seabed ramp makes entries ~1e6). 1e-4 (s^-2 in
              // position columns, s^-1 in velocity columns) leaves a factor 50 and is far below
              // the weakest term, the tangential drag's (its largest 2 Dt |u.q| / m is over 100
              // times more, checked below): a term left out or of the wrong sign shows.
              CHECK_MESSAGE(std::abs(e - fd) < 1e-4, "node ", i, " row ", r, " column ", column,
                            ": exact ", e, ", fd ", fd);
            }
          }
        }
      }
    }
  }
  CHECK(drag_term > 100 * 1e-4);
  // Every branch was met (and each often enough to matter).
  CHECK(seen.taut > 20);
  CHECK(seen.slack > 20);
  CHECK(seen.clear > 5);
  CHECK(seen.ramp > 5);
  CHECK(seen.resting > 5);
  CHECK(seen.clipped > 2);
}

// A 6-segment line of 40 m (l0 = 6.67 m) from its anchor on the seabed (z = -30 m) up to
// (37.5, 0, -18): node 1 resting on the seabed (2 mm in), node 2 in the damping ramp (0.2 mm in;
// the resting depth is 0.39 mm), segment 3 slack, the others taut; velocities up to 0.3 m/s.
constexpr const char* kNodes =
    "6.7,0,-30.002,0.1,-0.2,-0.02, 13.4,0.1,-30.0002,-0.3,0.1,-0.001, 19.9,0.2,-28,0.2,0.3,-0.1,"
    " 25.4,0,-25,-0.1,0.2,0.3, 31.5,-0.1,-21,0.25,-0.15,0.05";
constexpr const char* kLine =
    R"(<Lib LibName="base" SimObject="Cable/Cable" Name="L" NumElements="6" Length="40" )"
    R"(Diameter="0.1" MassPerLength="20" EA="1e6" )";

/// Column j of df/dx by central differences of the model's right-hand side at (t, x), with the
/// water held as sampled at x (estimating_jacobian() on), as the exact entries hold it.
std::vector<double> CentralColumn(Model& model, double t, std::vector<double> x, int j, double h) {
  const size_t n = x.size();
  std::vector<double> plus(n), minus(n), column(n);
  std::vector<double> base(n);
  REQUIRE(model.Rhs(t, x.data(), base.data()));
  model.SetEstimatingJacobian(true);
  const double saved = x[j];
  x[j] = saved + h;
  REQUIRE(model.Rhs(t, x.data(), plus.data()));
  const double above = x[j];
  x[j] = saved - h;
  REQUIRE(model.Rhs(t, x.data(), minus.data()));
  model.SetEstimatingJacobian(false);
  const double step = above - x[j];  // As taken, after rounding.
  for (size_t i = 0; i < n; ++i) column[i] = (plus[i] - minus[i]) / step;
  return column;
}

TEST_CASE("Cable/Cable's exact entries equal central differences of the model, in waves") {
  const std::string xml = ScenarioXml(
      std::string(R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Depth="30" )"
                  R"(Waves="regular" WaveHeight="2" WavePeriod="8"/>)") +
          "\n" + kLine + R"(SeabedFriction="0.5"/>)",
      R"(<Connection L.PositionA="0,0,-30" L.PositionB="37.5,0,-18" L.Current="0.3,0.1,0"/>)",
      std::string(R"(<InitialCondition L.Nodes=")") + kNodes + R"("/>)");
  auto model = Model::Assemble(LoadScenarioFromString(xml, "scenario.xml"), BuiltinRegistry());
  const std::vector<double> x = model->InitialState(0.0);
  const int n = static_cast<int>(x.size());
  REQUIRE(n == 31);  // 5 free nodes and DissipatedEnergy.
  // Nothing reads the line's states through the wiring: every column is exact (block 0).
  const std::vector<int> blocks = model->ExactJacobianColumns();
  REQUIRE(blocks == std::vector<int>(n, 0));
  const double t = 1.3;
  std::vector<double> fx(n);
  REQUIRE(model->Rhs(t, x.data(), fx.data()));
  const SparsityPattern& p = *model->Sparsity();
  std::vector<double> values(p.nonzeros(), std::nan(""));
  REQUIRE(model->FillExactJacobian(0, values));
  for (int j = 0; j < n; ++j) {
    const std::vector<double> fd = CentralColumn(*model, t, x, j, kStep);
    for (int i = 0; i < n - 1; ++i) {  // DissipatedEnergy's row is outside the structure.
      const int k = static_cast<int>(
          std::find(p.rows.begin() + p.column_start[j], p.rows.begin() + p.column_start[j + 1], i) -
          p.rows.begin());
      const bool in_pattern = k < p.column_start[j + 1];
      const double exact = in_pattern ? values[k] : 0.0;
      // The tolerance of the test above, for the same reasons (stiffness, masses and speeds of
      // the same size; the worst seen is 8e-7); an entry outside the pattern must be 0 (to
      // round-off) as well.
      CHECK_MESSAGE(std::abs(exact - fd[i]) < 1e-4, "row ", i, " column ", j, ": exact ", exact,
                    ", fd ", fd[i]);
    }
  }
}

TEST_CASE("a line attached to a body: exact columns where no input reads them, the same Jacobian") {
  // End B on a buoy: the buoy's Force reads the line's last node, and the line's PositionB and
  // VelocityB read the buoy's states. Those 12 columns stay on differences; the other 25 (nodes
  // 1..4 and DissipatedEnergy) are exact. No friction: its regularisation (v_eps = 0.01 m/s)
  // curves the force so much that forward differences would need a tolerance of their own; the
  // test above checks it.
  auto model = LineOnBuoy(std::string(kLine) + R"(SeabedDepth="-30"/>)", kNodes);
  const std::vector<double> x = model->InitialState(0.0);
  const int n = static_cast<int>(x.size());
  REQUIRE(n == 37);
  const std::vector<int> blocks = model->ExactJacobianColumns();
  REQUIRE(blocks.size() == x.size());
  int exact_columns = 0;
  for (const StateSlot& slot : model->state_layout()) {
    const std::string name = model->objects()[slot.object]->name();
    const std::string state =
        model->objects()[slot.object]->interface().states[slot.state].spec.name;
    for (int k = 0; k < slot.width; ++k) {
      const bool last_node = name == "L" && state == "Nodes" && k >= 24;
      const bool exact = name == "L" && !last_node;
      CHECK_MESSAGE((blocks[slot.offset + k] >= 0) == exact, name, ":", state, "[", k, "]");
      exact_columns += exact ? 1 : 0;
    }
  }
  CHECK(exact_columns == 25);

  const double t = 0.0;
  std::vector<double> fx(n);
  const auto f = [&](const double* at, double* out) { return model->Rhs(t, at, out); };
  // Forward differences with increments of 1e-7: their truncation error h |f''| / 2 is at most
  // ~2e-5 (tension: |f''| ~ k / (m l) ~ 200 s^-2 m^-1; the seabed force is linear in z and vz
  // in its ramp, the drag's |f''| ~ Dn / m ~ 3), their round-off eps |F| / (m h) with forces
  // |F| ~ k l ~ 1e6 N about 2e-5 (the worst seen is 1.6e-5): 1e-3 leaves a factor 25,
  // against entries up to ~1e4 (k / m ~ 1e3 s^-2, the seabed's K / m ~ 2e4) and drag terms
  // ~0.1; a wrong exact entry, or a column filled exactly that another object's row reads (it
  // would miss that row's entry), would be off by far more.
  const std::vector<double> increments(n, 1e-7);
  std::vector<double> mixed(model->Sparsity()->nonzeros(), std::nan(""));
  std::vector<double> differences(mixed.size(), std::nan(""));
  SystemJacobian system_jacobian(*model);
  CHECK(system_jacobian.Describe() ==
        "exact entries offered for 25 columns, the others in 12 column groups");
  REQUIRE(model->Rhs(t, x.data(), fx.data()));
  long evaluations = 0;
  const auto counted = [&](const double* at, double* out) {
    ++evaluations;
    return f(at, out);
  };
  REQUIRE(system_jacobian.Evaluate(counted, x, fx, increments, mixed));
  CHECK(evaluations == system_jacobian.last_groups());
  CHECK(system_jacobian.last_exact_columns() == 25);
  CHECK(system_jacobian.Describe() == "exact entries for 25 columns, 12 column groups");
  ColoredJacobian all(*model->Sparsity());
  REQUIRE(model->Rhs(t, x.data(), fx.data()));
  model->SetEstimatingJacobian(true);
  REQUIRE(all.Evaluate(f, x, fx, increments, differences));
  model->SetEstimatingJacobian(false);
  CHECK(all.groups() > system_jacobian.last_groups());
  // Row 30, DissipatedEnergy's, reads every node outside the declared structure (cable.h): its
  // one entry in the pattern, the diagonal, is 0 exactly, but a column group that perturbs it
  // together with node columns puts their effect on the power there.
  const SparsityPattern& p = *model->Sparsity();
  for (int j = 0; j < n; ++j) {
    for (int k = p.column_start[j]; k < p.column_start[j + 1]; ++k) {
      if (p.rows[k] == 30) continue;
      CHECK_MESSAGE(std::abs(mixed[k] - differences[k]) < 1e-3, "row ", p.rows[k], " column ", j,
                    ": mixed ", mixed[k], ", differences ", differences[k]);
    }
  }
}

}  // namespace
}  // namespace hawser::test
