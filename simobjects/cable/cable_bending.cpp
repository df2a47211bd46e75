#include "simobjects/cable/cable_bending.h"

#include <algorithm>

#include "simobjects/cable/cable_jacobian.h"

namespace hawser {
namespace {

using Matrix3 = Eigen::Matrix3d;
using Vector3 = Eigen::Vector3d;

/// The two segments at internal node i: lengths and unit directions; false if either has zero
/// length (then the node has no bending energy, force or derivative).
struct Bend {
  double l0 = 0.0, l1 = 0.0;  ///< |d_{i-1}|, |d_i|.
  Vector3 e0, e1;             ///< Their unit directions.
};

bool BendAt(std::span<const double> pos, int i, Bend& b) {
  const Vector3 d0 = Node(pos, i) - Node(pos, i - 1), d1 = Node(pos, i + 1) - Node(pos, i);
  b.l0 = d0.norm();
  b.l1 = d1.norm();
  if (!(b.l0 > 0.0 && b.l1 > 0.0)) return false;
  b.e0 = d0 / b.l0;
  b.e1 = d1 / b.l1;
  return true;
}

}  // namespace

void SetBendingStiffness(CableProperties& p, std::span<const double> node_ei) {
  p.bending.clear();
  if (std::none_of(node_ei.begin(), node_ei.end(), [](double ei) { return ei > 0.0; })) return;
  p.bending.assign(node_ei.size(), 0.0);
  // The length a node's curvature spans: the mean of its two segments' (one value on a uniform
  // line, l0).
  for (size_t i = 1; i + 1 < node_ei.size(); ++i) {
    p.bending[i] = node_ei[i] / (0.5 * (p.segment_length[i - 1] + p.segment_length[i]));
  }
}

double BendingEnergy(const CableProperties& p, std::span<const double> pos) {
  double energy = 0.0;
  for (int i = 1; i + 1 < static_cast<int>(p.bending.size()); ++i) {
    if (p.bending[i] > 0.0) energy += NodeBendingEnergy(p, pos, i);
  }
  return energy;
}

double NodeBendingEnergy(const CableProperties& p, std::span<const double> pos, int i) {
  Bend b;
  if (i < 1 || i + 1 >= static_cast<int>(p.bending.size()) || !(p.bending[i] > 0.0) ||
      !BendAt(pos, i, b)) {
    return 0.0;
  }
  return 0.5 * p.bending[i] * (b.e1 - b.e0).squaredNorm();
}

void UnbendAcross(CableProperties& p, int segment) {
  if (p.bending.empty()) return;
  p.bending[static_cast<size_t>(segment)] = p.bending[static_cast<size_t>(segment) + 1] = 0.0;
}

void AddBendingForces(const CableProperties& p, std::span<const double> pos,
                      std::span<double> force) {
  const int n = static_cast<int>(p.bending.size()) - 1;
  if (n < 2) return;
  // Each segment's length and direction once, carried from one node to the next.
  Vector3 d1 = Node(pos, 1) - Node(pos, 0);
  double l1 = d1.norm();
  Vector3 e1 = l1 > 0.0 ? Vector3(d1 / l1) : Vector3::Zero();
  for (int i = 1; i < n; ++i) {
    const double l0 = l1;
    const Vector3 e0 = e1;
    d1 = Node(pos, i + 1) - Node(pos, i);
    l1 = d1.norm();
    e1 = l1 > 0.0 ? Vector3(d1 / l1) : Vector3::Zero();
    const double c = p.bending[i];
    if (!(c > 0.0 && l0 > 0.0 && l1 > 0.0)) continue;  // As BendAt: no bend at a zero segment.
    // h = -C P_{i-1} e_i / l_{i-1}, g = -C P_i e_{i-1} / l_i (cable_bending.h).
    const double s = e0.dot(e1);
    const Vector3 h = (-c / l0) * (e1 - s * e0);
    const Vector3 g = (-c / l1) * (e0 - s * e1);
    Eigen::Map<Vector3>(force.data() + 3 * (i - 1)) += h;
    Eigen::Map<Vector3>(force.data() + 3 * i) += g - h;
    Eigen::Map<Vector3>(force.data() + 3 * (i + 1)) -= g;
  }
}

void AddBendingJacobian(const CableProperties& p, std::span<const double> pos,
                        std::span<const double> tangent, std::span<double> jacobian,
                        std::span<double> far) {
  const int n = p.elements;
  std::fill(far.begin(), far.end(), 0.0);
  if (p.bending.empty()) return;
  const Matrix3 identity = Matrix3::Identity();
  Bend b;
  for (int i = 1; i < n; ++i) {
    const double c = p.bending[i];
    if (!(c > 0.0) || !BendAt(pos, i, b)) continue;
    const double s = b.e0.dot(b.e1);
    const Matrix3 p0 = identity - b.e0 * b.e0.transpose(), p1 = identity - b.e1 * b.e1.transpose();
    const Vector3 a0 = p0 * b.e1, a1 = p1 * b.e0;
    const Matrix3 da =
        (c / (b.l0 * b.l0)) * (a0 * b.e0.transpose() + b.e0 * a0.transpose() + s * p0);
    const Matrix3 db = (-c / (b.l0 * b.l1)) * (p0 * p1);
    const Matrix3 dd =
        (c / (b.l1 * b.l1)) * (a1 * b.e1.transpose() + b.e1 * a1.transpose() + s * p1);
    // dh and dg with respect to x_{i-1}, x_i, x_{i+1}.
    const Matrix3 dh[3] = {-da, da - db, db};
    const Matrix3 dg[3] = {-db.transpose(), db.transpose() - dd, dd};
    // The forces on nodes i-1, i, i+1: h, g - h, -g.
    for (int r = -1; r <= 1; ++r) {
      const int t = i + r;            // The node the force acts on: its acceleration's rows.
      if (t < 1 || t >= n) continue;  // An end: its force is an output, not in the Jacobian.
      const Vector3 q = Node(tangent, t);
      const NodeInverseMass inv = InverseMass(p, t);  // Node t's own (sections may differ).
      const Matrix3 mass_inverse =
          inv.normal * identity + (inv.along - inv.normal) * (q * q.transpose());
      Eigen::Map<Eigen::Matrix<double, 3, 18>> jac(jacobian.data() + kNodeJacobianSize * (t - 1));
      Eigen::Map<Eigen::Matrix<double, 3, 6>> two_away(far.data() + kBendingFarSize * (t - 1));
      for (int k = 0; k < 3; ++k) {
        const Matrix3 df = r < 0 ? dh[k] : (r == 0 ? Matrix3(dg[k] - dh[k]) : Matrix3(-dg[k]));
        const int column_node = i - 1 + k - t;  // -2 .. 2, relative to t.
        if (column_node == -2) {
          two_away.block<3, 3>(0, 0) += mass_inverse * df;
        } else if (column_node == 2) {
          two_away.block<3, 3>(0, 3) += mass_inverse * df;
        } else {
          jac.block<3, 3>(0, 6 * (column_node + 1)) += mass_inverse * df;
        }
      }
    }
  }
}

}  // namespace hawser
