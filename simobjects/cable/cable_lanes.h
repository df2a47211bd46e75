// The coordinate arrays of one cable evaluation, carved from CableWorkspace::lanes: shared by
// the force passes (cable_node_forces.cpp) and the accelerations (cable_node_derivatives.cpp),
// so that a cable's evaluation fills the positions and velocities once and reads the tangents
// and forces where the passes left them (CableLanes is the public part).
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

#include "simobjects/cable/cable_physics.h"

namespace hawser {

struct Lanes {
  /// chord: then the unit tangent q; normal: after the forces, the accelerations.
  NodeArrays pos, vel, water, chord, segment, tangential, normal, pull, force;
  double* share;  ///< Tributary length over l0: 1/2 at the ends, 1 inside.
  double* along;  ///< u . q per node.
  double* node_lost;
  double* segment_lost;
  double* seabed_normal;  ///< The seabed's normal force per node (0 above it), for Friction.

  static constexpr int kNodeArrays = 9;  // pos .. force, 3 coordinate arrays each.
  static constexpr int kScalars = 5;     // share .. seabed_normal.
  static constexpr int kArrays = 3 * kNodeArrays + kScalars;

  /// The same arrays for the same node count: the buffer is sized (and `share` filled) once.
  Lanes(CableWorkspace& work, std::size_t nodes) {
    std::vector<double>& buffer = work.lanes;
    double* b = buffer.data();
    // By reference: `b` is re-read after `assign` below may move the buffer.
    const auto scalars = [&](int k) { return b + (3 * kNodeArrays + k) * nodes; };
    if (buffer.size() != kArrays * nodes) {
      buffer.assign(kArrays * nodes, 0.0);
      b = buffer.data();
      std::fill_n(scalars(0), nodes, 1.0);
      scalars(0)[0] = scalars(0)[nodes - 1] = 0.5;
      work.water_lanes_uniform = false;
    }
    const auto arrays = [&](int k) {
      double* a = b + 3 * k * nodes;
      return NodeArrays{a, a + nodes, a + 2 * nodes};
    };
    pos = arrays(0);
    vel = arrays(1);
    water = arrays(2);
    chord = arrays(3);
    segment = arrays(4);
    tangential = arrays(5);
    normal = arrays(6);
    pull = arrays(7);
    force = arrays(8);
    share = scalars(0);
    along = scalars(1);
    node_lost = scalars(2);
    segment_lost = scalars(3);
    seabed_normal = scalars(4);
  }
};

}  // namespace hawser
