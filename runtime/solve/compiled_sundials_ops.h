// Compiled-here replacements for the hot operations of SUNDIALS' serial N_Vector and sparse
// SUNMatrix.
//
// Debian 12 builds its SUNDIALS 6.4.1 without optimisation: every vector operation CVODE does
// (linear sums, weighted norms, constants) keeps its loop counter and accumulator on the stack,
// and those operations were about 45 % of a mooring line's integration time (perf, the reference
// line with 100 segments, cvode-bdf sparse), the sparse matrix's copy, zero and "c A + I" another
// 15 % once the vectors were fast. SUNDIALS lets a program supply an object's operations: these
// are compiled with hawser's flags. The element-wise ones and the matrix's compute exactly what
// SUNDIALS' do, term for term in the same order (bit-identical results; no FMA contraction on
// the baseline x86-64 target). The sums (dot product, weighted RMS norms) add their terms in 8
// interleaved partial sums in a fixed order, which vectorises: the same bits on every CPU and
// every run, but rounded differently from SUNDIALS' serial sum (both within the summation
// error bound), so a run with these and one with SUNDIALS' own operations may take different
// steps. Cases that need SUNDIALS' reallocating paths (a matrix without room, a diagonal entry
// missing) are passed on to SUNDIALS' own operations.
#pragma once

#include <sundials/sundials_matrix.h>
#include <sundials/sundials_nvector.h>

namespace hawser {

/// Replaces the arithmetic operations of the serial vector `v` (N_VNew_Serial) with hawser's;
/// vectors cloned from it (every vector CVODE makes from the template) inherit them.
void UseCompiledSerialOperations(N_Vector v);

/// CVODE's error weights for scalar tolerances, w_i = 1 / (rel_tol |y_i| + abs_tol), in one pass:
/// bit for bit what CVODE's own computation gives (its four vector operations: abs, scale, add
/// a constant, invert) for abs_tol > 0, where CVODE checks nothing more. For CVodeWFtolerances.
void ErrorWeights(double rel_tol, double abs_tol, N_Vector y, N_Vector w);

/// Likewise for a CSC sparse matrix (SUNSparseMatrix): copy, zero, c A + I; its clones (CVODE
/// keeps a saved Jacobian) get them too.
void UseCompiledSparseOperations(SUNMatrix m);

}  // namespace hawser
