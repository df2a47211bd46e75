// The exact Jacobian of a lumped-mass cable's node accelerations (Cable/Cable, cable.h;
// cable_physics.h gives the forces), for SimObject::StateJacobian. Kept apart from the forces so
// that it can be tested alone against their finite differences.
//
// Internal node i (1..N-1) accelerates as acc = M F, M = a_n I + (a_t - a_n) q q^T, with
// a_t = 1/m, a_n = 1/(m + a) (NodeAcceleration), so that
//   d acc = M dF + (a_t - a_n) (q F^T + (F.q) I) dq,
// where F is the node's total force and q = c / |c| its tangent along the chord c = x_{i+1} -
// x_{i-1}: dq/dx_{i+1} = -dq/dx_{i-1} = (I - q q^T) / |c| (zero for a zero chord, where q is a
// fixed UnitX). F collects:
//   segment s from node a to b, d = x_b - x_a, l = |d|, e = d / l, w = v_b - v_a, rate = e.w,
//     tension vector T e on node a (and -T e on b) with T = k (l - l0) + c rate while that is
//     > 0 (else T = 0 and its derivative 0, the side max(0, .) takes):
//     d(T e)/dd = e (k e + c (I - e e^T) w / l)^T + T (I - e e^T) / l,  d(T e)/dw = c e e^T;
//   drag on u = v - u_w (water velocity held), u_t = (u.q) q, u_n = u - u_t:
//     -(Dn |u_n| u_n + Dt |u.q| (u.q) q), whose derivatives are, with G = |u_n| I + u_n u_n^T /
//     |u_n| (|u_n| I alone at u_n = 0),
//     d/dv = -(Dn G (I - q q^T) + 2 Dt |u.q| q q^T),
//     d/dq = Dn G (q u^T + (u.q) I) - Dt (2 |u.q| q u^T + |u.q| (u.q) I);
//   seabed (z below it, pen = seabed_z - z): N = K pen - r C vz while > 0, r = pen / pen_rest
//     while that is < 1 (else 1): dN/dz = -K + C vz / pen_rest (ramping) or -K, dN/dvz = -r C;
//     friction -mu N u_h / s, s = sqrt(|u_h|^2 + v_eps^2), on the horizontal velocity:
//     d/dN = -mu u_h / s, d/du_h = -mu N (I / s - u_h u_h^T / s^3);
//   fluid inertia (water acceleration a_w held) rho Can A l0 (a_w - (a_w.q) q):
//     d/dq = -rho Can A l0 (q a_w^T + (a_w.q) I).
// The water's velocity and acceleration and whether a node is wet are held fixed (NodeWater, as
// sampled at the point): their change with a node's position is left out, as in the
// finite-difference Jacobian while estimating_jacobian() is on (cable.h).
#pragma once

#include <span>

#include "simobjects/cable/cable_physics.h"

namespace hawser {

/// Values per internal node: the 3 x 18 matrix d acc_i / d(x_{i-1}, v_{i-1}, x_i, v_i, x_{i+1},
/// v_{i+1}), column major (entry (r, c) at 3 c + r).
inline constexpr int kNodeJacobianSize = 3 * 18;

/// The Jacobian of every internal node's acceleration, node 1 first (kNodeJacobianSize values
/// each; entries for the end nodes 0 and N, which are inputs, are computed like the others).
/// `pos`, `vel`, `water`, `tangent` and `force` are CableNodeForces' arguments and results at
/// the point (the tangents and total forces it wrote).
void CableAccelerationJacobian(const CableProperties& p, std::span<const double> pos,
                               std::span<const double> vel, const NodeWater& water,
                               std::span<const double> tangent, std::span<const double> force,
                               std::span<double> jacobian);

}  // namespace hawser
