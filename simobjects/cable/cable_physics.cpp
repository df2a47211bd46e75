#include "simobjects/cable/cable_physics.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "simobjects/cable/cable_bending.h"
#include "simobjects/cable/cable_surface_point.h"

namespace hawser {
double TensionStrainTable::Tension(double eps, double* slope) const {
  // The interval [strain[k-1], strain[k]] holding eps (k = 0: from the origin), the last one
  // beyond the table.
  const size_t k = std::min<size_t>(
      static_cast<size_t>(std::upper_bound(strain.begin(), strain.end(), eps) - strain.begin()),
      strain.size() - 1);
  const double e0 = k == 0 ? 0.0 : strain[k - 1], t0 = k == 0 ? 0.0 : tension[k - 1];
  const double s = (tension[k] - t0) / (strain[k] - e0);
  if (slope != nullptr) *slope = s;
  return t0 + s * (eps - e0);
}

double TensionStrainTable::Energy(double eps) const {
  double energy = 0.0, e0 = 0.0, t0 = 0.0;
  for (size_t k = 0; k < strain.size() && e0 < eps; ++k) {
    const double e1 = k + 1 == strain.size() ? std::max(eps, strain[k]) : strain[k];
    const double upto = std::min(eps, e1);
    const double s = (tension[k] - t0) / (strain[k] - e0);
    energy += (upto - e0) * (t0 + 0.5 * s * (upto - e0));  // Trapezoid of the linear piece.
    e0 = strain[k];
    t0 = tension[k];
  }
  return energy;
}

double SegmentTension(const CableProperties& p, int segment, double length, double length_rate) {
  const auto s = static_cast<size_t>(segment);
  const TensionStrainTable* table = p.tension_tables.empty() ? nullptr : p.tension_tables[s];
  const double elastic = table != nullptr
                             ? table->Tension((length - p.segment_length[s]) / p.segment_length[s])
                             : p.axial_stiffness[s] * (length - p.segment_length[s]);
  return std::max(0.0, elastic + p.axial_damping[s] * length_rate);
}

void LumpAtNodes(CableProperties& p, std::span<const SegmentLump> segments) {
  const size_t n = segments.size();
  assert(n == static_cast<size_t>(p.elements) && n > 0);
  const auto per_segment = [&](std::vector<double>& out, double SegmentLump::*field) {
    out.resize(n);
    for (size_t s = 0; s < n; ++s) out[s] = segments[s].*field;
  };
  per_segment(p.segment_length, &SegmentLump::length);
  per_segment(p.axial_stiffness, &SegmentLump::axial_stiffness);
  per_segment(p.axial_damping, &SegmentLump::axial_damping);
  // Half of each neighbouring segment; (v + v) / 2 == v exactly, so a uniform line is unchanged.
  const auto per_node = [&](std::vector<double>& out, double SegmentLump::*field) {
    out.resize(n + 1);
    out[0] = segments[0].*field;
    for (size_t i = 1; i < n; ++i) out[i] = (segments[i - 1].*field + segments[i].*field) / 2.0;
    out[n] = segments[n - 1].*field;
  };
  per_node(p.node_mass, &SegmentLump::mass);
  per_node(p.node_added_mass, &SegmentLump::added_mass);
  per_node(p.node_weight, &SegmentLump::weight);
  per_node(p.node_dry_weight, &SegmentLump::dry_weight);
  per_node(p.node_displaced_mass, &SegmentLump::displaced_mass);
  per_node(p.normal_drag, &SegmentLump::normal_drag);
  per_node(p.tangential_drag, &SegmentLump::tangential_drag);
  per_node(p.seabed_stiffness, &SegmentLump::seabed_stiffness);
  per_node(p.seabed_damping, &SegmentLump::seabed_damping);
  p.seabed_ramp_depth.assign(n + 1, 1e-3);
  for (size_t i = 0; i <= n; ++i) {
    if (p.node_weight[i] > 0.0 && p.seabed_stiffness[i] > 0.0) {
      p.seabed_ramp_depth[i] = p.node_weight[i] / p.seabed_stiffness[i];
    }
  }
}

namespace {

/// The velocity relative to the water split along a unit tangent: u_t = (u.q) q, u_n = u - u_t.
struct RelativeVelocity {
  double along;  ///< u.q
  Eigen::Vector3d tangential, normal;
};
[[gnu::always_inline]] inline RelativeVelocity SplitRelativeVelocity(
    const Eigen::Vector3d& tangent, const Eigen::Vector3d& vel, const Eigen::Vector3d& current) {
  const Eigen::Vector3d u = vel - current;
  const double along = u.dot(tangent);
  const Eigen::Vector3d u_t = along * tangent;
  return {along, u_t, u - u_t};
}

/// NodeExternalForce's body, inlined into CableNodeForces' loop over the nodes (called once per
/// node per evaluation, a call and the Vector3d it returns were 1/3 of the cable's time), given
/// the normal speed |u_n| (CableNodeForces takes the nodes' square roots together).
[[gnu::always_inline]] inline Eigen::Vector3d ExternalForce(const CableProperties& p, size_t i,
                                                            double share, const RelativeVelocity& u,
                                                            double normal_speed,
                                                            const Eigen::Vector3d& pos,
                                                            const Eigen::Vector3d& vel,
                                                            double* dissipated) {
  Eigen::Vector3d f(0.0, 0.0, -share * p.node_weight[i]);
  // |u_t| = |u . tangent| for a unit tangent.
  const Eigen::Vector3d drag = -share * (p.normal_drag[i] * normal_speed * u.normal +
                                         p.tangential_drag[i] * std::abs(u.along) * u.tangential);
  f += drag;
  if (dissipated != nullptr) *dissipated -= drag.dot(vel);
  if (p.has_seabed && pos.z() < p.seabed_z) {
    const double penetration = p.seabed_z - pos.z();
    // The damping grows from 0 at first contact to its full value at the resting depth, so
    // that the force is continuous when a moving node touches down (a jump there would cut
    // every implicit step that meets a touchdown).
    const double ramp = std::min(1.0, penetration / p.seabed_ramp_depth[i]);
    const double normal = std::max(
        0.0, share * (p.seabed_stiffness[i] * penetration - ramp * p.seabed_damping[i] * vel.z()));
    f.z() += normal;
    if (dissipated != nullptr) {
      *dissipated += (share * p.seabed_stiffness[i] * penetration - normal) * vel.z();
    }
    if (p.friction > 0.0 && normal > 0.0) {
      const Eigen::Vector3d u_h(vel.x(), vel.y(), 0.0);
      const double v_eps = p.friction_velocity;
      const Eigen::Vector3d friction =
          -p.friction * normal / std::sqrt(u_h.squaredNorm() + v_eps * v_eps) * u_h;
      f += friction;
      if (dissipated != nullptr) *dissipated -= friction.dot(vel);
    }
  }
  return f;
}

}  // namespace

Eigen::Vector3d NodeExternalForce(const CableProperties& p, int node, double share,
                                  const Eigen::Vector3d& tangent, const Eigen::Vector3d& pos,
                                  const Eigen::Vector3d& vel, const Eigen::Vector3d& current,
                                  double* dissipated) {
  const RelativeVelocity u = SplitRelativeVelocity(tangent, vel, current);
  return ExternalForce(p, static_cast<size_t>(node), share, u, u.normal.norm(), pos, vel,
                       dissipated);
}

Eigen::Vector3d NodeFluidInertiaForce(const CableProperties& p, int node, double share,
                                      const Eigen::Vector3d& tangent,
                                      const Eigen::Vector3d& water_acceleration) {
  const auto i = static_cast<size_t>(node);
  const Eigen::Vector3d a_n = water_acceleration - water_acceleration.dot(tangent) * tangent;
  return share * (p.node_displaced_mass[i] * water_acceleration + p.node_added_mass[i] * a_n);
}

double SeabedEnergy(const CableProperties& p, int node, double share, const Eigen::Vector3d& pos) {
  if (!p.has_seabed || pos.z() >= p.seabed_z) return 0.0;
  const double penetration = p.seabed_z - pos.z();
  return 0.5 * share * p.seabed_stiffness[static_cast<size_t>(node)] * penetration * penetration;
}

NodeInverseMass InverseMass(const CableProperties& p, int node) {
  const auto i = static_cast<size_t>(node);
  return {1.0 / p.node_mass[i], 1.0 / (p.node_mass[i] + p.node_added_mass[i])};
}

namespace {

/// The chord of node i's neighbours (itself at an end), along which its tangent lies.
Eigen::Vector3d NodeChord(std::span<const double> pos, int node, int elements) {
  return Node(pos, std::min(node + 1, elements)) - Node(pos, std::max(node - 1, 0));
}

}  // namespace

Eigen::Vector3d NodeTangent(std::span<const double> pos, int node, int elements) {
  const Eigen::Vector3d chord = NodeChord(pos, node, elements);
  const double len = chord.norm();
  // Coincident neighbours leave the direction undefined; any unit vector keeps the split of
  // drag and added mass finite (both are then isotropic to first order). One division and
  // three products rather than three divisions: this runs per node per evaluation.
  return len > 0.0 ? Eigen::Vector3d((1.0 / len) * chord) : Eigen::Vector3d::UnitX();
}

double SegmentElasticEnergy(const CableProperties& p, int segment, double length) {
  const double l0 = p.segment_length[segment];
  const double stretch = std::max(0.0, length - l0);
  const TensionStrainTable* table = p.tension_tables.empty() ? nullptr : p.tension_tables[segment];
  return table != nullptr ? l0 * table->Energy(stretch / l0)
                          : 0.5 * p.axial_stiffness[segment] * stretch * stretch;
}

CableEnergy CableEnergies(const CableProperties& p, std::span<const double> pos,
                          std::span<const double> vel) {
  const int n = p.elements;
  CableEnergy e;
  for (int i = 0; i <= n; ++i) {
    const double share = (i == 0 || i == n) ? 0.5 : 1.0;
    e.potential +=
        share * p.node_weight[i] * Node(pos, i).z() + SeabedEnergy(p, i, share, Node(pos, i));
    if (i == 0 || i == n) continue;  // End nodes carry no inertia (cable.h).
    const Eigen::Vector3d v = Node(vel, i), q = NodeTangent(pos, i, n);
    const Eigen::Vector3d v_n = v - v.dot(q) * q;
    e.kinetic +=
        0.5 * (p.node_mass[i] * v.squaredNorm() + p.node_added_mass[i] * v_n.squaredNorm());
  }
  for (int i = 0; i < n; ++i) {
    if (SegmentBroken(p, i)) continue;  // Its energy was released at the break (cable.h).
    e.potential += SegmentElasticEnergy(p, i, (Node(pos, i + 1) - Node(pos, i)).norm());
  }
  e.potential += BendingEnergy(p, pos) + SurfacePointEnergy(p, pos);
  return e;
}

}  // namespace hawser
