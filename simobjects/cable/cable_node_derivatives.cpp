// InternalNodeDerivatives (cable_physics.h): the free nodes' accelerations with the arithmetic
// of InverseMass and NodeAcceleration. The two divisions per node, which node by node were most
// of this step's time, are taken for all nodes in one pass that vectorises.
#include "simobjects/cable/cable_pass.h"
#include "simobjects/cable/cable_physics.h"

namespace hawser {
namespace {

/// InverseMass of nodes 1..count: 1 / m into `along`, 1 / (m + a) into `normal`.
HAWSER_CABLE_PASS void InverseMasses(const double* mass, const double* added_mass, int count,
                                     double* along, double* normal) {
  HAWSER_INDEPENDENT_ITERATIONS
  for (int i = 0; i < count; ++i) {
    along[i] = 1.0 / mass[i];
    normal[i] = 1.0 / (mass[i] + added_mass[i]);
  }
}

}  // namespace

void InternalNodeDerivatives(const CableProperties& p, std::span<const double> state,
                             std::span<const double> tangent, std::span<const double> force,
                             CableWorkspace& work, std::span<double> derivative) {
  const int free_nodes = p.elements - 1;
  if (free_nodes <= 0) return;
  const auto count = static_cast<size_t>(free_nodes);
  work.inverse_masses.resize(2 * count);
  double* const along = work.inverse_masses.data();
  double* const normal = along + count;
  InverseMasses(p.node_mass.data() + 1, p.node_added_mass.data() + 1, free_nodes, along, normal);
  for (size_t j = 0; j < count; ++j) {
    const double* q = tangent.data() + 3 * (j + 1);
    const double* f = force.data() + 3 * (j + 1);
    const double* x = state.data() + 6 * j;
    double* dx = derivative.data() + 6 * j;
    // NodeAcceleration: f_t = (f . q) q, a = f_t / m + (f - f_t) / (m + a), with the dot
    // product in Eigen's order.
    const double f_along = (f[0] * q[0] + f[1] * q[1]) + f[2] * q[2];
    for (int k = 0; k < 3; ++k) {
      const double f_t = f_along * q[k];
      dx[k] = x[3 + k];
      dx[3 + k] = along[j] * f_t + normal[j] * (f[k] - f_t);
    }
  }
}

}  // namespace hawser
