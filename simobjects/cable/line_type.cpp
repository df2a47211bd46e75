#include "simobjects/cable/line_type.h"

#include <cmath>
#include <numbers>

namespace hawser {

SegmentLump LumpLineType(const LineType& t, double l0, const LumpSetting& s) {
  // The operations in Cable/Cable's order before line types, so that a uniform line's values
  // are the same bit for bit (its step counts in bench/cable_bench with them).
  SegmentLump lump;
  lump.length = l0;
  lump.axial_stiffness = t.ea / l0;
  lump.mass = t.mass_per_length * l0;
  lump.axial_damping = s.damping_ratio * std::sqrt(2.0 * lump.axial_stiffness * lump.mass);
  lump.seabed_stiffness = s.seabed_stiffness * l0;
  lump.seabed_damping = s.seabed_damping * l0;
  const double d_v = t.volumetric_diameter;
  const double area = std::numbers::pi * d_v * d_v / 4.0;
  const double rho = s.density, g = s.gravity;
  lump.added_mass = rho * t.can * area * l0;
  lump.displaced_mass = rho * area * l0;
  lump.weight = (t.mass_per_length - rho * area) * g * l0;
  lump.dry_weight = t.mass_per_length * g * l0;
  lump.normal_drag = 0.5 * rho * t.cdn * t.diameter * l0;
  lump.tangential_drag = 0.5 * rho * t.cdt * std::numbers::pi * t.diameter * l0;
  return lump;
}

}  // namespace hawser
