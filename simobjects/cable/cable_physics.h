// The forces of a lumped-mass cable (Cable/Cable, cable.h): segment tensions, and per node the
// weight in water, Morison drag, seabed contact and the node's mass with normal added mass.
// Kept apart from the SimObject so that each term can be tested alone.
#pragma once

#include <Eigen/Dense>
#include <span>
#include <vector>

namespace hawser {

/// Node i of a cable's packed node vector (x, y, z of node 0, then node 1, ...): a view of
/// v[3 i .. 3 i + 2].
inline Eigen::Map<const Eigen::Vector3d> Node(std::span<const double> v, int i) {
  return Eigen::Map<const Eigen::Vector3d>(v.data() + 3 * i);
}

/// A fibre rope's nonlinear axial stiffness: the elastic tension T_el at strain eps, piecewise
/// linear through (0, 0) and the points (strain[k], tension[k]) (both strictly increasing, the
/// first strain > 0), extended beyond the last point with the last slope and below 0 with the
/// first (as EA: a slack segment's elastic part is negative, clipped with the damping as
/// SegmentTension's max). Empty: not given.
struct TensionStrainTable {
  std::vector<double> strain, tension;
  bool empty() const { return strain.empty(); }
  /// T_el(eps) [N], and its slope dT_el/deps [N] into `slope` when given.
  double Tension(double eps, double* slope = nullptr) const;
  /// The elastic energy per unstretched length at strain eps >= 0 [J/m]: integral of T_el.
  double Energy(double eps) const;
};

/// An in-line buoy that may pierce the free surface: a vertical cylinder of volume V and height h
/// centred on its node (Cable/Line Points' HEIGHT; cable_surface_point.h).
struct SurfacePoint {
  int node = 0;
  double volume = 0.0;  ///< V [m^3].
  double height = 0.0;  ///< h [m] > 0; the cross-section is V / h.
  double rho_g = 0.0;   ///< Water density times gravity [N/m^3].
};

/// Per-segment and per-node constants of a cable of N segments. Segment s (0..N-1, from end A)
/// has its own unstretched length and axial properties; node i (0..N) has the lumped values of
/// its tributary length, stored as for share 1: an internal node holds the average of its two
/// segments' values (half of each neighbour, so a node at a section boundary takes half of
/// each section), an end node its one segment's value (the force functions multiply by share
/// 1/2 there). A uniform line holds the same value everywhere, bit for bit as one scalar did.
struct CableProperties {
  int elements = 1;  ///< N.
  // Per segment (N values).
  std::vector<double> segment_length;   ///< l0 [m].
  std::vector<double> axial_stiffness;  ///< k = EA / l0 [N/m].
  std::vector<double> axial_damping;    ///< c [N s/m], on the rate of change of segment length.
  /// A segment's nonlinear axial stiffness (a fibre rope's table) replacing k (l - l0) by
  /// T_el((l - l0) / l0), or null for k. Empty (the usual case): every segment linear.
  std::vector<const TensionStrainTable*> tension_tables;
  // Per node (N + 1 values), for a segment's length l0 of each segment's line type.
  std::vector<double> node_mass;            ///< m = MassPerLength l0 [kg].
  std::vector<double> node_added_mass;      ///< a = rho Can (pi d^2 / 4) l0 [kg], normal only.
  std::vector<double> node_weight;          ///< (MassPerLength - rho pi d^2 / 4) g l0 [N], -z.
  std::vector<double> node_dry_weight;      ///< MassPerLength g l0 [N]: out of the water.
  std::vector<double> node_displaced_mass;  ///< rho (pi d^2 / 4) l0 [kg] (Froude-Krylov).
  std::vector<double> normal_drag;          ///< 0.5 rho Cdn d l0 [kg/m].
  std::vector<double> tangential_drag;      ///< 0.5 rho Cdt pi d l0 [kg/m].
  std::vector<double> seabed_stiffness;     ///< SeabedStiffness l0 [N/m].
  std::vector<double> seabed_damping;       ///< SeabedDamping l0 [N s/m].
  /// Penetration over which the seabed damping ramps up from 0 [m]: the resting depth
  /// node_weight / seabed_stiffness (1 mm where either is not positive).
  std::vector<double> seabed_ramp_depth;
  bool has_seabed = false;
  double seabed_z = 0.0;           ///< [m].
  double friction = 0.0;           ///< Coulomb coefficient mu [-] (0 = off).
  double friction_velocity = 0.0;  ///< Regularisation speed v_eps [m/s].
  /// Per node (N + 1) the bending stiffness over the segment length C = EI / l0 [N m]; 0 at the
  /// pinned ends; empty = no bending (cable_bending.h, SetBendingStiffness).
  std::vector<double> bending;
  /// Segments that broke (Cable's BreakTime/BreakTension, cable_break.cpp), 0 = next to end A:
  /// they carry no tension and hold no elastic energy. Usually empty.
  std::vector<int> broken_segments;
  /// In-line buoys that may pierce the surface (cable_surface_point.h). Usually empty.
  std::vector<SurfacePoint> surface_points;
};

/// Whether segment i broke (CableProperties::broken_segments).
inline bool SegmentBroken(const CableProperties& p, int i) {
  for (const int b : p.broken_segments)
    if (b == i) return true;
  return false;
}

/// One segment's values lumped over its unstretched length l0 (the per-node quantities of
/// CableProperties as a uniform line of this segment's type would have them).
struct SegmentLump {
  double length = 0.0, axial_stiffness = 0.0, axial_damping = 0.0;
  double mass = 0.0, added_mass = 0.0, weight = 0.0, dry_weight = 0.0, displaced_mass = 0.0;
  double normal_drag = 0.0, tangential_drag = 0.0, seabed_stiffness = 0.0, seabed_damping = 0.0;
};

/// Fills p's per-segment and per-node arrays from each segment's lump (p.elements of them):
/// node i gets (s[i-1] + s[i]) / 2 inside and its one segment's value at an end, and the seabed
/// ramp depth node_weight / seabed_stiffness (1 mm unless both are positive).
void LumpAtNodes(CableProperties& p, std::span<const SegmentLump> segments);

/// Axial force of one segment [N], tension positive and never negative (a slack segment
/// carries no compression): T = max(0, k (l - l0) + c dl/dt), with T_el((l - l0) / l0) in
/// place of k (l - l0) for a segment with a tension-strain table.
double SegmentTension(const CableProperties& p, int segment, double length, double length_rate);

/// The force on node `node` from its surroundings, excluding segment tensions [N], for a node of
/// tributary length `share` l0 (1 internal, 1/2 at an end), tangent unit vector `tangent`,
/// position `pos` and velocity `vel`, in a current `current`:
///   weight in water -share w l0 e_z;
///   drag -share (Dn |u_n| u_n + Dt |u_t| u_t), u = vel - current split along the tangent;
///   seabed (when pos.z < seabed_z): normal share (K pen - r C vz) e_z, never pulling down, with
///   r = min(1, pen / seabed_ramp_depth) (continuous at touchdown), and
///   friction -mu N u_h / sqrt(|u_h|^2 + v_eps^2) on the horizontal velocity u_h.
/// When `dissipated` is given, adds the power the node loses to drag and the seabed [W]:
///   drag  -F_drag . vel (ground frame; >= 0 without current, negative when a current pushes);
///   seabed (K_s pen - N) vz with K_s pen the elastic part of N (= r C vz^2 share when N is not
///   clipped, K_s pen vz > 0 when it is), plus friction mu N |u_h|^2 / sqrt(|u_h|^2 + v_eps^2).
/// With SeabedEnergy() this closes the node's balance: work of these forces on the node =
/// -(d/dt seabed energy) - dissipated.
Eigen::Vector3d NodeExternalForce(const CableProperties& p, int node, double share,
                                  const Eigen::Vector3d& tangent, const Eigen::Vector3d& pos,
                                  const Eigen::Vector3d& vel, const Eigen::Vector3d& current,
                                  double* dissipated = nullptr);

/// The force of the water's acceleration on a wet node of tributary length share l0 [N]:
/// Froude-Krylov on the whole acceleration plus added mass on its part normal to the line,
/// share (rho A l0 a_w + rho Can A l0 (a_w)_n) (Morison; the added mass on the node's own
/// acceleration is in NodeAcceleration's normal mass). Zero in still water.
Eigen::Vector3d NodeFluidInertiaForce(const CableProperties& p, int node, double share,
                                      const Eigen::Vector3d& tangent,
                                      const Eigen::Vector3d& water_acceleration);

/// The water at each of the N + 1 nodes (A first): its velocity and acceleration (3 values per
/// node) and whether the node is below the free surface. Without an environment: the Current
/// input everywhere, still, every node wet (as before environments existed).
struct NodeWater {
  std::vector<double> velocity;  ///< 3 (N + 1) [m/s]; empty = uniform_velocity everywhere
  Eigen::Vector3d uniform_velocity = Eigen::Vector3d::Zero();  ///< [m/s]
  std::vector<double> acceleration;  ///< 3 (N + 1) [m/s^2]; empty = still water
  std::vector<char> wet;             ///< N + 1; empty = every node wet
};

/// Elastic energy of the seabed spring under a node of tributary length share l0 [J]:
/// share K pen^2 / 2 for pen = seabed_z - z > 0, else 0.
double SeabedEnergy(const CableProperties& p, int node, double share, const Eigen::Vector3d& pos);

/// The inverse masses of an internal node: 1 / m along the tangent, 1 / (m + a) normal to it.
struct NodeInverseMass {
  double along = 0.0;   ///< [1/kg]
  double normal = 0.0;  ///< [1/kg]
};
NodeInverseMass InverseMass(const CableProperties& p, int node);

/// The acceleration of an internal node under force `force`, with mass m along the tangent
/// and m + a normal to it: acc = F_t / m + F_n / (m + a), F_t = (F.q) q, F_n = F - F_t.
/// Takes the inverse masses (InverseMass) of the node.
inline Eigen::Vector3d NodeAcceleration(const NodeInverseMass& inv, const Eigen::Vector3d& tangent,
                                        const Eigen::Vector3d& force) {
  const Eigen::Vector3d f_t = force.dot(tangent) * tangent;
  return inv.along * f_t + inv.normal * (force - f_t);
}

/// All node forces of the cable. `pos` and `vel` hold the N + 1 nodes (ends included, 3 values
/// each). Writes each node's NodeTangent to `tangent` (3 (N + 1)), each segment's tension to
/// `tension` (N) and the total force on each node (tensions, NodeExternalForce in the water's
/// velocity at the node and, where the water accelerates, NodeFluidInertiaForce) to `force`
/// (3 (N + 1)): for the end nodes that is the force
/// the cable applies to the object attached there. When `dissipated` is given, stores the
/// power lost by the whole cable [W]: drag and seabed of every node (end halves included, see
/// NodeExternalForce) and per segment T dl/dt - k max(0, l - l0) dl/dt, the tension's work on
/// the nodes minus the change of the elastic energy k max(0, l - l0)^2 / 2. The segment term is
/// >= 0: c (dl/dt)^2 when T is not clipped, -k (l - l0) dl/dt > 0 when T is clipped to 0 on a
/// stretched segment that shortens fast, (k (l - l0) + c dl/dt) dl/dt > 0 on a slack one.
/// `work` is scratch space, kept by the caller so that an evaluation allocates nothing.
/// Computed in vectorised passes over coordinate arrays (cable_node_forces.cpp) with the
/// per-node functions' arithmetic: the same tangents, tensions and forces bit for bit; the
/// power is their terms' sum in another order.
struct CableWorkspace {
  std::vector<double> squares, roots, reciprocals, speeds;
  std::vector<double> lanes;   ///< Coordinate arrays (cable_lanes.h).
  std::vector<double> packed;  ///< The forces packed, for bending and in-line buoys.
  /// Whether the water lanes hold `water_lanes_value` at every node (a uniform current, kept
  /// from one evaluation to the next instead of filled again).
  bool water_lanes_uniform = false;
  Eigen::Vector3d water_lanes_value = Eigen::Vector3d::Zero();
  /// Per node 0..N, 1 / m and then 1 / (m + a) (InverseMass; 0 at the held end nodes), and
  /// the free nodes' masses m and a they were divided from (taken again when those change).
  std::vector<double> inverse_masses, masses;
  /// SolveAxialImplicitPart's tridiagonal system over the segments.
  std::vector<double> damping_solve;
};
void CableNodeForces(const CableProperties& p, std::span<const double> pos,
                     std::span<const double> vel, const NodeWater& water, std::span<double> tangent,
                     std::span<double> tension, std::span<double> force, CableWorkspace& work,
                     double* dissipated = nullptr);

/// Coordinate arrays (one per axis) of a 3-vector per node.
struct NodeArrays {
  double* x = nullptr;
  double* y = nullptr;
  double* z = nullptr;
};
/// `a` shifted to its element `offset` (the free nodes start at element 1).
inline NodeArrays From(NodeArrays a, int offset) {
  return {a.x + offset, a.y + offset, a.z + offset};
}
/// The nodes' coordinate arrays that a CableWorkspace keeps: the positions and velocities that
/// CableLaneForces reads, and the unit tangents and total forces it leaves there.
struct CableLanes {
  NodeArrays pos, vel, tangent, force;
};
/// The lanes of `work` for a cable of `elements` segments (sized on the first call).
CableLanes LanesOf(CableWorkspace& work, int elements);
/// Packed 3-vectors (x, y, z per node) from coordinate arrays, and back.
void PackNodes(NodeArrays v, size_t count, std::span<double> out);
void UnpackNodes(std::span<const double> v, size_t count, NodeArrays out);
/// CableNodeForces on the positions and velocities already in LanesOf(work, p.elements), with
/// the same positions packed in `pos` (bending and in-line buoys read them): the tangents and
/// forces stay in the lanes, unpacked (a cable's evaluation packs only what it reads).
void CableLaneForces(const CableProperties& p, std::span<const double> pos, const NodeWater& water,
                     std::span<double> tension, CableWorkspace& work, double* dissipated = nullptr);

/// The time derivative of the free nodes' states: `state` and `derivative` hold nodes 1..N-1,
/// 6 values each (position, velocity); `tangent` and `force` all N + 1 nodes as CableNodeForces
/// wrote them (with any force added since). Per node d(position)/dt = velocity and
/// d(velocity)/dt = NodeAcceleration(InverseMass(p, i), q_i, F_i), bit for bit, with the
/// divisions taken together in one vectorised pass.
void InternalNodeDerivatives(const CableProperties& p, std::span<const double> state,
                             std::span<const double> tangent, std::span<const double> force,
                             CableWorkspace& work, std::span<double> derivative);
/// The implicit part of the leapfrog and Newmark integrators (SimObject::SolveImplicitPart):
/// replaces the free nodes' accelerations in `derivative` (LaneNodeDerivatives' layout) by
/// (M + damping_h C + stiffness_h2 K)^-1 M times them, at the tangents, segments and tensions
/// of the last CableLaneForces. M is each node's mass (m along its tangent, m + a across),
/// C = D^T diag(c_j) D and K = D^T diag(k_j) D the segments' axial damping and stiffness dT/dl
/// (slack ones too, which may snap taut within a step; not a broken one; D: node velocities to
/// each segment's rate of stretch); O(N) by Woodbury's identity.
/// Returns the first segment that is slack while the step h = 2 damping_h is past its
/// axial mode's explicit limit (h w >= sqrt(2)), whose snap taut the step cannot follow, with
/// that limit; none (segment -1) otherwise.
struct SlackSegment {
  int segment = -1;
  double largest_step = 0.0;  ///< sqrt(2) / w [s].
};
SlackSegment SolveAxialImplicitPart(const CableProperties& p, CableWorkspace& work,
                                    double damping_h, double stiffness_h2,
                                    std::span<double> derivative);
/// The positions and velocities of `count` nodes' states (6 values each) into coordinate
/// arrays.
void UnpackStates(std::span<const double> state, int count, NodeArrays pos, NodeArrays vel);
/// The inverse: 6 values per node, the three of `first`, then the three of `second` (a
/// derivative's velocity and acceleration).
void PackStates(NodeArrays first, NodeArrays second, int count, double* state);
/// The same from the velocities in `work`'s lanes and the tangents and forces that
/// CableLaneForces left there.
void LaneNodeDerivatives(const CableProperties& p, CableWorkspace& work,
                         std::span<double> derivative);

/// The elastic energy segment `segment` holds at stretched length `length` [J]: k stretch^2 / 2,
/// or l0 times the integral of a tension-strain table; 0 when slack.
double SegmentElasticEnergy(const CableProperties& p, int segment, double length);

/// The energies of a cable, for the balance d/dt (kinetic + potential + dissipated) = power
/// delivered through the ends (-ForceA . VelA - ForceB . VelB). See cable.h.
struct CableEnergy {
  double kinetic = 0.0;    ///< Internal nodes: (m |v|^2 + a |v_n|^2) / 2 [J].
  double potential = 0.0;  ///< Elastic + weight in water + seabed springs + bending [J].
};
CableEnergy CableEnergies(const CableProperties& p, std::span<const double> pos,
                          std::span<const double> vel);

/// Unit tangent at node i of N + 1: along the chord of its neighbours (one-sided at the ends).
Eigen::Vector3d NodeTangent(std::span<const double> pos, int node, int elements);

}  // namespace hawser
