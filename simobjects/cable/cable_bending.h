// Bending stiffness of a lumped-mass cable (Cable/Cable, cable.h): the bending forces on the
// nodes, their energy and their exact Jacobian. Kept apart from the axial and fluid forces
// (cable_physics.h) so that it can be tested alone, and costs nothing when EI = 0.
//
// Formulation (as MoorDyn v2, Line.cpp and Misc.cpp's GetCurvature; Hall 2020's bending
// extension): at an internal node i between segments i-1 and i with unit directions e_{i-1}
// and e_i (turning angle phi), the discrete curvature is
//   kappa_i = |e_i - e_{i-1}| / l0 = 2 sin(phi / 2) / l0,
// MoorDyn's 4 sin(phi / 2) / (l_{i-1} + l_i) with the unstretched length l0 in place of the
// stretched mean (equal to O(strain)). The bending energy is, with EI_i the node's stiffness,
//   E = sum_i EI_i kappa_i^2 l0 / 2 = sum_i C_i |e_i - e_{i-1}|^2 / 2,   C_i = EI_i / l0,
// and the node forces are exactly -dE/dx, so that the bending is conservative (it closes the
// cable's energy balance; MoorDyn's forces differ from these by a factor cos(phi / 2), i.e. at
// second order in the turning angle). With d_{i-1} = x_i - x_{i-1}, d_i = x_{i+1} - x_i,
// l = |d|, P = I - e e^T and s = e_{i-1}.e_i:
//   h = dE/dd_{i-1} = -C P_{i-1} e_i / l_{i-1},   g = dE/dd_i = -C P_i e_{i-1} / l_i,
//   F_{i-1} += h,  F_i += g - h,  F_{i+1} += -g
// (the moment M = EI kappa as a couple of forces ~M / l normal to each segment, in the plane
// of the bend). The force is smooth in the node positions (also straight, phi = 0, where it
// vanishes), except at a zero-length segment, where the node contributes nothing.
// Ends: the ends are pinned (no bending energy at nodes 0 and N, zero moment there). A clamped
// end is made by fixing the first two nodes (end A and node 1 held in place, e.g. by a body).
//
// Jacobian: the Hessian blocks of node i's energy, with a = P_{i-1} e_i and b = P_i e_{i-1},
//   A = dh/dd_{i-1} = C (a e_{i-1}^T + e_{i-1} a^T + s P_{i-1}) / l_{i-1}^2,
//   B = dh/dd_i = -C P_{i-1} P_i / (l_{i-1} l_i) = (dg/dd_{i-1})^T,
//   D = dg/dd_i = C (b e_i^T + e_i b^T + s P_i) / l_i^2,
// so that dh/d(x_{i-1}, x_i, x_{i+1}) = (-A, A - B, B) and dg/d(...) = (-B^T, B^T - D, D). A
// node's bending force thus reads the positions of nodes i-2 .. i+2 (not the velocities).
#pragma once

#include <span>

#include "simobjects/cable/cable_physics.h"

namespace hawser {

/// Fills p.bending from the bending stiffness EI of each node [N m^2] (N + 1 values; those at
/// the ends are ignored: pinned). Leaves it empty when every EI is 0 (no bending, no cost).
void SetBendingStiffness(CableProperties& p, std::span<const double> node_ei);

/// Bending energy sum_i C_i |e_i - e_{i-1}|^2 / 2 of the N + 1 nodes `pos` [J] (0 without
/// bending).
double BendingEnergy(const CableProperties& p, std::span<const double> pos);

/// Node i's term C_i |e_i - e_{i-1}|^2 / 2 of BendingEnergy [J] (0 at an end, without bending,
/// or next to a zero-length segment).
double NodeBendingEnergy(const CableProperties& p, std::span<const double> pos, int i);

/// Removes the bend at the two nodes of segment `segment` (the pinned free ends its break
/// leaves, as at the line's ends): C = 0 at nodes segment and segment + 1. Nothing without
/// bending.
void UnbendAcross(CableProperties& p, int segment);

/// Adds every node's bending force -dE/dx to `force` (3 (N + 1), ends included: for them, the
/// force on the object attached there). Nothing without bending.
void AddBendingForces(const CableProperties& p, std::span<const double> pos,
                      std::span<double> force);

/// Values per internal node for the neighbours two away: d acc_i / d(x_{i-2}, x_{i+2}), 3 x 6,
/// column major (entry (r, c) at 3 c + r).
inline constexpr int kBendingFarSize = 3 * 6;

/// Adds the bending forces' part of every internal node's acceleration Jacobian: to `jacobian`
/// (CableAccelerationJacobian's 3 x 18 per node) the columns of x_{i-1}, x_i, x_{i+1}, and to
/// `far` (kBendingFarSize per node, node 1 first, overwritten) those of x_{i-2} and x_{i+2}.
/// Each is the node's inverse mass matrix (from its tangent in `tangent`) times dF/dx; the
/// change of the tangent under the total force is CableAccelerationJacobian's.
void AddBendingJacobian(const CableProperties& p, std::span<const double> pos,
                        std::span<const double> tangent, std::span<double> jacobian,
                        std::span<double> far);

}  // namespace hawser
