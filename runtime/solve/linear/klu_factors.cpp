// KluFactors: KLU's factorisation, refactorisation and solve (klu_factors.h).
#include "runtime/solve/linear/klu_factors.h"

#include <cmath>
#include <limits>

namespace hawser {

void KluFactors::Free(klu_l_common& c) {
  if (numeric != nullptr) klu_l_free_numeric(&numeric, &c);
  if (symbolic != nullptr) klu_l_free_symbolic(&symbolic, &c);
}

bool KluFactors::Factor(Index n, Index* p, Index* i, double* x, klu_l_common& c) {
  if (symbolic == nullptr) {
    symbolic = klu_l_analyze(n, p, i, &c);
    if (symbolic == nullptr) return false;
  }
  if (numeric != nullptr) {
    if (klu_l_refactor(p, i, x, symbolic, numeric, &c) != 0 &&
        klu_l_rcond(symbolic, numeric, &c) != 0 &&
        c.rcond >= std::pow(std::numeric_limits<double>::epsilon(), 2.0 / 3.0)) {
      return true;
    }
    klu_l_free_numeric(&numeric, &c);
  }
  numeric = klu_l_factor(p, i, x, symbolic, &c);
  return numeric != nullptr;
}

bool KluFactors::Solve(Index n, double* b, klu_l_common& c) {
  return klu_l_solve(symbolic, numeric, n, 1, b, &c) != 0;
}

}  // namespace hawser
