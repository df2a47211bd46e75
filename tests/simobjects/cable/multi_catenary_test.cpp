// The multi-section elastic catenary (multi_catenary.h) against a hand integration: the forward
// problem (H and the lower end's vertical force or touchdown given) integrated by Simpson's rule
// from the differential equations dx/ds = H (1 / T + 1 / EA), dz/ds = V (1 / T + 1 / EA), then
// the solver must find H and V back from the end point alone.
#include "simobjects/cable/multi_catenary.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "simobjects/cable/catenary.h"

namespace hawser {
namespace {

struct Reached {
  double x = 0.0, z = 0.0, v_top = 0.0;
  double x_mid = 0.0, z_mid = 0.0;  // At arc length L / 2.
};

// V(s) from the lower end: v_a, plus w per length above the touchdown, plus the point loads
// above it; x, z by Simpson's rule over 20000 intervals per unit of the line (error ~1e-12).
Reached Integrate(const MultiCatenaryLine& line, double h, double v_a, double touchdown) {
  const double len = line.length();
  auto section_at = [&](double s) {
    double end = 0.0;
    for (const auto& sec : line.sections) {
      end += sec.length;
      if (s < end) return sec;
    }
    return line.sections.back();
  };
  auto v_at = [&](double s) {
    if (s < touchdown) return 0.0;
    double v = v_a, start = 0.0;
    for (const auto& sec : line.sections) {
      const double a = std::max(start, touchdown), b = std::min(start + sec.length, s);
      if (b > a) v += sec.weight * (b - a);
      start += sec.length;
    }
    for (const auto& p : line.points) {
      if (p.arc >= touchdown && p.arc < s) v += p.weight;
    }
    return v;
  };
  auto rate = [&](double s, double& dx, double& dz) {
    const auto sec = section_at(s);
    const double v = v_at(s), t = std::hypot(h, v);
    dx = (s < touchdown ? 1.0 : h / t) + h / sec.ea;
    dz = s < touchdown ? 0.0 : v / t + v / sec.ea;
  };
  // Integrate between the cuts (where V or the section changes) so each stretch is smooth.
  std::vector<double> cuts = {0.0, touchdown, len};
  double at = 0.0;
  for (const auto& sec : line.sections) cuts.push_back(at += sec.length);
  for (const auto& p : line.points) cuts.push_back(p.arc);
  cuts.push_back(0.5 * len);
  std::sort(cuts.begin(), cuts.end());
  Reached r;
  for (size_t k = 0; k + 1 < cuts.size(); ++k) {
    const double a = cuts[k], b = cuts[k + 1];
    if (!(b > a)) continue;
    const int n = 2 * static_cast<int>(std::ceil(1e4 * (b - a) / len));
    const double step = (b - a) / n, eps = 1e-12 * len;  // Sample inside the stretch.
    for (int i = 0; i <= n; ++i) {
      const double s = std::clamp(a + i * step, a + eps, b - eps);
      const double weight = (i == 0 || i == n) ? 1.0 : (i % 2 == 1 ? 4.0 : 2.0);
      double dx = 0.0, dz = 0.0;
      rate(s, dx, dz);
      r.x += weight * step / 3.0 * dx;
      r.z += weight * step / 3.0 * dz;
    }
    if (b == 0.5 * len) {
      r.x_mid = r.x;
      r.z_mid = r.z;
    }
  }
  r.v_top = v_at(len);
  return r;
}

// Solves from the end point reached and checks H, V at the top and the midpoint.
// 1e-6: the Simpson integration's error is ~1e-12 and the solver's tolerance 1e-9 m; the
// brief's 0.1 % is far looser.
void CheckRecovered(const MultiCatenaryLine& line, double h, double v_a, double touchdown,
                    bool seabed, double guess_h, double guess_v) {
  const Reached r = Integrate(line, h, v_a, touchdown);
  std::string why;
  const auto sol = SolveMultiCatenary(line, r.x, r.z, seabed, guess_h, guess_v, &why);
  REQUIRE_MESSAGE(sol.has_value(), why);
  CHECK(sol->horizontal_tension == doctest::Approx(h).epsilon(1e-6));
  CHECK(sol->vertical_tension == doctest::Approx(r.v_top).epsilon(1e-6));
  CHECK(sol->grounded_length == doctest::Approx(touchdown).epsilon(1e-6));
  double x = 0.0, z = 0.0;
  sol->Profile(0.5 * line.length(), x, z);
  CHECK(x == doctest::Approx(r.x_mid).epsilon(1e-6));
  CHECK(z == doctest::Approx(r.z_mid).epsilon(1e-6));
}

// Chain 1100 N/m (EA 5e8) and polyester 60 N/m (EA 1e8), as a mooring's.
constexpr MultiCatenaryLine::Section kChain{0.0, 1100.0, 5e8}, kPoly{0.0, 60.0, 1e8};

MultiCatenaryLine::Section Of(MultiCatenaryLine::Section s, double length) {
  s.length = length;
  return s;
}

TEST_CASE("multi-section catenary: two sections, fully suspended, against Simpson") {
  const MultiCatenaryLine line{.sections = {Of(kChain, 200.0), Of(kPoly, 300.0)}, .points = {}};
  // Anchor pulled up by 5e4 N; guess far off (1.5 H, 0.7 V).
  CheckRecovered(line, 2e5, 5e4, 0.0, false, 3e5, 0.7 * (5e4 + 1100.0 * 200 + 60.0 * 300));
}

TEST_CASE("multi-section catenary: a grounded chain section, against Simpson") {
  const MultiCatenaryLine line{.sections = {Of(kChain, 400.0), Of(kPoly, 300.0), Of(kChain, 100.0)},
                               .points = {}};
  CheckRecovered(line, 1.5e5, 0.0, 150.0, true, 1e5, 3e5);
}

TEST_CASE("multi-section catenary: a clump weight and a buoy, against Simpson") {
  const MultiCatenaryLine line{.sections = {Of(kChain, 300.0), Of(kPoly, 400.0)},
                               .points = {{500.0, 5e4}, {600.0, -3e4}}};
  CheckRecovered(line, 1.2e5, 0.0, 120.0, true, 2e5, 2e5);
  CheckRecovered(line, 1.2e5, 2e4, 0.0, true, 2e5, 2e5);
}

TEST_CASE("multi-section catenary: a lazy wave's buoyancy section, against Simpson") {
  // Cable 400 N/m, buoyed section -380 N/m (floats): V falls through 0 twice (hog and sag).
  const MultiCatenaryLine line{
      .sections = {{250.0, 400.0, 7e8}, {80.0, -380.0, 7e8}, {140.0, 400.0, 7e8}}, .points = {}};
  CheckRecovered(line, 8e3, 0.0, 70.0, true, 1.2e4, 6e4);
}

TEST_CASE("multi-section catenary: one section is the uniform closed form (catenary.h)") {
  const CatenaryLine uniform{800.0, 1100.0, 5e8};
  const auto u = SolveCatenary(uniform, 700.0, 140.0, true);
  REQUIRE(u.has_value());
  // The same line cut into two equal sections.
  const MultiCatenaryLine line{.sections = {Of(kChain, 400.0), Of(kChain, 400.0)}, .points = {}};
  const auto m = SolveMultiCatenary(line, 700.0, 140.0, true, 1e5, 4e5);
  REQUIRE(m.has_value());
  // 1e-8: both solve to 1e-9 m or better; the forms are the same equations.
  CHECK(m->horizontal_tension == doctest::Approx(u->horizontal_tension).epsilon(1e-8));
  CHECK(m->vertical_tension == doctest::Approx(u->vertical_tension).epsilon(1e-8));
  CHECK(m->grounded_length == doctest::Approx(u->grounded_length).epsilon(1e-8));
}

TEST_CASE("multi-section catenary: what it cannot represent says why") {
  std::string why;
  // A start whose lower section would rest on the seabed but floats (V at the top below the
  // line's weight): the form has no grounded part for it, and says so.
  const MultiCatenaryLine floating{.sections = {{100.0, -50.0, 1e8}, Of(kChain, 300.0)},
                                   .points = {}};
  CHECK_FALSE(SolveMultiCatenary(floating, 200.0, 100.0, true, 1e5, 1e4, &why).has_value());
  CHECK(why.find("lowest section does not sink") != std::string::npos);
}

TEST_CASE("SecantStiffness inverts the tension-strain table") {
  // Points (0.01, 1e6), (0.02, 3e6): at 2e6 N the strain is 0.015 (hand), so EA = 2e6 / 0.015.
  const TensionStrainTable table{.strain = {0.01, 0.02}, .tension = {1e6, 3e6}};
  CHECK(SecantStiffness(table, 2e6) == doctest::Approx(2e6 / 0.015).epsilon(1e-12));
  CHECK(SecantStiffness(table, 5e5) == doctest::Approx(1e8).epsilon(1e-12));  // First slope.
  // Beyond the last point, the last slope 2e8: eps = 0.02 + 1e6 / 2e8 = 0.025 at 4e6 N.
  CHECK(SecantStiffness(table, 4e6) == doctest::Approx(4e6 / 0.025).epsilon(1e-12));
}

}  // namespace
}  // namespace hawser
