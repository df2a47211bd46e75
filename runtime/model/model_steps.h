// The model's private evaluation units, shared by assembly (model_assembly.cpp,
// evaluation_order.cpp, evaluation_program.cpp) and evaluation (model.cpp). Not part of the
// SimObject API.
#pragma once

#include <functional>
#include <span>
#include <vector>

#include "runtime/model/kernel_batch.h"
#include "runtime/model/model.h"

namespace hawser {

/// dst = constant + sum(factor * src): an input fed by a sum, a scaled port or a slice copy. The
/// constant (the literal terms' sum) is there only when the connection has literal terms, so that
/// "A.F + B.F" is exactly A.F + B.F (also in the sign of a zero sum).
struct Combiner {
  struct Term {
    const double* src;
    double factor;
  };
  std::span<double> dst;
  std::vector<double> constant;  ///< Empty, or one value per element of dst.
  std::vector<Term> terms;       ///< At least one.

  void Run() const {
    // Element by element, summing every term before one store: port widths are small (3, 6),
    // and vector loads of values just written by scalar stores would stall store forwarding.
    const size_t n = dst.size();
    for (size_t k = 0; k < n; ++k) {
      double v = terms[0].factor * terms[0].src[k];
      if (!constant.empty()) v = constant[k] + v;
      for (size_t j = 1; j < terms.size(); ++j) v += terms[j].factor * terms[j].src[k];
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

/// dst = a + b: bit-identical to a Combiner with those two terms, factors 1 and no constant
/// (1 * v is exactly v, signed zeros included).
struct Sum2 {
  double* dst;
  const double* a;
  const double* b;
  int width;

  void Run() const {
    if (width == 3) {  // A force or a position: unrolled, every sum before the first store
      // (which could, for all the compiler knows, change a or b: it would reload them).
      const double v0 = a[0] + b[0], v1 = a[1] + b[1], v2 = a[2] + b[2];
      dst[0] = v0;
      dst[1] = v1;
      dst[2] = v2;
      return;
    }
    for (int k = 0; k < width; ++k) dst[k] = a[k] + b[k];
  }
  /// Whether `c` can run as a Sum2.
  static bool Fits(const Combiner& c) {
    return c.constant.empty() && c.terms.size() == 2 && c.terms[0].factor == 1.0 &&
           c.terms[1].factor == 1.0;
  }
};

/// Steps compiled for speed: one array per kind of operation, with no branch per step on its
/// kind, and the commonest input sum ("A.F + B.F", two unscaled ports) without a loop over
/// terms. `runs` gives the order: consecutive operations of one kind, in evaluation order.
/// Consecutive calculations of one callable type (a chain's springs) form one kBatch run: one
/// call of their CalcInfo::batch, which loops over their contexts with the callable inlined.
/// Consecutive calculations with kernels of one type (CalcInfo::kernel) form one kKernel run
/// instead, over the items of its KernelBatch.
struct Model::Program {
  enum class Kind { kCalc, kBatch, kKernel, kSum2, kCombiner };
  struct Run {
    Kind kind;
    int begin, end;  ///< Into the array of that kind (calcs for kBatch and kKernel).
    void (*batch)(void* const*, int, int*) = nullptr;  ///< For kBatch: CalcInfo::batch.
    int kernel = -1;                                   ///< For kKernel: into kernels.
  };
  struct Calc {
    void (*call)(void*);  ///< CalcInfo::call and context.
    void* context;
    const SimObject* object;  ///< For the message when it throws.
  };
  std::vector<Run> runs;
  std::vector<Calc> calcs;
  std::vector<void*> contexts;  ///< [calc]: calcs[calc].context again, as a batch reads them.
  std::vector<Sum2> sums2;
  std::vector<const Combiner*> combiners;
  std::vector<KernelBatch> kernels;

  /// Compiles `steps` (calculations and input sums in evaluation order).
  static Program Compile(const std::vector<Step>& steps, const std::vector<Combiner>& combiners);
};

}  // namespace hawser
