#include "runtime/solve/band_product.h"

#include <cstddef>

namespace hawser {

void BandProduct::Resize(int n, int lower, int upper) {
  n_ = n;
  lower_ = lower;
  upper_ = upper;
  values_.assign(static_cast<std::size_t>(lower + upper + 1) * n, 0.0);
  padded_.assign(static_cast<std::size_t>(lower + n + upper), 0.0);
}

#if defined(__x86_64__)
// Compiled for AVX2 and the baseline x86-64; without FMA contraction both give the same bits.
__attribute__((target_clones("avx2", "default")))
#endif
void BandProduct::SubtractProduct(double* y) const {
  for (int d = -lower_; d <= upper_; ++d) {
    // Row r of diagonal d is entry (r, r + d): outside the matrix it is zero and reads padding.
    const double* a = values_.data() + static_cast<std::size_t>(d + lower_) * n_;
    const double* x = padded_.data() + lower_ + d;
    for (int r = 0; r < n_; ++r) y[r] -= a[r] * x[r];
  }
}

}  // namespace hawser
