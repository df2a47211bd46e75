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
#include <numbers>
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
  SegmentLump s;
  s.length = l0;
  s.axial_stiffness = 1e8 / l0;
  s.mass = 1.0;
  s.weight = weight;
  s.dry_weight = weight;
  LumpAtNodes(p, std::vector<SegmentLump>(static_cast<size_t>(elements), s));
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
/// central-difference Jacobians, to a residual of 1e-7 `load` [N]: the reference solver of the
/// cantilever tests, independent of the code's Jacobian.
void SolveStatics(const CableProperties& p, int first_free, Eigen::Vector2d tip_force, double load,
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
  for (int iteration = 0; iteration < 300; ++iteration) {
    const Eigen::VectorXd r = residual(pos);
    // Converged when the force left is 1e-7 of the load (100 N in both tests): the round-off
    // in the tensions, eps k l ~ 2e-16 1e8 N = 2e-8 N per node, leaves ~5e-7 N over 40 nodes.
    if (r.norm() < 1e-7 * load) return;
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
    // Halved until the residual decreases (a full step can make segments slack, where the
    // tension's kink stalls the iteration).
    for (double fraction = 1.0; fraction > 1e-6; fraction /= 2) {
      for (int u = 0; u < unknowns; ++u) coordinate(u) += fraction * step[u];
      if (residual(pos).norm() < r.norm()) break;
      for (int u = 0; u < unknowns; ++u) coordinate(u) -= fraction * step[u];
    }
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
  for (int i = 0; i <= p.elements; ++i) pos[3 * i] = (i - 1) * p.segment_length[0] * (1 + 1e-6);
  SolveStatics(p, 2, tip_force, p.node_weight[1] * (p.elements - 1), pos);
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

/// The elastica of a weightless cantilever of unit length clamped at angle `clamp` below the
/// horizontal, with a tip load down of P L^2 / EI = `alpha`: EI theta'' = -P cos(theta),
/// theta(0) = clamp, theta'(L) = 0 (zero tip moment), solved by shooting on theta'(0) with RK4
/// (1e5 steps, error ~1e-15). Returns the tip's (x, drop) from the clamp, in units of L, and
/// when `shape` is given, stores (x, drop) at s = 0, 1e-5, .. 1 there.
Eigen::Vector2d Elastica(double alpha, double clamp,
                         std::vector<Eigen::Vector2d>* shape = nullptr) {
  const auto shoot = [&](double curvature) {
    if (shape != nullptr) shape->assign(1, Eigen::Vector2d::Zero());
    Eigen::Vector4d y(clamp, curvature, 0.0, 0.0);  // theta, theta', x, drop.
    const auto rate = [&](const Eigen::Vector4d& v) {
      return Eigen::Vector4d(v[1], -alpha * std::cos(v[0]), std::cos(v[0]), std::sin(v[0]));
    };
    const int steps = 100000;
    const double h = 1.0 / steps;
    for (int k = 0; k < steps; ++k) {
      const Eigen::Vector4d k1 = rate(y), k2 = rate(y + h / 2 * k1), k3 = rate(y + h / 2 * k2),
                            k4 = rate(y + h * k3);
      y += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
      if (shape != nullptr) shape->push_back(y.tail<2>());
    }
    return y;
  };
  double low = 0.0, high = alpha;  // theta'(1) < 0 at low, > 0 at high (theta'(0) = alpha
                                   // overshoots: the moment at the clamp is at most P L).
  for (int k = 0; k < 60; ++k) {
    const double mid = (low + high) / 2;
    (shoot(mid)[1] > 0 ? high : low) = mid;
  }
  const Eigen::Vector4d tip = shoot((low + high) / 2);
  return {tip[2], tip[3]};
}

TEST_CASE("a cantilever with a large tip load bends as the elastica") {
  // The reference: the elastica, here by shooting, reproduces Bisshopp & Drucker's (1945, Q.
  // Appl. Math. 3, 272-275, by elliptic integrals) horizontal cantilever at P L^2 / EI = 1:
  // the tip 0.94357 L along and 0.30172 L down (to their 5 digits).
  const Eigen::Vector2d published = Elastica(1.0, 0.0);
  CHECK(published[0] == doctest::Approx(0.94357).epsilon(1e-5));
  CHECK(published[1] == doctest::Approx(0.30172).epsilon(1e-5));
  // The line is tension only, and a horizontal cantilever's axial force P sin(theta) vanishes
  // at the clamp: the line is clamped 30 degrees down instead (tension >= P / 2 everywhere),
  // with L = 10 m, EI = 1e4 N m^2 and P L^2 / EI = 1 (the tip turns a further ~0.3 rad).
  const double length = 10.0, ei = 1e4, load = ei / (length * length);
  const double clamp = std::numbers::pi / 6;
  const Eigen::Vector2d along(std::cos(clamp), -std::sin(clamp));
  std::vector<Eigen::Vector2d> shape;
  const Eigen::Vector2d exact = Elastica(1.0, clamp, &shape);
  for (const int segments : {20, 40}) {
    // The held segment's direction is the slope at its midpoint (the test above): the clamp
    // is l0 / 2 before node 1, and the beam from there to the tip is (N + 1/2) l0 = L.
    const double l0 = length / (segments + 0.5);
    CableProperties p = Beam(segments + 1, l0, ei, 0.0);
    // EA = 1e6 N: the tip's axial load P stretches the beam by 1e-4 (the drop by less), while
    // Newton's steps, which rotate segments, stretch it less than with a stiffer one.
    p.axial_stiffness.assign(p.axial_stiffness.size(), 1e6 / l0);
    // Started near the answer (Newton's iteration from the straight line takes many damped
    // steps): end A and node 1 along the clamp, the free nodes on the elastica at their arc
    // length from the clamp, l0 / 2 + (i - 1) l0 (to the samples' 1e-5 L), the shape scaled
    // by 1 + 1e-3 so that every segment starts taut, off the tension's kink; the equilibrium
    // found does not depend on where the iteration starts.
    std::vector<double> pos(3 * (p.elements + 1), 0.0);
    for (int i = 0; i <= p.elements; ++i) {
      Eigen::Vector2d at = (i - 1.0) * l0 * along;
      if (i >= 2) {
        const Eigen::Vector2d s = shape[std::lround(1e5 * (l0 / 2 + (i - 1) * l0) / length)];
        at = (1 + 1e-3) * length * Eigen::Vector2d(s[0], -s[1]) - l0 / 2 * along;
      }
      pos[3 * i] = at[0];
      pos[3 * i + 2] = at[1];
    }
    SolveStatics(p, 2, Eigen::Vector2d(0.0, -load), load, pos);
    const Eigen::Vector2d tip = (Eigen::Vector2d(pos[3 * p.elements], -pos[3 * p.elements + 2]) +
                                 Eigen::Vector2d(along[0], -along[1]) * l0 / 2) /
                                length;
    MESSAGE(fmt::format("N = {}: tip ({:.5f}, {:.5f}) L, elastica ({:.5f}, {:.5f}) L", segments,
                        tip[0], tip[1], exact[0], exact[1]));
    // Measured 1.3e-4 L at N = 20 and 6.7e-5 L at N = 40, mostly the axial stretch P / EA =
    // 1e-4 the elastica leaves out; 1 / N^2 of L (2.5e-3, 6e-4) bounds it with room, while EI
    // off by 1 % moves the tip by 1.8e-3 L (caught at N = 40).
    CHECK((tip - exact).norm() < 1.0 / (segments * segments));
  }
}

}  // namespace
}  // namespace hawser::test
