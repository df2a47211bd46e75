// runtime/analysis/statistics.h with NaN and infinite samples: a NaN makes every statistic of the
// values NaN wherever it is (as numpy's nan-propagating functions), and SplitFinite separates the
// finite samples from the others, counted by kind.
#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "runtime/analysis/statistics.h"

namespace hawser {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

TEST_CASE("a NaN anywhere makes min, max, mean, std, rms and percentiles NaN alike") {
  // std::min_element skips a NaN after the first sample and keeps one at the front: before,
  // min and max depended on where the NaN was. Each position must give the same answer.
  for (size_t at = 0; at < 4; ++at) {
    CAPTURE(at);
    std::vector<double> x = {1, 2, 3, 4};
    x[at] = kNaN;
    const Statistics s = Summarise(x);
    CHECK(s.n == 4);
    for (double v : {s.min, s.max, s.absmax, s.mean, s.std, s.rms, s.mpm}) CHECK(std::isnan(v));
    CHECK(std::isnan(Percentile(x, 50)));
    CHECK(std::isnan(Statistic("p99", x)));
    CHECK(std::isnan(Statistic("max", x)));
  }
}

TEST_CASE("infinities keep their order: min, max and percentiles as numpy gives them") {
  // numpy: min -inf, max inf, percentile([-inf, 1, 2, inf], 50) = 1.5, percentile(..., 100) = inf
  // (equal neighbours need no interpolation, which would give inf - inf = NaN).
  const std::vector<double> x = {1, kInf, -kInf, 2};
  const Statistics s = Summarise(x);
  CHECK(s.min == -kInf);
  CHECK(s.max == kInf);
  CHECK(Percentile(x, 50) == 1.5);
  CHECK(Percentile(x, 100) == kInf);
  CHECK(Percentile(std::vector<double>{kInf, kInf, kInf}, 50) == kInf);
}

TEST_CASE("SplitFinite: the finite samples in order, and the others counted by kind") {
  const std::vector<double> x = {1, kNaN, 2, kInf, -kInf, 3, kNaN};
  const FiniteSamples f = SplitFinite(x);
  CHECK(f.values == std::vector<double>{1, 2, 3});
  CHECK(f.nan == 2);
  CHECK(f.plus_inf == 1);
  CHECK(f.minus_inf == 1);
  CHECK(f.left_out() == 4);
  CHECK(f.Kinds() == "2 NaN, 1 +inf, 1 -inf");
  CHECK(SplitFinite(std::vector<double>{1, 2}).Kinds().empty());
  // The statistics of what is left: those of {1, 2, 3}.
  const Statistics s = Summarise(f.values);
  CHECK(s.mean == 2);
  CHECK(s.min == 1);
  CHECK(s.max == 3);
}

}  // namespace hawser
