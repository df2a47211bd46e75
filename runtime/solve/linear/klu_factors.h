// KLU's LU factors of one sparse matrix (SuiteSparse, 64-bit indices), kept from factorisation to
// factorisation: the symbolic analysis once per pattern, the numeric factors refactored with the
// same pivots while they stay well conditioned.
#pragma once

#include <klu.h>

namespace hawser {

struct KluFactors {
  using Index = SuiteSparse_long;
  klu_l_symbolic* symbolic = nullptr;
  klu_l_numeric* numeric = nullptr;

  /// Frees both (for a new pattern, and before the common object goes).
  void Free(klu_l_common& c);

  /// Factors the CSC matrix (n, p, i, x): the first time in full, later by refactoring with
  /// the same pivots, and in full again when that leaves the factors badly conditioned (the
  /// rule of SUNDIALS' own KLU solver: reciprocal condition estimate below uround^(2/3)).
  bool Factor(Index n, Index* p, Index* i, double* x, klu_l_common& c);

  /// Solves in place with the last factors (b becomes x).
  bool Solve(Index n, double* b, klu_l_common& c);
};

}  // namespace hawser
