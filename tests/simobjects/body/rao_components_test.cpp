// RaoTable::AtComponents (the responses of a run's wave components, resolved once per heading)
// against RaoTable::At for each component: the same bilinear interpolation in the other order.
#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <numbers>
#include <vector>

#include "simobjects/body/rao_table.h"

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
    waves.push_back({.amplitude = 1.0,
                     .omega = 0.1 + 0.2 * k,
                     .wave_number = 0.01 * (k + 1),
                     .direction = direction(k),
                     .phase = 0.0});
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

}  // namespace
}  // namespace hawser::test
