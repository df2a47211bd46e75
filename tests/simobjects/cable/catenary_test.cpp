#include "simobjects/cable/catenary.h"

#include <doctest/doctest.h>

#include <cmath>
#include <numbers>

namespace hawser::test {
namespace {

// The reference mooring line: 500 m, d = 0.1 m, 150 kg/m in air, EA = 6e8 N, in water of
// 1025 kg/m^3 under g = 9.81: weight in water w = (150 - 1025 pi 0.1^2 / 4) 9.81.
const double kW = (150.0 - 1025.0 * std::numbers::pi * 0.01 / 4.0) * 9.81;
const CatenaryLine kReference{500.0, kW, 6.0e8};

// Arc length of the stretched profile by chords over `steps` pieces (error O(steps^-2)).
double ProfileArcLength(const CatenarySolution& sol, int steps) {
  double len = 0.0, x0 = 0.0, z0 = 0.0;
  sol.Profile(0.0, x0, z0);
  for (int i = 1; i <= steps; ++i) {
    double x = 0.0, z = 0.0;
    sol.Profile(sol.line.length * i / steps, x, z);
    len += std::hypot(x - x0, z - z0);
    x0 = x;
    z0 = z;
  }
  return len;
}

// Stretched length from Hooke's law, integral of (1 + T(s) / EA) ds, by Simpson's rule.
double HookeLength(const CatenarySolution& sol, int steps) {
  const double ds = sol.line.length / steps;
  double sum = 0.0;
  for (int i = 0; i <= steps; ++i) {
    const double weight = (i == 0 || i == steps) ? 1.0 : (i % 2 == 1 ? 4.0 : 2.0);
    sum += weight * (1.0 + sol.TensionAt(i * ds) / sol.line.ea);
  }
  return sum * ds / 3.0;
}

}  // namespace

TEST_CASE("Catenary: inextensible limit with a seabed matches the classic touchdown catenary") {
  // EA = 1e15 N: stretch T / EA < 1e-9, far below the 1e-7 asserted.
  const CatenaryLine line{500.0, kW, 1e15};
  const double span = 470.0, height = 90.0;
  const auto sol = SolveCatenary(line, span, height, true);
  REQUIRE(sol.has_value());
  REQUIRE(sol->on_seabed());
  // Classic catenary z = a (cosh(x / a) - 1) from the touchdown point, a = H / w: the suspended
  // length is sqrt(h^2 + 2 h a) and its horizontal extent a acosh(1 + h / a).
  const double a = sol->horizontal_tension / kW;
  const double suspended = std::sqrt(height * height + 2.0 * height * a);
  CHECK(sol->vertical_tension / kW == doctest::Approx(suspended).epsilon(1e-7));
  CHECK(line.length - suspended + a * std::acosh(1.0 + height / a) ==
        doctest::Approx(span).epsilon(1e-7));
}

TEST_CASE("Catenary: inextensible, suspended, ends level: L = 2 a sinh(X / 2a), V = w L / 2") {
  const CatenaryLine line{100.0, 50.0, 1e15};
  const auto sol = SolveCatenary(line, 80.0, 0.0, false);
  REQUIRE(sol.has_value());
  CHECK_FALSE(sol->on_seabed());
  const double a = sol->horizontal_tension / line.weight;
  CHECK(2.0 * a * std::sinh(80.0 / (2.0 * a)) == doctest::Approx(100.0).epsilon(1e-8));
  // Symmetry: each end carries half the weight (rounding only).
  CHECK(sol->vertical_tension == doctest::Approx(0.5 * line.weight * line.length).epsilon(1e-9));
}

TEST_CASE("Catenary: the elastic reference line is consistent") {
  const double span = 470.0, height = 90.0;
  const auto sol = SolveCatenary(kReference, span, height, true);
  REQUIRE(sol.has_value());
  REQUIRE(sol->on_seabed());
  MESSAGE("reference catenary: H = " << sol->horizontal_tension
                                     << " N, V = " << sol->vertical_tension << " N, grounded "
                                     << sol->grounded_length << " m");
  // The profile ends at the fairlead (the equations solved, evaluated pointwise): 1e-9 m.
  double x = 0.0, z = 0.0;
  sol->Profile(kReference.length, x, z);
  CHECK(x == doctest::Approx(span).epsilon(1e-11));
  CHECK(z == doctest::Approx(height).epsilon(1e-11));
  // Vertical equilibrium of the suspended part: V = w (L - L_B) (definition of L_B; the
  // grounded part carries no vertical tension).
  CHECK(sol->VerticalTensionAt(sol->grounded_length) == doctest::Approx(0.0).scale(1e3));
  // Horizontal equilibrium / tangency: the line's slope at the top is V / H. Central
  // difference over 1e-3 m: error ~ (1e-3)^2 curvature terms ~ 1e-8 relative.
  double x1 = 0.0, z1 = 0.0, x2 = 0.0, z2 = 0.0;
  sol->Profile(kReference.length - 2e-3, x1, z1);
  sol->Profile(kReference.length - 1e-3, x2, z2);
  const double mid_slope = (z2 - z1) / (x2 - x1);
  const double v_mid = sol->VerticalTensionAt(kReference.length - 1.5e-3);
  CHECK(mid_slope == doctest::Approx(v_mid / sol->horizontal_tension).epsilon(1e-6));
  // Total length: the stretched profile's arc length equals Hooke's law integrated along the
  // line. Chords over 2e5 pieces: error ~ 1e-10 relative; Simpson: exact to 1e-12 away from
  // the kink at touchdown (its O(ds) error there is ~1e-9 of L with ds = 2.5 mm).
  CHECK(ProfileArcLength(*sol, 200000) == doctest::Approx(HookeLength(*sol, 200000)).epsilon(1e-8));
  // Stretch is visible at this EA: the stretched length exceeds L by more than 1e-4 L.
  CHECK(HookeLength(*sol, 200000) > kReference.length * (1.0 + 1e-4));
}

TEST_CASE("Catenary: elastic, suspended line with its lower end dipping below it") {
  // A soft line: EA = 1e5 N, w = 100 N/m, L = 60 m; upper end 20 m up, 30 m across.
  const CatenaryLine line{60.0, 100.0, 1e5};
  const auto sol = SolveCatenary(line, 30.0, 20.0, false);
  REQUIRE(sol.has_value());
  double x = 0.0, z = 0.0;
  sol->Profile(line.length, x, z);
  CHECK(x == doctest::Approx(30.0).epsilon(1e-10));
  CHECK(z == doctest::Approx(20.0).epsilon(1e-10));
  // Enough slack that the lower end's tension points down: V - w L < 0.
  CHECK(sol->vertical_tension < line.weight * line.length);
  CHECK(ProfileArcLength(*sol, 200000) == doctest::Approx(HookeLength(*sol, 200000)).epsilon(1e-8));
}

TEST_CASE("Catenary: a taut, stretched line still solves, bad input does not") {
  // Chord 1 % longer than L: H ~ 1e-2 EA (a straight bar stretched 1 %, weight a small part).
  const CatenaryLine line{100.0, 10.0, 1e7};
  const auto sol = SolveCatenary(line, 101.0, 0.0, false);
  REQUIRE(sol.has_value());
  CHECK(sol->horizontal_tension == doctest::Approx(1e5).epsilon(1e-3));
  std::string why;
  CHECK_FALSE(SolveCatenary(line, 0.0, 10.0, false, &why).has_value());
  CHECK(why.find("no catenary") != std::string::npos);
}

}  // namespace hawser::test
