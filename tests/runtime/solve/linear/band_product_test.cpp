// runtime/solve/linear/band_product.h: y -= A x for every shape of band equals the dense product
// taken row by row with the terms subtracted in column order, bit for bit (the same operations in
// the same order; an entry outside the matrix adds 0 * 0).
#include "runtime/solve/linear/band_product.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace hawser {

TEST_CASE("band product: y -= A x equals the dense row-by-row product bit for bit") {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (const int n : {1, 2, 7, 13}) {
    for (int lower = 0; lower <= 4; ++lower) {
      for (int upper = 0; upper <= 4; ++upper) {
        CAPTURE(n);
        CAPTURE(lower);
        CAPTURE(upper);
        BandProduct band;
        band.Resize(n, lower, upper);
        std::vector<double> dense(n * n, 0.0), x(n), y(n);
        for (int i = 0; i < n; ++i) {
          for (int j = std::max(0, i - lower); j <= std::min(n - 1, i + upper); ++j) {
            dense[i * n + j] = u(rng);
            band.data()[band.Position(i, j)] = dense[i * n + j];
          }
        }
        for (int j = 0; j < n; ++j) band.x(j) = x[j] = u(rng);
        for (double& v : y) v = u(rng);
        std::vector<double> expected = y;
        for (int i = 0; i < n; ++i) {
          for (int j = std::max(0, i - lower); j <= std::min(n - 1, i + upper); ++j) {
            expected[i] -= dense[i * n + j] * x[j];
          }
        }
        band.SubtractProduct(y.data());
        CHECK(y == expected);
      }
    }
  }
}

}  // namespace hawser
