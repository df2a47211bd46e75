// runtime/solve/linear/streamed_condensation.h: the streamed band and coefficients against the
// formulas evaluated entry by entry (bit for bit: the same operations in the same order), for
// several band shapes; and the plans it must decline.
#include "runtime/solve/linear/streamed_condensation.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace hawser {
namespace {

/// A random problem on an n x n band: per column j the eliminated row's o_j and r_j (none for
/// the last column), J's values for M_kj on the band (the diagonal always present, a few other
/// entries absent), an update J_ki for a few entries of each column, and C's entries likewise.
struct Problem {
  int n, lower, upper;
  std::vector<double> j;  ///< J's data, in the order the plan's sources name.
  std::vector<StreamedCondensation::Placed> diagonal, off_diagonal;
  std::vector<StreamedCondensation::Update> updates, coefficients;
  std::vector<double> o, r;
};

Problem MakeProblem(int n, int lower, int upper, const BandedLu& band, const BandProduct& product,
                    std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Problem p{.n = n, .lower = lower, .upper = upper};
  p.o.assign(n, 0.0);
  p.r.assign(n, 0.0);
  for (int col = 0; col + 1 < n; ++col) p.o[col] = u(rng), p.r[col] = u(rng);
  const auto source = [&] {
    p.j.push_back(1e3 * u(rng));
    return static_cast<std::int64_t>(p.j.size() - 1);
  };
  for (int col = 0; col < n; ++col) {
    for (int row = std::max(0, col - upper); row <= std::min(n - 1, col + lower); ++row) {
      if (row == col) {
        p.diagonal.push_back({band.Position(row, col), source()});
      } else if ((row + 2 * col) % 5 != 0) {
        p.off_diagonal.push_back({band.Position(row, col), source()});
      }
      if ((row + col) % 3 != 0) p.updates.push_back({band.Position(row, col), source(), col});
      if ((row + col) % 4 != 1) {
        p.coefficients.push_back({product.Position(row, col), source(), col});
      }
    }
  }
  return p;
}

}  // namespace

TEST_CASE("streamed condensation: band and coefficients equal the entry-by-entry formulas") {
  std::mt19937 rng(3);
  for (const int n : {1, 2, 9, 30}) {
    for (const int lower : {0, 1, 3, 5}) {
      for (const int upper : {0, 2, 5}) {
        CAPTURE(n);
        CAPTURE(lower);
        CAPTURE(upper);
        BandedLu band;
        band.Resize(n, lower, upper);
        BandProduct product;
        product.Resize(n, lower, upper);
        const Problem p = MakeProblem(n, lower, upper, band, product, rng);
        StreamedCondensation s;
        REQUIRE(s.Plan(band, product, p.diagonal, p.off_diagonal, p.updates, p.coefficients));
        s.Gather(p.j.data());
        // The band's storage starts as garbage: every place, fill-in room included, is written.
        std::fill(band.data(), band.data() + n * (2 * lower + upper + 1), std::nan(""));
        const double c = -0.0137;
        std::vector<double> r_padded(lower + n + upper, 0.0);
        std::copy(p.r.begin(), p.r.end(), r_padded.begin() + lower);
        s.Assemble(c, p.o.data(), r_padded.data(), band, product);

        // Expected, entry by entry as condensed_solver.cpp's Condense forms them: the kept
        // entry (1 + c J on the diagonal, c J off it, 0 when absent), minus (c J_ki) o_j.
        // By storage position, as the plan's targets.
        std::vector<double> expected_band(n * (2 * lower + upper + 1), 0.0);
        std::vector<double> expected_c(n * (lower + upper + 1), 0.0);
        for (const auto& e : p.diagonal) expected_band[e.target] = 1.0 + c * p.j[e.source];
        for (const auto& e : p.off_diagonal) expected_band[e.target] = c * p.j[e.source];
        for (const auto& e : p.updates) {
          expected_band[e.target] -= (c * p.j[e.source]) * p.o[e.column];
        }
        for (const auto& e : p.coefficients) {
          expected_c[e.target] = (c * p.j[e.source]) * p.r[e.column];
        }
        for (int col = 0; col < n; ++col) {
          for (int row = std::max(0, col - lower - upper); row <= std::min(n - 1, col + lower);
               ++row) {
            const bool in_band = row >= col - upper;
            const double got = band.at(row, col);
            const double want = in_band ? expected_band[band.Position(row, col)] : 0.0;
            CHECK(got == want);  // Bit for bit (a zero's sign aside, which == ignores).
          }
          for (int row = std::max(0, col - upper); row <= std::min(n - 1, col + lower); ++row) {
            const int at = product.Position(row, col);
            CHECK(product.data()[at] == expected_c[at]);
          }
        }
      }
    }
  }
}

TEST_CASE("streamed condensation: two updates of an entry, or one from another column, decline") {
  BandedLu band;
  band.Resize(4, 1, 1);
  BandProduct product;
  product.Resize(4, 1, 1);
  StreamedCondensation s;
  const std::vector<StreamedCondensation::Placed> diagonal = {{band.Position(0, 0), 0}};
  // Entry (1, 2) updated twice.
  CHECK_FALSE(s.Plan(band, product, diagonal, {},
                     {{band.Position(1, 2), 1, 2}, {band.Position(1, 2), 2, 2}}, {}));
  // An update of column 2 from column 1's eliminated row.
  CHECK_FALSE(s.Plan(band, product, diagonal, {}, {{band.Position(1, 2), 1, 1}}, {}));
  // A coefficient of column 1 said to come from column 3.
  CHECK_FALSE(s.Plan(band, product, diagonal, {}, {}, {{product.Position(0, 1), 1, 3}}));
  // A "diagonal" entry off the diagonal.
  CHECK_FALSE(s.Plan(band, product, {{band.Position(1, 0), 0}}, {}, {}, {}));
  CHECK_FALSE(s.planned());
  CHECK(s.Plan(band, product, diagonal, {}, {{band.Position(1, 2), 1, 2}}, {}));
  CHECK(s.planned());
}

}  // namespace hawser
