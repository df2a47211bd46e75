// The properties of a short test line for the cable's force and Jacobian tests: 5 m segments
// of a 100 kg node mass on a seabed at z = -50 m, with drag, added mass and (unless
// `friction` is 0) seabed friction, in the orders of magnitude of the reference line. With
// `two_sections` the second half of the segments is a heavier, stiffer section (every lumped
// value 1.6 times, segment length 4 m), so that the boundary node takes half of each.
#pragma once

#include <cmath>
#include <vector>

#include "simobjects/cable/cable_physics.h"

namespace hawser::test {

inline CableProperties ShortLineProperties(int elements, double friction,
                                           bool two_sections = false) {
  CableProperties p;
  p.elements = elements;
  SegmentLump s;
  s.length = 5.0;
  s.axial_stiffness = 2e5;  // EA / l0.
  s.mass = 100.0;
  s.axial_damping = 0.5 * std::sqrt(2.0 * 2e5 * 100.0);
  s.added_mass = 40.2;
  s.displaced_mass = 40.2;
  s.weight = 586.0;
  s.dry_weight = 981.0;
  s.normal_drag = 307.5;
  s.tangential_drag = 6.44;
  s.seabed_stiffness = 1.5e6;
  s.seabed_damping = 1.5e5;
  std::vector<SegmentLump> segments(static_cast<size_t>(elements), s);
  if (two_sections) {
    for (size_t i = segments.size() / 2; i < segments.size(); ++i) {
      SegmentLump& h = segments[i];
      h.length = 4.0;
      for (double* v : {&h.axial_stiffness, &h.axial_damping, &h.mass, &h.added_mass,
                        &h.displaced_mass, &h.weight, &h.dry_weight, &h.normal_drag,
                        &h.tangential_drag, &h.seabed_stiffness, &h.seabed_damping}) {
        *v *= 1.6;
      }
    }
  }
  LumpAtNodes(p, segments);  // seabed_ramp_depth: weight / stiffness, 0.39 mm.
  p.has_seabed = true;
  p.seabed_z = -50.0;
  p.friction = friction;
  p.friction_velocity = 0.01;
  return p;
}

}  // namespace hawser::test
