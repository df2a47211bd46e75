// InternalNodeDerivatives and LaneNodeDerivatives (cable_physics.h): the free nodes'
// accelerations with the arithmetic of InverseMass and NodeAcceleration, in one pass over the
// coordinate arrays that vectorises. The inverse masses are kept between evaluations
// (InverseMassesOf): node by node the divisions were most of this step's time.
#include <cstring>
#include <utility>

#include "simobjects/cable/cable_lanes.h"
#include "simobjects/cable/cable_pass.h"
#include "simobjects/cable/cable_physics.h"
#include "simobjects/cable/node_transpose.h"

namespace hawser {
namespace {

/// InverseMass of `count` nodes: 1 / m into `along`, 1 / (m + a) into `normal`.
HAWSER_CABLE_PASS void InverseMasses(const double* mass, const double* added_mass, int count,
                                     double* along, double* normal) {
  HAWSER_INDEPENDENT_ITERATIONS
  for (int i = 0; i < count; ++i) {
    along[i] = 1.0 / mass[i];
    normal[i] = 1.0 / (mass[i] + added_mass[i]);
  }
}

/// NodeAcceleration of `count` nodes with inverse masses `along` and `normal`:
/// a = f_t / m + (f - f_t) / (m + a) with f_t = (f . q) q, the dot product in Eigen's order.
HAWSER_CABLE_PASS void Accelerations(const double* along, const double* normal, int count,
                                     NodeArrays q, NodeArrays f, NodeArrays acc) {
  // The arrays in locals: read through the structs after the loop's stores, they kept GCC 12
  // from vectorising (as in WeightDragAndSeabed).
  const double *qx = q.x, *qy = q.y, *qz = q.z, *fx = f.x, *fy = f.y, *fz = f.z;
  double *ax = acc.x, *ay = acc.y, *az = acc.z;
  HAWSER_INDEPENDENT_ITERATIONS
  for (int i = 0; i < count; ++i) {
    const double f_along = (fx[i] * qx[i] + fy[i] * qy[i]) + fz[i] * qz[i];
    const double tx = f_along * qx[i], ty = f_along * qy[i], tz = f_along * qz[i];
    ax[i] = along[i] * tx + normal[i] * (fx[i] - tx);
    ay[i] = along[i] * ty + normal[i] * (fy[i] - ty);
    az[i] = along[i] * tz + normal[i] * (fz[i] - tz);
  }
}

/// The free nodes' inverse masses in `work`, divided again only when their masses changed
/// (compared bit for bit: the divisions were a tenth of an evaluation of the reference line):
/// 1 / m of nodes 1..count, then 1 / (m + a) of the same count + 2 further on; the held end
/// nodes' zeros around each (CableWorkspace::inverse_masses).
const double* InverseMassesOf(const CableProperties& p, int count, CableWorkspace& work) {
  const auto n = static_cast<size_t>(count);
  const double* mass = p.node_mass.data() + 1;
  const double* added = p.node_added_mass.data() + 1;
  const bool same = work.masses.size() == 2 * n &&
                    std::memcmp(work.masses.data(), mass, n * sizeof(double)) == 0 &&
                    std::memcmp(work.masses.data() + n, added, n * sizeof(double)) == 0;
  if (!same) {
    work.masses.assign(mass, mass + n);
    work.masses.insert(work.masses.end(), added, added + n);
    work.inverse_masses.assign(2 * (n + 2), 0.0);
    double* along = work.inverse_masses.data() + 1;
    InverseMasses(mass, added, count, along, along + n + 2);
  }
  return work.inverse_masses.data() + 1;
}

}  // namespace

HAWSER_CABLE_PASS void UnpackStates(std::span<const double> state, int count, NodeArrays pos,
                                    NodeArrays vel) {
  double* const to[6] = {pos.x, pos.y, pos.z, vel.x, vel.y, vel.z};
  int j = 0;
  for (; j + 4 <= count; j += 4) {
    node_transpose::V4 v[6];
    node_transpose::Split6(state.data() + 6 * j, v);
    node_transpose::StoreEach(to, j, v, std::make_index_sequence<6>());
  }
  for (; j < count; ++j)
    for (int k = 0; k < 6; ++k) to[k][j] = state[6 * j + k];
}

HAWSER_CABLE_PASS void PackStates(NodeArrays first, NodeArrays second, int count,
                                  double* derivative) {
  const double* const from[6] = {first.x, first.y, first.z, second.x, second.y, second.z};
  int j = 0;
  for (; j + 4 <= count; j += 4) {
    node_transpose::V4 d[6];
    node_transpose::LoadEach(from, j, d, std::make_index_sequence<6>());
    node_transpose::Join6(d, derivative + 6 * j);
  }
  for (; j < count; ++j)
    for (int k = 0; k < 6; ++k) derivative[6 * j + k] = from[k][j];
}

void LaneNodeDerivatives(const CableProperties& p, CableWorkspace& work,
                         std::span<double> derivative) {
  const int free_nodes = p.elements - 1;
  if (free_nodes <= 0) return;
  const Lanes l(work, static_cast<size_t>(p.elements) + 1);
  const NodeArrays acc = l.normal;  // No longer needed once the forces are summed.
  const double* inverse = InverseMassesOf(p, free_nodes, work);
  Accelerations(inverse, inverse + free_nodes + 2, free_nodes, From(l.chord, 1), From(l.force, 1),
                acc);
  PackStates(From(l.vel, 1), acc, free_nodes, derivative.data());
}

void InternalNodeDerivatives(const CableProperties& p, std::span<const double> state,
                             std::span<const double> tangent, std::span<const double> force,
                             CableWorkspace& work, std::span<double> derivative) {
  const size_t nodes = static_cast<size_t>(p.elements) + 1;
  const CableLanes l = LanesOf(work, p.elements);
  UnpackNodes(tangent, nodes, l.tangent);
  UnpackNodes(force, nodes, l.force);
  UnpackStates(state, p.elements - 1, From(l.pos, 1), From(l.vel, 1));
  LaneNodeDerivatives(p, work, derivative);
}

}  // namespace hawser
