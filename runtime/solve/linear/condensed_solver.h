// A direct sparse linear solver for CVODE's Newton matrix M = I - gamma J that first eliminates
// the kinematic rows, then factors what is left as a band or with KLU.
//
// Mechanical models are second order: a node's or a body's position state has the derivative
// Pos' = Vel, so row i of J holds a single entry (at the velocity's column j) and row i of M is
// M_ii dx_i + M_ij dx_j = b_i, with M_ii = 1 and M_ij = -gamma. Such a row gives
//   dx_i = (b_i - M_ij dx_j) / M_ii,
// and substituting it into every other row k that reads x_i leaves the condensed system over the
// remaining unknowns,
//   M'_kj = M_kj - M_ki M_ij / M_ii,   b'_k = b_k - M_ki b_i / M_ii,
// which for positions and velocities is the familiar I - gamma dF/dv - gamma^2 dF/dx of implicit
// structural integrators. The condensed matrix is then factored as a band (banded_lu.h) after a
// reverse Cuthill-McKee ordering (bandwidth_ordering.h) when its band is narrow, as a mooring
// line's is (3x3 blocks on a tridiagonal, whatever order its objects came in), else by KLU. A
// mooring line of N segments goes from 6 (N - 1) unknowns to 3 (N - 1), its factors shrink about
// fourfold and KLU's solves and refactorisations with them (bench/cable_bench). The result is the
// same solution up to round-off (the elimination is Gaussian elimination with the diagonal pivot
// M_ii; tests compare with a dense solve).
//
// The condensed matrix is formed either from the M that CVODE formed, or (CVODE's linear-system
// function, CondensedSetJacobian) straight from J and gamma, entry by entry or, for the Pos' =
// Vel structure where each condensed entry gets at most one update, by streaming over the band
// (streamed_condensation.h); all three give the same bits.
//
// Which rows are eliminated, the condensed pattern and the choice of band or KLU are planned from
// the pattern alone (condensation_plan.h). When a setup meets a zero or non-finite pivot M_ii,
// that setup factors the full matrix with KLU instead, so the solver is never less robust than
// plain KLU.
#pragma once

#include <sundials/sundials_context.h>
#include <sundials/sundials_linearsolver.h>
#include <sundials/sundials_matrix.h>

#include <string>

#include "runtime/solve/linear/condensation_plan.h"

namespace hawser {

/// A SUNLinearSolver (direct, matrix-based) for an n x n CSC SUNSparseMatrix whose pattern
/// holds the diagonal and stays the same from setup to setup (CVODE's M from a fixed-pattern
/// Jacobian). NULL when out of memory. Free with SUNLinSolFree.
SUNLinearSolver CondensedSolver(
    SUNContext ctx, CondensedFactorization factorization = CondensedFactorization::kAuto);

/// For CVODE's linear-system function (CVodeSetLinSysFn): the next setup forms the condensed
/// matrix straight from the Jacobian J (CSC, as CVODE's M) and gamma, computing only the entries
/// of M = I - gamma J that the condensation reads, with the same bits as from M (CVODE's copy of
/// J and c J + I over every entry cost about as much as the condensation itself). `evaluated`:
/// J was evaluated since the last setup (its pattern is checked again). The matrix CVODE passes
/// to the setup then serves only to form M in full when the condensation meets a zero pivot.
/// False, and nothing set, when J's pattern lacks a diagonal entry: then the caller forms M (c J
/// + I must insert it) and the setup reads that, as without this call.
bool CondensedSetJacobian(SUNLinearSolver solver, SUNMatrix jacobian, double gamma, bool evaluated);

/// After the first setup: "595 unknowns condensed to 298 (297 rows with a single coupling
/// eliminated), factored as a band of half-bandwidths 5 and 5" (or "by KLU"); before it, or when
/// there was no row to condense, an empty string.
std::string CondensedSummary(SUNLinearSolver solver);

/// Setups that met a zero or non-finite pivot and factored the full matrix instead.
long CondensedFullFactorizations(SUNLinearSolver solver);

}  // namespace hawser
