// The model's private evaluation units, shared by assembly (model_assembly.cpp,
// evaluation_order.cpp) and evaluation (model.cpp). Not part of the SimObject API.
#pragma once

#include <span>
#include <vector>

#include "runtime/model/model.h"

namespace hawser {

/// dst = constant + sum(factor * src): an input fed by a sum, a scaled port or a slice copy.
struct Model::Combiner {
  struct Term {
    const double* src;
    double factor;
  };
  std::span<double> dst;
  std::vector<double> constant;
  std::vector<Term> terms;

  void Run() const {
    // Element by element, summing every term before one store: port widths are small (3, 6),
    // and vector loads of values just written by scalar stores would stall store forwarding.
    const size_t n = dst.size();
    for (size_t k = 0; k < n; ++k) {
      double v = constant[k];
      for (const Term& term : terms) v += term.factor * term.src[k];
      dst[k] = v;
    }
  }
};

/// One unit of evaluation: an object's calculation, or an input sum.
struct Model::Step {
  SimObject* object = nullptr;
  const CalcInfo* calc = nullptr;  ///< Set for a calculation.
  int combiner = -1;               ///< Set for an input sum.
};

}  // namespace hawser
