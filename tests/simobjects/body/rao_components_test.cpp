// RaoTable::AtComponents (the responses of a run's wave components, resolved once per heading)
// against RaoTable::At for each component: the same bilinear interpolation in the other order;
// and the response sums over AtBrackets (rao_sum_kernels.h, both builds) against the sum of
// Re(At(omega, beta) a e^(i psi)) term by term.
#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <limits>
#include <numbers>
#include <vector>

#include "simobjects/body/rao_sum_kernels.h"
#include "simobjects/body/rao_table.h"
#include "simobjects/environment/vector_math.h"

namespace hawser::test {
namespace {

// 4 frequencies x 3 headings of values that vary in both, so that every interpolation counts.
RaoTable VaryingTable() {
  const std::vector<double> frequencies = {0.2, 0.5, 1.0, 2.0}, headings = {0.0, 90.0, 200.0};
  std::vector<RaoTable::Response> values;
  for (std::size_t f = 0; f < frequencies.size(); ++f) {
    for (std::size_t h = 0; h < headings.size(); ++h) {
      RaoTable::Response r;
      for (std::size_t i = 0; i < 6; ++i)
        r[i] = std::polar(1.0 + f + 0.3 * h + 0.1 * i, 0.4 * f - 0.7 * h + 0.2 * i);
      values.push_back(r);
    }
  }
  return RaoTable(frequencies, headings, values);
}

// Components below, inside and beyond the table's frequencies; component k travels towards
// direction(k) [rad].
template <class Direction>
std::vector<WaveComponentInfo> Components(Direction direction) {
  std::vector<WaveComponentInfo> waves;
  for (int k = 0; k < 12; ++k) {
    waves.push_back({.amplitude = 1.0 + 0.1 * k,
                     .omega = 0.1 + 0.2 * k,
                     .wave_number = 0.01 * (k + 1),
                     .direction = direction(k),
                     .phase = 0.5 * k - 2.0});
  }
  return waves;
}

void CheckAgainstAt(const RaoTable& table, const std::vector<WaveComponentInfo>& waves) {
  for (const double heading : {0.3, 0.3, -1.7, 4.0}) {
    CAPTURE(heading);
    const RaoTable::Components& c = table.AtComponents(waves, heading);
    REQUIRE(c.h.size() == waves.size());
    for (std::size_t k = 0; k < waves.size(); ++k) {
      const RaoTable::Response expected =
          table.At(waves[k].omega, (waves[k].direction - heading) * 180.0 / std::numbers::pi);
      // 1e-14 relative to |H| of order 1-5: the two orders of the bilinear interpolation
      // differ only by rounding.
      for (std::size_t i = 0; i < 6; ++i) CHECK(std::abs(c.h[k][i] - expected[i]) < 1e-13);
      CHECK(c.kx[k] == waves[k].wave_number * std::cos(waves[k].direction));
      CHECK(c.ky[k] == waves[k].wave_number * std::sin(waves[k].direction));
    }
  }
}

TEST_CASE("RaoTable::AtComponents equals At per component, and follows a heading change") {
  const RaoTable table = VaryingTable();
  CheckAgainstAt(table, Components([](int k) { return 0.9 * k - 2.0; }));  // 12 directions.
}

TEST_CASE("RaoTable::AtComponents brackets each of a sea's directions once, for all of them") {
  // Three directions shared by the 12 components, interleaved (a crossing swell and wind sea):
  // each component must still take its own direction's bracket.
  const RaoTable table = VaryingTable();
  CheckAgainstAt(table, Components([](int k) {
                   return k % 3 == 0 ? -2.0 : k % 3 == 1 ? 0.5 : 3.1;
                 }));
}

// The sums at time t and (x, y) through `sums` (a build of rao_sum_kernels.h) at each heading
// of a sequence that changes brackets and comes back, against At term by term.
template <class Sums>
void CheckSums(const RaoTable& table, const std::vector<WaveComponentInfo>& waves, Sums sums) {
  constexpr double t = 3.7, x = 12.0, y = -5.0, eps = std::numeric_limits<double>::epsilon();
  for (const double heading : {0.3, 0.3, -1.7, 4.0, 0.31}) {
    CAPTURE(heading);
    const rao_sum::Terms terms = table.AtBrackets(waves, heading);
    REQUIRE(terms.size == (waves.size() + 3) / 4 * 4);
    double value[6], rate[6];
    sums(terms, t, x, y, value, rate);
    for (std::size_t j = 0; j < 6; ++j) {
      double expected = 0.0, expected_rate = 0.0, bound = 0.0, rate_bound = 0.0;
      for (const WaveComponentInfo& w : waves) {
        const double beta = (w.direction - heading) * 180.0 / std::numbers::pi;
        const double psi = w.wave_number * (std::cos(w.direction) * x + std::sin(w.direction) * y) -
                           w.omega * t + w.phase;
        const std::complex<double> term =
            table.At(w.omega, beta)[j] * w.amplitude * std::polar(1.0, psi);
        expected += term.real();
        expected_rate += w.omega * term.imag();
        // Per term: H's two interpolation orders (1e-13, as above), psi's rounding here and
        // in the kernel (|psi| < 16 rad: 4 roundings of at most 8 eps each, 64 eps), sincos
        // (2 eps) and the 12-term sum (12 eps).
        const double e = 1e-13 * w.amplitude + 78.0 * eps * std::abs(term);
        bound += e;
        rate_bound += w.omega * e;
      }
      CAPTURE(j);
      CHECK(std::abs(value[j] - expected) <= bound);
      CHECK(std::abs(rate[j] - expected_rate) <= rate_bound);
    }
  }
}

void CheckBothBuilds(const std::vector<WaveComponentInfo>& waves) {
  {
    const RaoTable table = VaryingTable();
    std::vector<double> cosine(16), sine(16);
    CheckSums(table, waves,
              [&](const rao_sum::Terms& terms, double t, double x, double y, double* v, double* r) {
                rao_sum::SumsPortable(terms, t, x, y, v, r, cosine.data(), sine.data());
              });
  }
  if (!vector_math::UsesAvx2()) return;  // Only the portable build runs here.
  const RaoTable table = VaryingTable();
  CheckSums(table, waves, rao_sum::SumsAvx2);
}

TEST_CASE("the RAO response sums over AtBrackets equal At's, term by term, in both builds") {
  CheckBothBuilds(Components([](int k) { return 0.9 * k - 2.0; }));  // 12 directions.
  CheckBothBuilds(Components([](int k) { return k % 3 == 0 ? -2.0 : k % 3 == 1 ? 0.5 : 3.1; }));
}

}  // namespace
}  // namespace hawser::test
