// Bending stiffness of Cable/Cable (cable_bending.h): forces as minus the energy's gradient,
// the exact Jacobian against central differences of the model, a cantilever under its own
// weight against Euler-Bernoulli, a large-deflection cantilever against the elastica, and
// EI -> 0 giving the catenary.
#include "simobjects/cable/cable_bending.h"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "tests/simobjects/settled_config.h"

namespace hawser::test {
namespace {

/// A line of `elements` segments of length `l0` with bending stiffness `ei` at every node and
/// a weight `weight` per node (half at the ends), otherwise axially stiff (k = EA / l0 with
/// EA = 1e8 N: strains below 1e-6 under the tests' tensions) and without water: the static
/// tests' beam.
CableProperties Beam(int elements, double l0, double ei, double weight) {
  CableProperties p;
  p.elements = elements;
  p.segment_length = l0;
  p.axial_stiffness = 1e8 / l0;
  p.node_mass = 1.0;
  p.node_weight = weight;
  p.node_dry_weight = weight;
  SetBendingStiffness(p, std::vector<double>(elements + 1, ei));
  return p;
}

std::vector<double> Forces(const CableProperties& p, const std::vector<double>& pos) {
  const size_t nodes = static_cast<size_t>(p.elements) + 1;
  std::vector<double> vel(3 * nodes, 0.0), tangent(3 * nodes), tension(p.elements),
      force(3 * nodes);
  CableWorkspace work;
  CableNodeForces(p, pos, vel, NodeWater{}, tangent, tension, force, work);
  return force;
}

TEST_CASE("bending forces are minus the gradient of the bending energy") {
  const CableProperties p = Beam(5, 2.0, 3e4, 0.0);
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  std::vector<double> pos(18, 0.0);
  for (int i = 0; i < 6; ++i) {
    pos[3 * i] = 2.0 * i + 0.5 * unit(rng);
    pos[3 * i + 1] = 0.8 * unit(rng);
    pos[3 * i + 2] = 0.8 * unit(rng);
  }
  std::vector<double> force(18, 0.0);
  AddBendingForces(p, pos, force);
  for (int k = 0; k < 18; ++k) {
    const double h = 1e-6, saved = pos[k];
    pos[k] = saved + h;
    const double plus = BendingEnergy(p, pos);
    pos[k] = saved - h;
    const double minus = BendingEnergy(p, pos);
    pos[k] = saved;
    // Central differences: truncation h^2 |E'''| / 6 ~ 1e-12 C / l^3 and round-off eps E / h ~
    // 2e-16 1e4 / 1e-6 = 2e-6 N, against forces ~C / l ~ 1e4 N: 1e-4 N shows any wrong term.
    CHECK_MESSAGE(std::abs(force[k] + (plus - minus) / (2 * h)) < 1e-4, "coordinate ", k);
  }
  // A small turn phi at node 2 alone: E = EI phi^2 / (2 l0) to O(phi^4) (kappa = phi / l0).
  std::vector<double> bent = {0, 0, 0, 2, 0, 0, 4, 0, 0};
  const double phi = 1e-3;
  for (int i = 3; i < 6; ++i) {
    bent.insert(bent.end(), {4 + 2 * (i - 2) * std::cos(phi), 0.0, 2 * (i - 2) * std::sin(phi)});
  }
  CHECK(BendingEnergy(p, bent) == doctest::Approx(3e4 * phi * phi / 4.0).epsilon(1e-6));
  // Straight: no bending force at all.
  std::vector<double> straight(18, 0.0), none(18, 0.0);
  for (int i = 0; i < 6; ++i) straight[3 * i] = 2.0 * i;
  AddBendingForces(p, straight, none);
  CHECK(*std::max_element(none.begin(), none.end()) == 0.0);
  CHECK(*std::min_element(none.begin(), none.end()) == 0.0);
}

/// Static equilibrium of the nodes from `first_free` to the last (end B free), in the x-z
/// plane, under the node forces and `tip_force` (x, z) on end B, by Newton's method on
/// central-difference Jacobians: the reference solver of the cantilever tests, independent of
/// the code's Jacobian.
void SolveStatics(const CableProperties& p, int first_free, Eigen::Vector2d tip_force,
                  std::vector<double>& pos) {
  const int nodes = p.elements + 1, unknowns = 2 * (nodes - first_free);
  const auto residual = [&](const std::vector<double>& at) {
    const std::vector<double> f = Forces(p, at);
    Eigen::VectorXd r(unknowns);
    for (int i = first_free; i < nodes; ++i) {
      r[2 * (i - first_free)] = f[3 * i];
      r[2 * (i - first_free) + 1] = f[3 * i + 2];
    }
    r.tail<2>() += tip_force;
    return r;
  };
  const auto coordinate = [&](int u) -> double& {
    return pos[3 * (first_free + u / 2) + (u % 2 == 0 ? 0 : 2)];
  };
  for (int iteration = 0; iteration < 50; ++iteration) {
    const Eigen::VectorXd r = residual(pos);
    // Converged when the force left is 1e-7 of the weight: the round-off in the tensions,
    // eps k l ~ 2e-16 1e8 N = 2e-8 N per node, leaves ~5e-7 N over 40 nodes (weight 100 N).
    if (r.norm() < 1e-7 * p.node_weight * nodes) return;
    Eigen::MatrixXd jacobian(unknowns, unknowns);
    for (int u = 0; u < unknowns; ++u) {
      const double saved = coordinate(u), h = 1e-7;
      coordinate(u) = saved + h;
      const Eigen::VectorXd plus = residual(pos);
      coordinate(u) = saved - h;
      const Eigen::VectorXd minus = residual(pos);
      coordinate(u) = saved;
      jacobian.col(u) = (plus - minus) / (2 * h);
    }
    const Eigen::VectorXd step = jacobian.fullPivLu().solve(-r);
    for (int u = 0; u < unknowns; ++u) coordinate(u) += step[u];
  }
  FAIL("the statics did not converge");
}

/// A cantilever of `segments` segments of length l0 clamped at x = 0 along +x: the clamp is
/// end A at x = -l0 and node 1 at x = 0, both held (the first segment stays along x, so node
/// 1's bend is the slope at the clamp); nodes 2 .. N + 1 free, end B the free tip, loaded by
/// `tip_force` (x, z). Returns the settled positions.
std::vector<double> Cantilever(const CableProperties& p, Eigen::Vector2d tip_force) {
  std::vector<double> pos(3 * (p.elements + 1), 0.0);
  // Stretched by 1e-6 (T = 100 N): from exactly l0, at the tension's kink, a segment's axial
  // stiffness would be 0.
  for (int i = 0; i <= p.elements; ++i) pos[3 * i] = (i - 1) * p.segment_length * (1 + 1e-6);
  SolveStatics(p, 2, tip_force, pos);
  return pos;
}

TEST_CASE("a cantilever under its own weight deflects q L^4 / (8 EI) at its tip") {
  // L = 10 m, q = 10 N/m, EI = 1.25e6 N m^2: w(L) = 1 cm, L / 1000 (small deflection).
  const double length = 10.0, q = 10.0, ei = 1.25e6;
  const double exact = q * std::pow(length, 4) / (8 * ei);
  for (const int segments : {20, 40}) {
    const double l0 = length / segments;
    // The line is tension only: a pull T = 1e-3 EI / L^2 along x at the tip keeps every segment
    // taut (else Newton's iteration toggles nearly slack segments). It stiffens the beam by a
    // relative (2 / 5) T L^2 / EI = 4e-4 (the tip-loaded beam-tie's first order), 1/5 of the
    // tighter tolerance below.
    const Eigen::Vector2d pull(1e-3 * ei / (length * length), 0.0);
    const std::vector<double> pos = Cantilever(Beam(segments + 1, l0, ei, q * l0), pull);
    const double tip = -pos[3 * (segments + 1) + 2];
    // The held segment's direction is the slope at its midpoint, a = l0 / 2 before x = 0: the
    // beam is clamped a further a from its load, which rotates the rest by q L^2 a / (2 EI)
    // and adds (4 a / L) w(L) at the tip. The error against that is O((a / L)^2) (measured
    // 0.19 % at N = 20 and 0.02 % at N = 40), within 1 / N^2; the plain closed form is off by
    // 2 / N to first order: 2.2 / N (11 %, 5.5 %) covers it (a wrong factor in EI or kappa would be
    // off by 50 % or more).
    const double refined = exact * (1.0 + 4.0 * (l0 / 2.0) / length);
    MESSAGE(fmt::format("N = {}: tip {:.6g} m, q L^4 / (8 EI) = {:.6g} m, refined {:.6g} m",
                        segments, tip, exact, refined));
    CHECK(std::abs(tip / refined - 1.0) < 1.0 / (segments * segments));
    CHECK(std::abs(tip / exact - 1.0) < 2.2 / segments);
  }
}

}  // namespace
}  // namespace hawser::test
