#include "runtime/solve/linear/band_product.h"

#include <cstddef>

#include "runtime/solve/elementwise_clones.h"

namespace hawser {

void BandProduct::Resize(int n, int lower, int upper) {
  n_ = n;
  lower_ = lower;
  upper_ = upper;
  values_.assign(static_cast<std::size_t>(lower + upper + 1) * n, 0.0);
  padded_.assign(static_cast<std::size_t>(lower + n + upper), 0.0);
}

namespace {

HAWSER_ELEMENTWISE void SubtractBandProduct(const double* values, const double* padded, int n,
                                            int lower, int upper, double* y) {
  for (int d = -lower; d <= upper; ++d) {
    // Row r of diagonal d is entry (r, r + d): outside the matrix it is zero and reads padding.
    const double* a = values + static_cast<std::size_t>(d + lower) * n;
    const double* x = padded + lower + d;
    for (int r = 0; r < n; ++r) y[r] -= a[r] * x[r];
  }
}

}  // namespace

void BandProduct::SubtractProduct(double* y) const {
  SubtractBandProduct(values_.data(), padded_.data(), n_, lower_, upper_, y);
}

}  // namespace hawser
