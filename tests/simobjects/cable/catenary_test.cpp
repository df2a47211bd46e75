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

TEST_CASE("Catenary: a slack line on the seabed: H = 0, the rest hangs vertically") {
  // 100 m of the reference line's chain, ends 93.87 m apart on the seabed: no taut solution (it
  // would need X >= L). Then H = 0, V = 0 and all 100 m lie on the seabed along the span.
  const CatenaryLine line{100.0, kW, 6.0e8};
  const auto flat = SolveCatenary(line, 93.87, 0.0, true);
  REQUIRE(flat.has_value());
  CHECK(flat->slack());
  CHECK(flat->vertical_tension == 0.0);
  CHECK(flat->grounded_length == 100.0);
  double x = 0.0, z = 0.0;
  flat->Profile(100.0, x, z);
  CHECK(x == doctest::Approx(93.87).epsilon(1e-14));
  CHECK(z == 0.0);
  // Upper end 5 m up: s_h hangs, h = s_h + w s_h^2 / (2 EA), so V = w s_h ~ w h (the stretch
  // w h / (2 EA) ~ 1e-5 relative), and X = 93.87 < L - s_h = 95: still slack.
  const auto raised = SolveCatenary(line, 93.87, 5.0, true);
  REQUIRE(raised.has_value());
  CHECK(raised->slack());
  const double s_h = raised->line.length - raised->grounded_length;
  CHECK(s_h + kW * s_h * s_h / (2.0 * 6.0e8) == doctest::Approx(5.0).epsilon(1e-14));
  CHECK(raised->vertical_tension == doctest::Approx(kW * s_h).epsilon(1e-14));
  raised->Profile(100.0, x, z);
  CHECK(x == doctest::Approx(93.87).epsilon(1e-14));
  CHECK(z == doctest::Approx(5.0).epsilon(1e-14));
  // The taut solutions tend to it as the span grows to L - s_h: just beyond, H is small and V
  // is the hanging weight (the grounded form's limit H -> 0, catenary.h). 1e-3: H / w ~ 0.1 m
  // leaves a sag of order H / w in the hanging length.
  const auto taut = SolveCatenary(line, 100.0 - s_h + 0.01, 5.0, true);
  REQUIRE(taut.has_value());
  CHECK_FALSE(taut->slack());
  CHECK(taut->horizontal_tension < 0.05 * kW * s_h);
  CHECK(taut->vertical_tension == doctest::Approx(kW * s_h).epsilon(1e-2));
  // A line shorter than the height is never slack: 3 m of elastic line reach 5 m up only
  // stretched, taut.
  const auto short_line = SolveCatenary({3.0, kW, 6.0e8}, 1.0, 5.0, true);
  REQUIRE(short_line.has_value());
  CHECK_FALSE(short_line->slack());
  CHECK(short_line->horizontal_tension > 0.0);
}

}  // namespace hawser::test
