// The properties of a short test line for the cable's force and Jacobian tests: 5 m segments
// of a 100 kg node mass on a seabed at z = -50 m, with drag, added mass and (unless
// `friction` is 0) seabed friction, in the orders of magnitude of the reference line.
#pragma once

#include <cmath>

#include "simobjects/cable/cable_physics.h"

namespace hawser::test {

inline CableProperties ShortLineProperties(int elements, double friction) {
  CableProperties p;
  p.elements = elements;
  p.segment_length = 5.0;
  p.axial_stiffness = 2e5;  // EA / l0.
  p.node_mass = 100.0;
  p.axial_damping = 0.5 * std::sqrt(2.0 * 2e5 * 100.0);
  p.node_added_mass = 40.2;
  p.node_displaced_mass = 40.2;
  p.node_weight = 586.0;
  p.node_dry_weight = 981.0;
  p.normal_drag = 307.5;
  p.tangential_drag = 6.44;
  p.has_seabed = true;
  p.seabed_z = -50.0;
  p.seabed_stiffness = 1.5e6;
  p.seabed_damping = 1.5e5;
  p.seabed_ramp_depth = p.node_weight / p.seabed_stiffness;  // 0.39 mm.
  p.friction = friction;
  p.friction_velocity = 0.01;
  return p;
}

}  // namespace hawser::test
