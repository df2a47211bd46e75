// simobjects/cable/cable_node_forces.cpp: CableNodeForces' vectorised passes give, bit for bit,
// the tangents, tensions and node forces that the per-node functions of cable_physics.h give
// node by node (NodeTangent, SegmentTension, NodeExternalForce, NodeFluidInertiaForce), in
// every branch: seabed contact with and without friction, slack segments, coincident
// neighbours, dry nodes, a current or per-node water with its acceleration; and the dissipated
// power within the rounding bound of the same terms' exact sum. InternalNodeDerivatives gives
// NodeAcceleration's accelerations bit for bit. Node counts that are not multiples of 4 cover
// the 4-node shuffles (node_transpose.h) and the nodes left after them; one workspace serves
// several calls, so what it keeps between them (uniform water, inverse masses) is checked.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "simobjects/cable/cable_physics.h"
#include "tests/simobjects/cable/short_line_properties.h"

namespace hawser {
namespace {

using Eigen::Vector3d;

Vector3d At(const std::vector<double>& v, int i) {
  return Vector3d(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
}

bool BitEqual(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

struct Result {
  std::vector<double> tangent, tension, force;
  double power = 0.0;
};

/// The per-node functions, node by node; `magnitude` gets the sum of the power's terms'
/// magnitudes and `exact` their sum in long double.
Result NodeByNode(const CableProperties& p, const std::vector<double>& pos,
                  const std::vector<double>& vel, const NodeWater& water, double* magnitude,
                  long double* exact) {
  const int n = p.elements;
  Result r;
  r.tangent.resize(3 * (n + 1));
  r.tension.resize(n);
  r.force.resize(3 * (n + 1));
  std::vector<Vector3d> pull(n);
  *magnitude = 0.0;
  *exact = 0.0L;
  for (int i = 0; i < n; ++i) {
    const Vector3d d = At(pos, i + 1) - At(pos, i);
    const double len = d.norm();
    const Vector3d dir = (1.0 / len) * d;
    const double rate = dir.dot(At(vel, i + 1) - At(vel, i));
    const double t = SegmentTension(p, i, len, rate);
    r.tension[i] = t;
    pull[i] = t * dir;
    const double lost =
        (t - p.axial_stiffness[i] * std::max(0.0, len - p.segment_length[i])) * rate;
    *magnitude += std::abs(lost);
    *exact += lost;
  }
  for (int i = 0; i <= n; ++i) {
    const double share = (i == 0 || i == n) ? 0.5 : 1.0;
    const Vector3d q = NodeTangent(pos, i, n);
    for (int k = 0; k < 3; ++k) r.tangent[3 * i + k] = q[k];
    Vector3d f;
    if (!water.wet.empty() && !water.wet[i]) {
      f = Vector3d(0.0, 0.0, -share * p.node_dry_weight[i]);
    } else {
      const Vector3d current =
          water.velocity.empty() ? water.uniform_velocity : At(water.velocity, i);
      double lost = 0.0;
      f = NodeExternalForce(p, i, share, q, At(pos, i), At(vel, i), current, &lost);
      *magnitude += std::abs(lost);
      *exact += lost;
      if (!water.acceleration.empty())
        f += NodeFluidInertiaForce(p, i, share, q, At(water.acceleration, i));
    }
    f -= i > 0 ? pull[i - 1] : Vector3d::Zero();
    f += i < n ? pull[i] : Vector3d::Zero();
    for (int k = 0; k < 3; ++k) r.force[3 * i + k] = f[k];
  }
  return r;
}

}  // namespace

TEST_CASE("CableNodeForces equals the per-node functions bit for bit, in every branch") {
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  constexpr int kN = 23;  // Not a multiple of any vector width: the loops' tails run too.
  // One workspace for every trial, as a cable keeps its own: what it keeps between evaluations
  // (the uniform water in its lanes) must follow the water of each.
  CableWorkspace work;
  for (int trial = 0; trial < 24; ++trial) {
    CAPTURE(trial);
    const bool friction = trial % 2 == 1;
    // The second half of the trials on a line of two sections (per-segment and per-node values).
    const CableProperties p = test::ShortLineProperties(kN, friction ? 0.5 : 0.0, trial >= 12);
    std::vector<double> pos(3 * (kN + 1)), vel(3 * (kN + 1));
    for (int i = 0; i <= kN; ++i) {
      // Along x, 5 m apart give or take 2 %, so that segments are taut or slack; z around the
      // seabed (touching, resting within the ramp depth, above), the last nodes lifted off.
      pos[3 * i] = 5.0 * i * (1.0 + 0.02 * u(rng));
      pos[3 * i + 1] = 0.3 * u(rng);
      const double depth =
          i % 3 == 0 ? 1e-4 * u(rng) : (i % 3 == 1 ? -1e-3 * std::abs(u(rng)) : 0.5 * u(rng));
      pos[3 * i + 2] = (i > kN - 4 ? -40.0 : p.seabed_z) + depth;
      for (int k = 0; k < 3; ++k) vel[3 * i + k] = 0.5 * u(rng);
    }
    if (trial % 3 == 0) {  // Coincident neighbours of node 5: no tangent (UnitX).
      for (int k = 0; k < 3; ++k) pos[3 * 6 + k] = pos[3 * 4 + k];
    }
    if (trial % 4 == 1) pos[3 * 8 + 2] = p.seabed_z;  // Exactly at the seabed: no contact.
    NodeWater water;
    if (trial % 4 < 2) {
      water.uniform_velocity = Vector3d(0.4 * u(rng), 0.2 * u(rng), 0.0);
    } else {
      water.velocity.resize(3 * (kN + 1));
      water.acceleration.resize(3 * (kN + 1));
      water.wet.assign(kN + 1, 1);
      for (double& v : water.velocity) v = 0.5 * u(rng);
      for (double& a : water.acceleration) a = 0.8 * u(rng);
      water.wet[kN] = water.wet[kN - 1] = 0;  // The fairlead end out of the water.
    }
    Result ours;
    ours.tangent.resize(3 * (kN + 1));
    ours.tension.resize(kN);
    ours.force.resize(3 * (kN + 1));
    CableNodeForces(p, pos, vel, water, ours.tangent, ours.tension, ours.force, work, &ours.power);
    double magnitude = 0.0;
    long double exact = 0.0L;
    const Result theirs = NodeByNode(p, pos, vel, water, &magnitude, &exact);
    CHECK(BitEqual(ours.tangent, theirs.tangent));
    CHECK(BitEqual(ours.tension, theirs.tension));
    CHECK(BitEqual(ours.force, theirs.force));
    // The power: 2 (N + 1) terms, each the per-node functions' own (bit-identical), summed in
    // partial sums of at most N / 4 + 1 terms and 3 more additions: within (N / 4 + 4) u of the
    // terms' magnitudes from the exact sum.
    const double u_round = std::numeric_limits<double>::epsilon() / 2;
    CHECK(std::abs(ours.power - static_cast<double>(exact)) <= (kN / 4 + 4) * u_round * magnitude);
  }
}

TEST_CASE("InternalNodeDerivatives equals NodeAcceleration with InverseMass bit for bit") {
  std::mt19937 rng(29);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (const int n : {2, 3, 23}) {  // One free node; two; a count past every vector width.
    CAPTURE(n);
    // Two sections: the nodes' masses and added masses differ along the line.
    CableProperties p = test::ShortLineProperties(n, 0.0, true);
    p.node_mass[1] = 0.37;  // A point mass of its own: a node's divisions use its own values.
    std::vector<double> tangent(3 * (n + 1)), force(3 * (n + 1)), state(6 * (n - 1));
    for (double& v : force) v = 1e4 * u(rng);
    for (double& v : state) v = 10.0 * u(rng);
    for (int i = 0; i <= n; ++i) {
      const Vector3d q = Vector3d(u(rng), u(rng), u(rng)).normalized();
      for (int k = 0; k < 3; ++k) tangent[3 * i + k] = q[k];
    }
    CableWorkspace work;
    // Twice with one workspace, a free node's mass changed in between: the inverse masses it
    // keeps must follow.
    for (const double last_mass : {p.node_mass[n - 1], 2.5 * p.node_mass[n - 1]}) {
      p.node_mass[n - 1] = last_mass;
      std::vector<double> ours(6 * (n - 1), std::nan("")), theirs(6 * (n - 1));
      InternalNodeDerivatives(p, state, tangent, force, work, ours);
      for (int i = 1; i < n; ++i) {
        const Vector3d acc = NodeAcceleration(InverseMass(p, i), At(tangent, i), At(force, i));
        for (int k = 0; k < 3; ++k) {
          theirs[6 * (i - 1) + k] = state[6 * (i - 1) + 3 + k];
          theirs[6 * (i - 1) + 3 + k] = acc[k];
        }
      }
      CHECK(BitEqual(ours, theirs));
    }
  }
}

}  // namespace hawser
