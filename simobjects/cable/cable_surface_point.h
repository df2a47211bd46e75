// An in-line buoy that pierces the free surface (Cable/Line's Points with a HEIGHT; docs/
// cables-and-mooring.md, "Clump weights and buoys"): a vertical cylinder of volume V and height h
// centred on its node at z, cross-section A = V / h, with the still-water level z = 0 as its
// surface. Its submerged height and buoyancy are
//   s(z) = clamp(h / 2 - z, 0, h),    B(z) = rho g A s(z),
// continuous in z (piecewise linear: V fully submerged below z = -h / 2, nothing above h / 2).
// The node's lumped weight holds the fully submerged buoyancy rho g V (cable_line.cpp), so the
// point adds the difference
//   F_z = rho g (A s(z) - V)   on a wet node,   F_z = rho g A s(z)   on a node out of the water
// (an ocean's wave surface below it: DryNodes took every buoyancy away), with
//   dF_z / dz = -rho g A for |z| < h / 2 (0 outside),
// and the potential energy U(z) = rho g (V z - A S(z)), S the integral of s with S = 0 above
// h / 2: S = h z below -h / 2, h z / 2 - z^2 / 2 - h^2 / 8 between; so U = 0 when submerged.
// The drag, added mass and Froude-Krylov force stay those of the whole volume.
#pragma once

#include <span>
#include <vector>

#include "simobjects/cable/cable_physics.h"

namespace hawser {

/// Submerged height s(z) [m] of point `s` at height z.
double SubmergedHeight(const SurfacePoint& s, double z);

/// Adds each surface point's F_z to `force` (3 per node) at the nodes `pos`; `wet` as NodeWater's
/// (empty: every node wet).
void AddSurfacePointForces(const CableProperties& p, std::span<const double> pos,
                           const std::vector<char>& wet, std::span<double> force);

/// dF_z / dz of the surface points at node `node` with z = `z` [N/m] (0 without one).
double SurfacePointStiffness(const CableProperties& p, int node, double z);

/// The surface points' potential energy U [J] (0 when every point is submerged).
double SurfacePointEnergy(const CableProperties& p, std::span<const double> pos);

}  // namespace hawser
