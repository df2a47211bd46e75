// A line type: the properties per unit length of one kind of mooring line or cable (chain,
// wire, fibre rope), from which a line's segments take their lumped values (cable_physics.h).
// Cable/Cable gives one type through its own parameters (Diameter serving as both diameters).
#pragma once

#include <span>
#include <string>

#include "simobjects/cable/cable_physics.h"

namespace hawser {

struct LineType {
  std::string name;
  double diameter = 0.0;             ///< Hydrodynamic diameter d (drag) [m].
  double volumetric_diameter = 0.0;  ///< d_v: displaced area pi d_v^2 / 4 (buoyancy, mass) [m].
  double mass_per_length = 0.0;      ///< In air [kg/m].
  double ea = 0.0;                   ///< Axial stiffness [N].
  double cdn = 1.2, cdt = 0.008;     ///< Drag: normal (area d), tangential (area pi d) [-].
  double can = 1.0;                  ///< Added mass normal to the line [-].
  double mbl = 0.0;                  ///< Minimum breaking load [N] (0: not given).
  double ei = 0.0;                   ///< Bending stiffness [N m^2] (cable_bending.h).
  /// A fibre rope's nonlinear axial stiffness (empty: EA); EA then serves the damping only.
  TensionStrainTable table;
};

/// What the water and seabed give a segment, beside its type.
struct LumpSetting {
  double damping_ratio = 0.0;     ///< Of the axial mode of two node masses across a segment.
  double seabed_stiffness = 0.0;  ///< Per unit length [N/m^2].
  double seabed_damping = 0.0;    ///< Per unit length [N s/m^2].
  double density = 0.0, gravity = 0.0;
};

/// A segment of type `t` and unstretched length l0, lumped (cable.h gives the equations):
///   k = EA / l0, m = mass_per_length l0, c = damping_ratio sqrt(2 k m),
///   A = pi d_v^2 / 4, weight (mass_per_length - rho A) g l0, dry weight mass_per_length g l0,
///   displaced mass rho A l0, added mass rho Can A l0,
///   drag 0.5 rho Cdn d l0 (normal) and 0.5 rho Cdt pi d l0 (tangential),
///   seabed stiffness and damping per length times l0.
SegmentLump LumpLineType(const LineType& t, double l0, const LumpSetting& s);

}  // namespace hawser
