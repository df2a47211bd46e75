// The WAMIT readers (simobjects/body/wamit_files.h): the documented non-dimensionalisation and
// conventions against values worked out by hand from the rows, and malformed files rejected at
// the data file's line.
#include "simobjects/body/wamit_files.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <complex>
#include <numbers>
#include <string>

#include "hawser/common_declarations.h"
#include "hawser/text_file.h"
#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {
namespace {

const SourceLocation kWhere{"scenario.xml", 4};
// rho, g and a ULEN of 2 so that each power of L shows.
const WamitScales kScales{.rho = 1000.0, .g = 10.0, .length = 2.0};

template <typename F>
std::string ErrorOf(F&& f) {
  try {
    f();
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("WAMIT .1: A = Abar rho L^k, B = Bbar rho omega L^k, PER -1 and 0 rows apart") {
  const std::string text =
      "PER I J Abar Bbar\n"
      "  -1  3  3  5.0\n"
      "   0  3  3  4.0\n"
      "   0  1  5  -1.5\n"
      " 6.283185307179586  3  3  4.5  0.25\n"
      " 6.283185307179586  1  5  -1.0  0.5\n"
      " 6.283185307179586  5  5  2.0  0.125\n"
      " 3.141592653589793  3  3  4.2  0.5\n";
  const WamitRadiation r = ParseWamitRadiation(text, "f.1", kScales, kWhere);
  // Two finite periods, 2 pi and pi s: omega 1 and 2 rad/s, increasing.
  REQUIRE(r.omegas.size() == 2);
  CHECK(r.omegas[0] == doctest::Approx(1.0).epsilon(1e-15));
  CHECK(r.omegas[1] == doctest::Approx(2.0).epsilon(1e-15));
  CHECK(r.lines == std::vector<int>{5, 8});
  // k = 3 (heave-heave), 4 (surge-pitch), 5 (pitch-pitch); L = 2, rho = 1000. Exact products.
  CHECK(r.added_mass[0](2, 2) == 4.5 * 1000 * 8);
  CHECK(r.added_mass[0](0, 4) == -1.0 * 1000 * 16);
  CHECK(r.added_mass[0](4, 4) == 2.0 * 1000 * 32);
  CHECK(r.damping[0](4, 4) == doctest::Approx(0.125 * 1000 * 1.0 * 32).epsilon(1e-15));
  CHECK(r.damping[1](2, 2) == doctest::Approx(0.5 * 1000 * 2.0 * 8).epsilon(1e-15));
  CHECK(r.added_mass[0](4, 0) == 0.0);  // Left out: zero, not mirrored.
  REQUIRE(r.added_mass_infinite);
  REQUIRE(r.added_mass_zero);
  CHECK((*r.added_mass_infinite)(2, 2) == 4.0 * 8000);
  CHECK((*r.added_mass_infinite)(0, 4) == -1.5 * 16000);
  CHECK((*r.added_mass_zero)(2, 2) == 5.0 * 8000);
}

TEST_CASE("WAMIT .3: X = Xbar rho g L^m, hawser's H = conj(X), headings wrapped") {
  // Mod/Pha repeat Re/Im: 1 + 2i is sqrt(5) at atan2(2, 1) = 63.4349 deg.
  const std::string text =
      " 6.283185307179586  -90.0  1  2.236068  63.434949  1.0  2.0\n"
      " 6.283185307179586  -90.0  4  2.236068  63.434949  1.0  2.0\n"
      " 6.283185307179586   0.0  3  1.0  0.0  1.0  0.0\n";
  const RaoTable t = ParseWamitExcitation(text, "f.3", kScales, kWhere);
  CHECK(t.headings() == std::vector<double>{0.0, 270.0});
  CHECK(t.frequencies()[0] == doctest::Approx(1.0).epsilon(1e-15));
  const auto h = t.At(1.0, 270.0);
  // m = 2 for forces, 3 for moments; rho g = 1e4; the lead 63.4 deg is a lag of -63.4 deg.
  CHECK(std::abs(h[0] - std::complex<double>(1.0, -2.0) * 1e4 * 4.0) < 1e-9);
  CHECK(std::abs(h[3] - std::complex<double>(1.0, -2.0) * 1e4 * 8.0) < 1e-9);
  CHECK(std::abs(t.At(1.0, 0.0)[2] - 1e4 * 4.0) < 1e-9);
  CHECK(std::abs(h[2]) == 0.0);  // No heave row at 270 deg: zero.
}

TEST_CASE("WAMIT .hst: C = Cbar rho g L^k, k = 2, 3, 4") {
  const Eigen::Matrix<double, 6, 6> c =
      ParseWamitHydrostatics("3 3 2.0\n3 5 0.5\n5 5 3.0\n", "f.hst", kScales, kWhere);
  CHECK(c(2, 2) == 2.0 * 1e4 * 4);
  CHECK(c(2, 4) == 0.5 * 1e4 * 8);
  CHECK(c(4, 4) == 3.0 * 1e4 * 16);
  CHECK(c(4, 2) == 0.0);
}

TEST_CASE("WAMIT files: malformed rows are errors at the data file's line") {
  const auto radiation = [](const std::string& text) {
    return ErrorOf([&] { ParseWamitRadiation(text, "hull.1", kScales, kWhere); });
  };
  const auto excitation = [](const std::string& text) {
    return ErrorOf([&] { ParseWamitExcitation(text, "hull.3", kScales, kWhere); });
  };
  // A finite period without its damping column (a PER -1/0 row's width).
  CHECK(Contains(radiation("0 3 3 1.0\n10.0 3 3 1.0\n"),
                 "hull.1:2: error: WAMIT .1 row has 4 values; expected 5: PER I J Abar Bbar"));
  CHECK(Contains(radiation("10.0 3 3 1.0 0.5 7\n"), "hull.1:1: error: WAMIT .1 row has 6"));
  CHECK(Contains(radiation("10.0 3 3 1.0 0.5\n10.0 3 3 x 0.5\n"),
                 "hull.1:2: error: WAMIT .1 row: 'x' (value 4) is not a finite number"));
  CHECK(Contains(radiation("10.0 7 3 1.0 0.5\n"),
                 "hull.1:1: error: WAMIT .1 row: mode I = 7 is not an integer from 1 to 6"));
  CHECK(Contains(radiation("-2 3 3 1.0\n"), "hull.1:1: error: WAMIT .1 row: period -2 s is not"));
  CHECK(Contains(radiation("10 3 3 1 0\n\n10 3 3 1 0\n"),
                 "hull.1:3: error: WAMIT .1 row repeats period 10, I 3, J 3 of line 1"));
  CHECK(Contains(radiation("0 3 3 1\n"), "no rows at a positive period"));
  std::string many;
  for (size_t k = 1; k <= kMaxWamitPeriods + 1; ++k) many += std::to_string(k) + " 3 3 1 0\n";
  CHECK(
      Contains(radiation(many), "hull.1:1001: error: WAMIT .1 file lists more than 1000 periods"));
  // A heading missing at one period: the error names the period's first line.
  CHECK(Contains(excitation("10 0 3 1 0 1 0\n10 90 3 1 0 1 0\n5 0 3 1 0 1 0\n"),
                 "hull.3:3: error: WAMIT .3 file has no rows for period 5 s at heading 90 deg "
                 "(line 2); expected every period at every heading"));
  CHECK(Contains(excitation("10 0 3 1 0 1\n"),
                 "hull.3:1: error: WAMIT .3 row has 6 values; expected 7: PER BETA I Mod Pha Re "
                 "Im"));
  // A phase in radians: Mod e^{i Pha deg} is not Re + i Im.
  CHECK(Contains(excitation("10 0 1 1 1.5707963 0 1\n"),
                 "hull.3:1: error: WAMIT .3 row: Mod 1 and Pha 1.5707963 deg do not match Re 0 "
                 "and Im 1"));
  CHECK(Contains(ErrorOf([] { ParseWamitHydrostatics("3 3\n", "hull.hst", kScales, kWhere); }),
                 "hull.hst:1: error: WAMIT .hst row has 2 values; expected 3: I J Cbar"));
}

}  // namespace hawser::test

namespace hawser::test {

TEST_CASE("configs/data/wamit_cylinder.*: the spar of cylinder_raos.py in WAMIT's form") {
  const std::string base = std::string(HAWSER_SOURCE_DIR) + "/configs/data/wamit_cylinder";
  const WamitScales scales{.rho = 1025.0, .g = 9.81, .length = 1.0};
  const SourceLocation where{"test", 1};
  auto text = [&](const char* extension) {
    return ReadRegularFile(base + extension, "WAMIT file", where);
  };
  // .3: the same long-wave force RAOs as the hawser-format table (both from cylinder_raos.py,
  // 100 m deep): WAMIT's 7 printed digits against the CSV's, 1e-5 of the largest of each DOF.
  const RaoTable wamit = ParseWamitExcitation(text(".3"), base + ".3", scales, where);
  const RaoTable csv =
      RaoTable::Read(std::string(HAWSER_SOURCE_DIR) + "/configs/data/cylinder_force_raos.csv",
                     RaoFrequencyUnit::kRadPerSecond, where);
  REQUIRE(wamit.frequencies().size() == csv.frequencies().size());
  CHECK(wamit.headings() == csv.headings());
  std::array<double, 6> largest{};
  for (double w : csv.frequencies())
    for (double b : csv.headings())
      for (size_t i = 0; i < 6; ++i) largest[i] = std::max(largest[i], std::abs(csv.At(w, b)[i]));
  for (size_t f = 0; f < csv.frequencies().size(); ++f) {
    CHECK(wamit.frequencies()[f] == doctest::Approx(csv.frequencies()[f]).epsilon(1e-6));
    for (double b : csv.headings()) {
      for (size_t i = 0; i < 6; ++i) {
        CHECK(std::abs(wamit.At(csv.frequencies()[f], b)[i] - csv.At(csv.frequencies()[f], b)[i]) <=
              1e-5 * largest[i]);
      }
    }
  }
  // .hst: C33 = rho g pi R^2 and C44 = C55 = rho g (pi R^4 / 4 - V T / 2) - m g zG with
  // V = pi R^2 T, m = rho V, zG = -T / 2 (R = 10, T = 30): 7 digits.
  const double r = 10.0, t = 30.0, v = std::numbers::pi * r * r * t, rg = 1025.0 * 9.81;
  const auto c = ParseWamitHydrostatics(text(".hst"), base + ".hst", scales, where);
  CHECK(c(2, 2) == doctest::Approx(rg * std::numbers::pi * r * r).epsilon(1e-6));
  CHECK(c(3, 3) ==
        doctest::Approx(rg * (std::numbers::pi * std::pow(r, 4) / 4 - v * t / 2 + v * t / 2))
            .epsilon(1e-6));
  CHECK(c(4, 4) == c(3, 3));
  // .1: A_inf from the PER = 0 rows; B33 = Re K33(i w), K33(s) = c s / (s^2 + 2 zeta_r w_r s +
  // w_r^2), w_r = 1, zeta_r = 0.5, c = 2 zeta_r w_r B33 of cylinder_raos.py (2 zeta3 sqrt(C33
  // (m + A33)) = 625708.999 N s/m, as in configs/floater_moored_in_irregular_sea.xml); A33(w) =
  // A_inf + Im K33 / w. 7 printed digits.
  const WamitRadiation rad = ParseWamitRadiation(text(".1"), base + ".1", scales, where);
  REQUIRE(rad.added_mass_infinite);
  const double a_inf = 2733333.333;
  CHECK((*rad.added_mass_infinite)(2, 2) == doctest::Approx(a_inf).epsilon(1e-6));
  for (size_t k = 0; k < rad.omegas.size(); ++k) {
    const std::complex<double> s(0.0, rad.omegas[k]);
    const std::complex<double> k33 = 625708.999 * s / (s * s + s + 1.0);
    CHECK(rad.damping[k](2, 2) == doctest::Approx(k33.real()).epsilon(1e-5));
    CHECK(rad.added_mass[k](2, 2) ==
          doctest::Approx(a_inf + k33.imag() / rad.omegas[k]).epsilon(1e-5));
  }
}

}  // namespace hawser::test
