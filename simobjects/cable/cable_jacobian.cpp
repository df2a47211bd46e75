#include "simobjects/cable/cable_jacobian.h"

#include <algorithm>
#include <cmath>

#include "simobjects/cable/cable_surface_point.h"

namespace hawser {
namespace {

using Matrix3 = Eigen::Matrix3d;
using Vector3 = Eigen::Vector3d;

/// The derivatives of a segment's tension vector T e (its force on its first node) with respect
/// to d = x_b - x_a and w = v_b - v_a.
struct SegmentDerivative {
  Matrix3 position, velocity;
};

SegmentDerivative OfSegment(const CableProperties& p, std::span<const double> pos,
                            std::span<const double> vel, int first) {
  const Vector3 d = Node(pos, first + 1) - Node(pos, first);
  const double l = d.norm();
  const Vector3 e = d / l;
  const Vector3 w = Node(vel, first + 1) - Node(vel, first);
  const auto s = static_cast<size_t>(first);
  const double c = p.axial_damping[s], l0 = p.segment_length[s];
  const TensionStrainTable* table = p.tension_tables.empty() ? nullptr : p.tension_tables[s];
  // dT/dl: k, or the table's slope dT_el/deps / l0 on the piece holding the strain.
  double k = p.axial_stiffness[s], elastic = 0.0;
  if (table != nullptr) {
    double slope = 0.0;
    elastic = table->Tension((l - l0) / l0, &slope);
    k = slope / l0;
  } else {
    elastic = k * (l - l0);
  }
  const double t = elastic + c * e.dot(w);
  // SegmentTension's max(0, t) takes t only when t > 0: slack (or exactly at the kink), T and
  // its derivative are 0.
  if (!(t > 0.0)) return {Matrix3::Zero(), Matrix3::Zero()};
  const Matrix3 across = Matrix3::Identity() - e * e.transpose();
  const Vector3 dt_dd = k * e + (c / l) * (across * w);
  return {e * dt_dd.transpose() + (t / l) * across, c * e * e.transpose()};
}

}  // namespace

void CableAccelerationJacobian(const CableProperties& p, std::span<const double> pos,
                               std::span<const double> vel, const NodeWater& water,
                               std::span<const double> tangent, std::span<const double> force,
                               std::span<double> jacobian) {
  const int n = p.elements;
  const Matrix3 identity = Matrix3::Identity();
  // Column blocks of the 3 x 18 matrices: positions and velocities of nodes i-1, i, i+1.
  constexpr int kXBefore = 0, kVBefore = 3, kX = 6, kV = 9, kXAfter = 12, kVAfter = 15;
  SegmentDerivative before = OfSegment(p, pos, vel, 0);
  for (int i = 1; i < n; ++i) {
    const SegmentDerivative after = OfSegment(p, pos, vel, i);
    // dF, F the node's total force: the segment before pulls with -T e, the one after with T e.
    Eigen::Matrix<double, 3, 18> df = Eigen::Matrix<double, 3, 18>::Zero();
    df.block<3, 3>(0, kXBefore) = before.position;
    df.block<3, 3>(0, kVBefore) = before.velocity;
    df.block<3, 3>(0, kX) = -before.position - after.position;
    df.block<3, 3>(0, kV) = -before.velocity - after.velocity;
    df.block<3, 3>(0, kXAfter) = after.position;
    df.block<3, 3>(0, kVAfter) = after.velocity;
    before = after;

    const Vector3 q = Node(tangent, i), f = Node(force, i);
    const auto node = static_cast<size_t>(i);
    const NodeInverseMass inv = InverseMass(p, i);
    const double normal_drag = p.normal_drag[node], tangential_drag = p.tangential_drag[node];
    const double seabed_stiffness = p.seabed_stiffness[node];
    const double seabed_damping = p.seabed_damping[node], ramp_depth = p.seabed_ramp_depth[node];
    const Matrix3 qq = q * q.transpose();
    Matrix3 df_dq = Matrix3::Zero();  // Through the tangent (drag split, fluid inertia).
    if (water.wet.empty() || water.wet[i]) {
      const Vector3 x = Node(pos, i), v = Node(vel, i);
      const Vector3 u =
          v - (water.velocity.empty() ? water.uniform_velocity : Vector3(Node(water.velocity, i)));
      const double along = u.dot(q), speed_along = std::abs(along);
      const Vector3 u_n = u - along * q;
      const double speed = u_n.norm();
      Matrix3 g = speed * identity;  // d(|u_n| u_n) / du_n.
      if (speed > 0.0) g += (1.0 / speed) * (u_n * u_n.transpose());
      df.block<3, 3>(0, kV) -=
          normal_drag * g * (identity - qq) + 2.0 * tangential_drag * speed_along * qq;
      const Matrix3 q_u = q * u.transpose();
      df_dq += normal_drag * g * (q_u + along * identity) -
               tangential_drag * (2.0 * speed_along * q_u + speed_along * along * identity);
      if (p.has_seabed && x.z() < p.seabed_z) {
        const double penetration = p.seabed_z - x.z();
        const double ratio = penetration / ramp_depth;
        const double ramp = std::min(1.0, ratio);
        const double normal = seabed_stiffness * penetration - ramp * seabed_damping * v.z();
        if (normal > 0.0) {  // max(0, .) as NodeExternalForce: 0 and no derivative otherwise.
          const double dn_dz =
              -seabed_stiffness + (ratio < 1.0 ? seabed_damping * v.z() / ramp_depth : 0.0);
          const double dn_dvz = -ramp * seabed_damping;
          df(2, kX + 2) += dn_dz;
          df(2, kV + 2) += dn_dvz;
          if (p.friction > 0.0) {
            const Eigen::Vector2d u_h(v.x(), v.y());
            const double v_eps = p.friction_velocity;
            const double s = std::sqrt(u_h.squaredNorm() + v_eps * v_eps);
            const Eigen::Vector2d per_normal = (-p.friction / s) * u_h;
            df.block<2, 1>(0, kX + 2) += per_normal * dn_dz;
            df.block<2, 1>(0, kV + 2) += per_normal * dn_dvz;
            df.block<2, 2>(0, kV) -= (p.friction * normal / s) * (Eigen::Matrix2d::Identity() -
                                                                  u_h * u_h.transpose() / (s * s));
          }
        }
      }
      if (!water.acceleration.empty()) {
        const Vector3 a_w = Node(water.acceleration, i);
        df_dq -= p.node_added_mass[node] * (q * a_w.transpose() + a_w.dot(q) * identity);
      }
    }

    if (!p.surface_points.empty()) df(2, kX + 2) += SurfacePointStiffness(p, i, pos[3 * node + 2]);

    const Matrix3 mass_inverse = inv.normal * identity + (inv.along - inv.normal) * qq;
    Eigen::Map<Eigen::Matrix<double, 3, 18>> jac(jacobian.data() + kNodeJacobianSize * (i - 1));
    jac = mass_inverse * df;
    const double chord = (Node(pos, i + 1) - Node(pos, i - 1)).norm();
    if (chord > 0.0) {  // A zero chord's tangent is a fixed UnitX (NodeTangent).
      const Matrix3 dq_dx = (identity - qq) / chord;  // d q / d x_{i+1}; -that for x_{i-1}.
      const Matrix3 turn = ((inv.along - inv.normal) * (q * f.transpose() + f.dot(q) * identity) +
                            mass_inverse * df_dq) *
                           dq_dx;
      jac.block<3, 3>(0, kXAfter) += turn;
      jac.block<3, 3>(0, kXBefore) -= turn;
    }
  }
}

}  // namespace hawser
