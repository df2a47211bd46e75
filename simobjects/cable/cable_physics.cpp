#include "simobjects/cable/cable_physics.h"

#include <algorithm>
#include <cmath>

namespace hawser {
namespace {

Eigen::Map<const Eigen::Vector3d> Node(std::span<const double> v, int i) {
  return Eigen::Map<const Eigen::Vector3d>(v.data() + 3 * i);
}

}  // namespace

double SegmentTension(const CableProperties& p, double length, double length_rate) {
  return std::max(0.0,
                  p.axial_stiffness * (length - p.segment_length) + p.axial_damping * length_rate);
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
[[gnu::always_inline]] inline Eigen::Vector3d ExternalForce(
    const CableProperties& p, double share, const RelativeVelocity& u, double normal_speed,
    const Eigen::Vector3d& pos, const Eigen::Vector3d& vel, double* dissipated) {
  Eigen::Vector3d f(0.0, 0.0, -share * p.node_weight);
  // |u_t| = |u . tangent| for a unit tangent.
  const Eigen::Vector3d drag = -share * (p.normal_drag * normal_speed * u.normal +
                                         p.tangential_drag * std::abs(u.along) * u.tangential);
  f += drag;
  if (dissipated != nullptr) *dissipated -= drag.dot(vel);
  if (p.has_seabed && pos.z() < p.seabed_z) {
    const double penetration = p.seabed_z - pos.z();
    // The damping grows from 0 at first contact to its full value at the resting depth, so
    // that the force is continuous when a moving node touches down (a jump there would cut
    // every implicit step that meets a touchdown).
    const double ramp = std::min(1.0, penetration / p.seabed_ramp_depth);
    const double normal = std::max(
        0.0, share * (p.seabed_stiffness * penetration - ramp * p.seabed_damping * vel.z()));
    f.z() += normal;
    if (dissipated != nullptr) {
      *dissipated += (share * p.seabed_stiffness * penetration - normal) * vel.z();
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

Eigen::Vector3d NodeExternalForce(const CableProperties& p, double share,
                                  const Eigen::Vector3d& tangent, const Eigen::Vector3d& pos,
                                  const Eigen::Vector3d& vel, const Eigen::Vector3d& current,
                                  double* dissipated) {
  const RelativeVelocity u = SplitRelativeVelocity(tangent, vel, current);
  return ExternalForce(p, share, u, u.normal.norm(), pos, vel, dissipated);
}

Eigen::Vector3d NodeFluidInertiaForce(const CableProperties& p, double share,
                                      const Eigen::Vector3d& tangent,
                                      const Eigen::Vector3d& water_acceleration) {
  const Eigen::Vector3d a_n = water_acceleration - water_acceleration.dot(tangent) * tangent;
  return share * (p.node_displaced_mass * water_acceleration + p.node_added_mass * a_n);
}

double SeabedEnergy(const CableProperties& p, double share, const Eigen::Vector3d& pos) {
  if (!p.has_seabed || pos.z() >= p.seabed_z) return 0.0;
  const double penetration = p.seabed_z - pos.z();
  return 0.5 * share * p.seabed_stiffness * penetration * penetration;
}

NodeInverseMass InverseMass(const CableProperties& p) {
  return {1.0 / p.node_mass, 1.0 / (p.node_mass + p.node_added_mass)};
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

CableEnergy CableEnergies(const CableProperties& p, std::span<const double> pos,
                          std::span<const double> vel) {
  const int n = p.elements;
  CableEnergy e;
  for (int i = 0; i <= n; ++i) {
    const double share = (i == 0 || i == n) ? 0.5 : 1.0;
    e.potential += share * p.node_weight * Node(pos, i).z() + SeabedEnergy(p, share, Node(pos, i));
    if (i == 0 || i == n) continue;  // End nodes carry no inertia (cable.h).
    const Eigen::Vector3d v = Node(vel, i), q = NodeTangent(pos, i, n);
    const Eigen::Vector3d v_n = v - v.dot(q) * q;
    e.kinetic += 0.5 * (p.node_mass * v.squaredNorm() + p.node_added_mass * v_n.squaredNorm());
  }
  for (int i = 0; i < n; ++i) {
    if (SegmentBroken(p, i)) continue;  // Its energy was released at the break (cable.h).
    const double stretch =
        std::max(0.0, (Node(pos, i + 1) - Node(pos, i)).norm() - p.segment_length);
    e.potential += 0.5 * p.axial_stiffness * stretch * stretch;
  }
  return e;
}

}  // namespace hawser
