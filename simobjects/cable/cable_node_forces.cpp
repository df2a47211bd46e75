// CableNodeForces (cable_physics.h): the nodes' and segments' forces computed over
// structure-of-arrays copies of the line (one array per coordinate), in passes whose
// iterations do not depend on one another, so that each pass vectorises (AVX2 where the CPU
// has it, SSE2 otherwise) with branches as selects; every square root and division is taken
// together in between (vector_math::SqrtAndReciprocal). On Eigen's 3-vectors, node by node,
// the same arithmetic ran one value at a time.
//
// Each force, tangent and tension is computed with the operations of the per-node functions
// (NodeTangent, SegmentTension, NodeExternalForce, NodeFluidInertiaForce) in their order, so
// the results equal theirs bit for bit (tested); only the dissipated power, a sum over the
// line, is added in another order (within its rounding bound).
#include <algorithm>
#include <cmath>
#include <cstring>

#include "simobjects/cable/cable_bending.h"
#include "simobjects/cable/cable_lanes.h"
#include "simobjects/cable/cable_pass.h"
#include "simobjects/cable/cable_physics.h"
#include "simobjects/cable/cable_surface_point.h"
#include "simobjects/cable/node_transpose.h"
#include "simobjects/environment/vector_math.h"

namespace hawser {
namespace {

/// (a.b) as Eigen's 3-vector dot product: (a_x b_x + a_y b_y) + a_z b_z.
[[gnu::always_inline]] inline double Dot(double ax, double ay, double az, double bx, double by,
                                         double bz) {
  return (ax * bx + ay * by) + az * bz;
}

/// Chords of each node's neighbours (NodeChord) and segment vectors, with their squares into
/// `squares` (nodes first).
HAWSER_CABLE_PASS void ChordsAndSegments(const Lanes& l, int n, double* squares) {
  const NodeArrays p = l.pos;
  const auto chord = [&](int i, int a, int b) {
    const double cx = p.x[b] - p.x[a], cy = p.y[b] - p.y[a], cz = p.z[b] - p.z[a];
    l.chord.x[i] = cx;
    l.chord.y[i] = cy;
    l.chord.z[i] = cz;
    squares[i] = Dot(cx, cy, cz, cx, cy, cz);
  };
  chord(0, 0, std::min(1, n));
  HAWSER_INDEPENDENT_ITERATIONS
  for (int i = 1; i < n; ++i) chord(i, i - 1, i + 1);
  chord(n, std::max(n - 1, 0), n);
  double* segment_square = squares + n + 1;
  HAWSER_INDEPENDENT_ITERATIONS
  for (int i = 0; i < n; ++i) {
    l.segment.x[i] = p.x[i + 1] - p.x[i];
    l.segment.y[i] = p.y[i + 1] - p.y[i];
    l.segment.z[i] = p.z[i + 1] - p.z[i];
    segment_square[i] = Dot(l.segment.x[i], l.segment.y[i], l.segment.z[i], l.segment.x[i],
                            l.segment.y[i], l.segment.z[i]);
  }
}

/// Unit tangents (NodeTangent: UnitX for a zero chord) into `chord`, and the velocity relative
/// to the water split along them (u_t, u_n, u.q), with |u_n|^2 into `normal_square`.
HAWSER_CABLE_PASS void TangentsAndRelativeVelocity(const Lanes& l, int n, const double* length,
                                                   const double* inverse, double* normal_square) {
  HAWSER_INDEPENDENT_ITERATIONS
  for (int i = 0; i <= n; ++i) {
    const bool some = length[i] > 0.0;
    const double sx = inverse[i] * l.chord.x[i], sy = inverse[i] * l.chord.y[i],
                 sz = inverse[i] * l.chord.z[i];
    const double qx = some ? sx : 1.0;
    const double qy = some ? sy : 0.0;
    const double qz = some ? sz : 0.0;
    l.chord.x[i] = qx;
    l.chord.y[i] = qy;
    l.chord.z[i] = qz;
    const double ux = l.vel.x[i] - l.water.x[i];
    const double uy = l.vel.y[i] - l.water.y[i];
    const double uz = l.vel.z[i] - l.water.z[i];
    const double along = Dot(ux, uy, uz, qx, qy, qz);
    const double tx = along * qx, ty = along * qy, tz = along * qz;
    l.along[i] = along;
    l.tangential.x[i] = tx;
    l.tangential.y[i] = ty;
    l.tangential.z[i] = tz;
    l.normal.x[i] = ux - tx;
    l.normal.y[i] = uy - ty;
    l.normal.z[i] = uz - tz;
    normal_square[i] = Dot(ux - tx, uy - ty, uz - tz, ux - tx, uy - ty, uz - tz);
  }
}

/// Segment tensions (SegmentTension) and their pull t dir on the segment's first node (the
/// second gets the opposite), with each segment's lost power T dl/dt - k max(0, l - l0) dl/dt.
HAWSER_CABLE_PASS void Segments(const CableProperties& p, const Lanes& l, int n,
                                const double* length, const double* inverse, double* tension) {
  // Per segment (CableProperties): each segment its own l0, k and c.
  const double* const stiffness = p.axial_stiffness.data();
  const double* const damping = p.axial_damping.data();
  const double* const unstretched = p.segment_length.data();
  HAWSER_INDEPENDENT_ITERATIONS
  for (int i = 0; i < n; ++i) {
    const double k = stiffness[i], c = damping[i], l0 = unstretched[i];
    const double dx = inverse[i] * l.segment.x[i];
    const double dy = inverse[i] * l.segment.y[i];
    const double dz = inverse[i] * l.segment.z[i];
    const double rate = Dot(dx, dy, dz, l.vel.x[i + 1] - l.vel.x[i], l.vel.y[i + 1] - l.vel.y[i],
                            l.vel.z[i + 1] - l.vel.z[i]);
    const double stretch = k * (length[i] - l0) + c * rate;
    const double t = 0.0 < stretch ? stretch : 0.0;  // std::max(0.0, stretch)
    tension[i] = t;
    const double elastic = length[i] - l0;
    l.segment_lost[i] = (t - k * (0.0 < elastic ? elastic : 0.0)) * rate;
    l.pull.x[i] = t * dx;
    l.pull.y[i] = t * dy;
    l.pull.z[i] = t * dz;
  }
}

/// The segments with a tension-strain table (CableProperties::tension_tables), after Segments:
/// their tension, pull and lost power with T_el((l - l0) / l0) in place of k (l - l0).
void TableSegments(const CableProperties& p, const Lanes& l, int n, const double* length,
                   const double* inverse, double* tension) {
  for (int i = 0; i < n; ++i) {
    const TensionStrainTable* table = p.tension_tables[static_cast<size_t>(i)];
    if (table == nullptr) continue;
    const double dx = inverse[i] * l.segment.x[i];
    const double dy = inverse[i] * l.segment.y[i];
    const double dz = inverse[i] * l.segment.z[i];
    const double rate = Dot(dx, dy, dz, l.vel.x[i + 1] - l.vel.x[i], l.vel.y[i + 1] - l.vel.y[i],
                            l.vel.z[i + 1] - l.vel.z[i]);
    const double l0 = p.segment_length[static_cast<size_t>(i)];
    const double elastic = table->Tension((length[i] - l0) / l0);
    const double t = std::max(0.0, elastic + p.axial_damping[static_cast<size_t>(i)] * rate);
    tension[i] = t;
    l.segment_lost[i] = (t - std::max(0.0, elastic)) * rate;
    l.pull.x[i] = t * dx;
    l.pull.y[i] = t * dy;
    l.pull.z[i] = t * dz;
  }
}

/// Each node's weight in water, drag and seabed normal force (NodeExternalForce without
/// friction) into `force`, and the power they take from the node into node_lost.
HAWSER_CABLE_PASS void WeightDragAndSeabed(const CableProperties& p, const Lanes& l, int n,
                                           const double* speed) {
  // The parameters and arrays in locals: read through `p` and `l` after the loop's stores, they
  // kept GCC 12 from if-converting the selects below, and the loop stayed scalar.
  const double seabed_z = p.has_seabed ? p.seabed_z : -INFINITY;
  // Per node (CableProperties).
  const double* normal_drag = p.normal_drag.data();
  const double* tangential_drag = p.tangential_drag.data();
  const double* node_weight = p.node_weight.data();
  const double* ramp_depth = p.seabed_ramp_depth.data();
  const double* stiffness = p.seabed_stiffness.data();
  const double* damping = p.seabed_damping.data();
  const double* share_of = l.share;
  const double* along = l.along;
  const NodeArrays normal_v = l.normal, tangential_v = l.tangential, vel = l.vel, force = l.force;
  const double* pos_z = l.pos.z;
  double* node_lost = l.node_lost;
  double* seabed_normal = l.seabed_normal;
  HAWSER_INDEPENDENT_ITERATIONS
  for (int i = 0; i <= n; ++i) {
    const double share = share_of[i];
    const double scale = -share;
    const double normal_factor = normal_drag[i] * speed[i];
    const double tangential_factor = tangential_drag[i] * std::abs(along[i]);
    const double dx =
        scale * (normal_factor * normal_v.x[i] + tangential_factor * tangential_v.x[i]);
    const double dy =
        scale * (normal_factor * normal_v.y[i] + tangential_factor * tangential_v.y[i]);
    const double dz =
        scale * (normal_factor * normal_v.z[i] + tangential_factor * tangential_v.z[i]);
    const double vx = vel.x[i], vy = vel.y[i], vz = vel.z[i];
    double lost = 0.0 - Dot(dx, dy, dz, vx, vy, vz);
    double fz = -share * node_weight[i] + dz;
    // The seabed: computed for every node, kept where the node is below it.
    const double penetration = seabed_z - pos_z[i];
    const double ratio = penetration / ramp_depth[i];
    const double ramp = ratio < 1.0 ? ratio : 1.0;  // std::min(1.0, ratio)
    const double push = share * (stiffness[i] * penetration - ramp * damping[i] * vz);
    const double normal = 0.0 < push ? push : 0.0;
    const bool below = pos_z[i] < seabed_z;
    const double fz_below = fz + normal;
    const double lost_below = lost + (share * stiffness[i] * penetration - normal) * vz;
    fz = below ? fz_below : fz;
    lost = below ? lost_below : lost;
    force.x[i] = 0.0 + dx;
    force.y[i] = 0.0 + dy;
    force.z[i] = fz;
    node_lost[i] = lost;
    seabed_normal[i] = below ? normal : 0.0;
  }
}

/// The seabed's regularised Coulomb friction (NodeExternalForce) on the normal force
/// WeightDragAndSeabed found, node by node: only lines with SeabedFriction > 0 pay for it.
void Friction(const CableProperties& p, const Lanes& l, int n) {
  for (int i = 0; i <= n; ++i) {
    const double normal = l.seabed_normal[i];
    if (!(normal > 0.0)) continue;
    const Eigen::Vector3d u_h(l.vel.x[i], l.vel.y[i], 0.0);
    const double v_eps = p.friction_velocity;
    const Eigen::Vector3d friction =
        -p.friction * normal / std::sqrt(u_h.squaredNorm() + v_eps * v_eps) * u_h;
    l.force.x[i] += friction.x();
    l.force.y[i] += friction.y();
    l.force.z[i] += friction.z();
    l.node_lost[i] -= friction.dot(Eigen::Vector3d(l.vel.x[i], l.vel.y[i], l.vel.z[i]));
  }
}

/// The water's acceleration on each node (NodeFluidInertiaForce), added to `force`; `accel`
/// the acceleration's coordinate arrays (in `water`'s place, no longer needed).
HAWSER_CABLE_PASS void FluidInertia(const CableProperties& p, const Lanes& l, int n,
                                    NodeArrays accel) {
  const double* displaced_mass = p.node_displaced_mass.data();
  const double* added_mass = p.node_added_mass.data();
  HAWSER_INDEPENDENT_ITERATIONS
  for (int i = 0; i <= n; ++i) {
    const double qx = l.chord.x[i], qy = l.chord.y[i], qz = l.chord.z[i];
    const double ax = accel.x[i], ay = accel.y[i], az = accel.z[i];
    const double a_along = Dot(ax, ay, az, qx, qy, qz);
    const double nx = ax - a_along * qx, ny = ay - a_along * qy, nz = az - a_along * qz;
    const double share = l.share[i];
    const double displaced = displaced_mass[i], added = added_mass[i];
    l.force.x[i] += share * (displaced * ax + added * nx);
    l.force.y[i] += share * (displaced * ay + added * ny);
    l.force.z[i] += share * (displaced * az + added * nz);
  }
}

/// A node out of the water: its full weight only, and no loss.
void DryNodes(const CableProperties& p, const Lanes& l, int n, const std::vector<char>& wet) {
  for (int i = 0; i <= n; ++i) {
    if (wet[i]) continue;
    l.force.x[i] = 0.0;
    l.force.y[i] = 0.0;
    l.force.z[i] = -l.share[i] * p.node_dry_weight[i];
    l.node_lost[i] = 0.0;
  }
}

/// Adds each node's segment pulls: minus the segment before, plus the segment after (zero
/// vectors past the ends).
HAWSER_CABLE_PASS void AddTensions(const Lanes& l, int n) {
  const auto add = [&](int i, double bx, double by, double bz, double ax, double ay, double az) {
    l.force.x[i] = (l.force.x[i] - bx) + ax;
    l.force.y[i] = (l.force.y[i] - by) + ay;
    l.force.z[i] = (l.force.z[i] - bz) + az;
  };
  if (n == 0) return add(0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
  add(0, 0.0, 0.0, 0.0, l.pull.x[0], l.pull.y[0], l.pull.z[0]);
  HAWSER_INDEPENDENT_ITERATIONS
  for (int i = 1; i < n; ++i) {
    add(i, l.pull.x[i - 1], l.pull.y[i - 1], l.pull.z[i - 1], l.pull.x[i], l.pull.y[i],
        l.pull.z[i]);
  }
  add(n, l.pull.x[n - 1], l.pull.y[n - 1], l.pull.z[n - 1], 0.0, 0.0, 0.0);
}

/// sum v[0..count) in 4 interleaved partial sums (independent additions).
double Sum(const double* v, int count) {
  double s[4] = {0.0, 0.0, 0.0, 0.0};
  int i = 0;
  for (; i + 4 <= count; i += 4)
    for (int j = 0; j < 4; ++j) s[j] += v[i + j];
  for (int j = 0; i < count; ++i, ++j) s[j] += v[i];
  return (s[0] + s[1]) + (s[2] + s[3]);
}

}  // namespace

CableLanes LanesOf(CableWorkspace& work, int elements) {
  const Lanes l(work, static_cast<size_t>(elements) + 1);
  return {l.pos, l.vel, l.chord, l.force};
}

HAWSER_CABLE_PASS void PackNodes(NodeArrays v, size_t count, std::span<double> out) {
  size_t i = 0;
  for (; i + 4 <= count; i += 4) {
    node_transpose::V4 x, y, z;
    node_transpose::Load(v.x + i, x);
    node_transpose::Load(v.y + i, y);
    node_transpose::Load(v.z + i, z);
    node_transpose::Join3(x, y, z, out.data() + 3 * i);
  }
  for (; i < count; ++i) {
    out[3 * i] = v.x[i];
    out[3 * i + 1] = v.y[i];
    out[3 * i + 2] = v.z[i];
  }
}

HAWSER_CABLE_PASS void UnpackNodes(std::span<const double> v, size_t count, NodeArrays out) {
  size_t i = 0;
  for (; i + 4 <= count; i += 4) {
    node_transpose::V4 x, y, z;
    node_transpose::Split3(v.data() + 3 * i, x, y, z);
    node_transpose::Store(out.x + i, x);
    node_transpose::Store(out.y + i, y);
    node_transpose::Store(out.z + i, z);
  }
  for (; i < count; ++i) {
    out.x[i] = v[3 * i];
    out.y[i] = v[3 * i + 1];
    out.z[i] = v[3 * i + 2];
  }
}

void CableNodeForces(const CableProperties& p, std::span<const double> pos,
                     std::span<const double> vel, const NodeWater& water, std::span<double> tangent,
                     std::span<double> tension, std::span<double> force, CableWorkspace& work,
                     double* dissipated) {
  const size_t nodes = static_cast<size_t>(p.elements) + 1;
  const CableLanes l = LanesOf(work, p.elements);
  UnpackNodes(pos, nodes, l.pos);
  UnpackNodes(vel, nodes, l.vel);
  CableLaneForces(p, pos, water, tension, work, dissipated);
  PackNodes(l.tangent, nodes, tangent);
  PackNodes(l.force, nodes, force);
}

void CableLaneForces(const CableProperties& p, std::span<const double> pos, const NodeWater& water,
                     std::span<double> tension, CableWorkspace& work, double* dissipated) {
  const int n = p.elements;
  const size_t nodes = static_cast<size_t>(n) + 1, segments = static_cast<size_t>(n);
  const Lanes l(work, nodes);
  if (!water.velocity.empty()) {
    UnpackNodes(water.velocity, nodes, l.water);
    work.water_lanes_uniform = false;
  } else if (!work.water_lanes_uniform ||
             std::memcmp(work.water_lanes_value.data(), water.uniform_velocity.data(),
                         sizeof(double) * 3) != 0) {  // Bit for bit: -0 is not +0 here.
    std::fill_n(l.water.x, nodes, water.uniform_velocity.x());
    std::fill_n(l.water.y, nodes, water.uniform_velocity.y());
    std::fill_n(l.water.z, nodes, water.uniform_velocity.z());
    work.water_lanes_value = water.uniform_velocity;
    work.water_lanes_uniform = true;
  }

  work.squares.resize(nodes + segments);
  work.roots.resize(nodes + segments);
  work.reciprocals.resize(nodes + segments);
  work.speeds.resize(nodes);
  ChordsAndSegments(l, n, work.squares.data());
  vector_math::SqrtAndReciprocal(work.squares, work.roots, work.reciprocals);
  const double* const length = work.roots.data();
  const double* const inverse = work.reciprocals.data();
  TangentsAndRelativeVelocity(l, n, length, inverse, work.squares.data());
  vector_math::SqrtAndReciprocal(std::span<const double>(work.squares.data(), nodes), work.speeds,
                                 {});
  Segments(p, l, n, length + nodes, inverse + nodes, tension.data());
  if (!p.tension_tables.empty())
    TableSegments(p, l, n, length + nodes, inverse + nodes, tension.data());
  for (const int b : p.broken_segments) {  // No force from the break on, so no power either.
    tension[b] = l.pull.x[b] = l.pull.y[b] = l.pull.z[b] = l.segment_lost[b] = 0.0;
  }
  WeightDragAndSeabed(p, l, n, work.speeds.data());
  if (p.has_seabed && p.friction > 0.0) Friction(p, l, n);
  if (!water.acceleration.empty()) {
    UnpackNodes(water.acceleration, nodes, l.water);  // The velocities are no longer needed.
    work.water_lanes_uniform = false;
    FluidInertia(p, l, n, l.water);
  }
  if (!water.wet.empty()) DryNodes(p, l, n, water.wet);
  AddTensions(l, n);
  if (!p.bending.empty() || !p.surface_points.empty()) {
    // Both add to packed forces, conservatively (no dissipated power).
    work.packed.resize(3 * nodes);
    PackNodes(l.force, nodes, work.packed);
    AddBendingForces(p, pos, work.packed);
    if (!p.surface_points.empty()) AddSurfacePointForces(p, pos, water.wet, work.packed);
    UnpackNodes(work.packed, nodes, l.force);
  }
  if (dissipated != nullptr) {
    *dissipated =
        Sum(l.node_lost, static_cast<int>(nodes)) + Sum(l.segment_lost, static_cast<int>(segments));
  }
}

}  // namespace hawser
