// Environment/Ocean's wave-components file (wave_components_file.h): MoorDyn's
// wave_frequencies.txt rows read into hawser's components. The elevation is checked against
// MoorDyn's own formula (source/Waves/SpectrumKin.cpp), eta = |A| sin(omega t - k l + arg A),
// written out here; the kinematics against the same components built as regular waves.
#include "simobjects/environment/wave_components_file.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <string>

#include "simobjects/environment/dispersion.h"

namespace hawser::ocean::test {
namespace {

constexpr double kG = 9.81;
constexpr double kPi = std::numbers::pi;
const SourceLocation kWhere{"scenario.xml", 7};

std::vector<WaveComponent> Parse(const std::string& text, double direction, double depth) {
  return ParseWaveComponents(text, "waves.txt", kWhere, direction, depth, kG);
}

TEST_CASE("file components give MoorDyn's elevation and the regular waves' kinematics") {
  // Two components in MoorDyn's layout: its mandatory zero row, one along beta = 0.3 rad and one
  // without beta (0); the ocean's WaveDirection turns both by 0.2 rad.
  const std::string text =
      "# omega Re Im beta\n"
      "0.0 0.0 0.0\n"
      "0.6 0.8 -0.5 0.3\n"
      "1.1 -0.2 0.35\n";
  const double direction = 0.2;
  for (const double depth : {60.0, std::numeric_limits<double>::infinity()}) {
    CAPTURE(depth);
    const std::vector<WaveComponent> parts = Parse(text, direction, depth);
    REQUIRE(parts.size() == 2);
    const double re[2] = {0.8, -0.2}, im[2] = {-0.5, 0.35}, beta[2] = {0.3, 0.0},
                 omega[2] = {0.6, 1.1};
    std::vector<WaveComponent> regular;
    for (int i = 0; i < 2; ++i) {
      CHECK(parts[i].omega == omega[i]);
      CHECK(parts[i].wave_number == WaveNumber(omega[i], depth, kG));
      // The same wave as a regular one: H = 2 |A|, T = 2 pi / omega, phase pi/2 - arg A.
      regular.push_back(RegularWave(2.0 * std::hypot(re[i], im[i]), 2.0 * kPi / omega[i],
                                    direction + beta[i], 0.5 * kPi - std::atan2(im[i], re[i]),
                                    depth, kG));
    }
    const SeaState file(parts, depth, kG), expected(regular, depth, kG);
    for (const double t : {0.0, 1.7, 13.2}) {
      for (const Eigen::Vector3d& p : {Eigen::Vector3d(0, 0, -5), Eigen::Vector3d(31, -12, -20),
                                       Eigen::Vector3d(-7, 4, 0.3)}) {
        CAPTURE(t);
        CAPTURE(p.transpose());
        // MoorDyn's WaveKin 7: sum |A| sin(omega t - k (x cos b + y sin b) + arg A), with b the
        // row's beta turned by WaveDirection. 1e-12 m: a few roundings of phases of order 10.
        double moordyn = 0.0;
        for (int i = 0; i < 2; ++i) {
          const double b = direction + beta[i], k = WaveNumber(omega[i], depth, kG);
          moordyn += std::hypot(re[i], im[i]) *
                     std::sin(omega[i] * t - k * (p.x() * std::cos(b) + p.y() * std::sin(b)) +
                              std::atan2(im[i], re[i]));
        }
        CHECK(std::abs(file.Elevation(t, p.x(), p.y()) - moordyn) < 1e-12);
        // The same components made as regular waves: the same numbers up to the rounding of the
        // phase pi/2 - arg A (1e-12 relative to amplitudes of order 1 m and 1 m/s).
        const WaveKinematics a = file.At(t, p), b = expected.At(t, p);
        CHECK(a.submerged == b.submerged);
        CHECK(std::abs(a.elevation - b.elevation) < 1e-12);
        CHECK((a.velocity - b.velocity).norm() < 1e-12);
        CHECK((a.acceleration - b.acceleration).norm() < 1e-12);
        CHECK(std::abs(a.dynamic_pressure - b.dynamic_pressure) < 1e-10);
      }
    }
  }
}

/// The ScenarioError of parsing `text`, which must throw one.
ScenarioError ErrorOf(const std::string& text, double depth = 100.0) {
  try {
    Parse(text, 0.0, depth);
  } catch (const ScenarioError& e) {
    return e;
  }
  FAIL("no error for: " << text);
  return ScenarioError({}, "");
}

TEST_CASE("bad rows are refused at file:line, naming the column and the reason") {
  struct Case {
    std::string text;
    int line;
    std::string reason;
  };
  const Case cases[] = {
      {"0 0 0\n0.5 x 0\n", 2, "column 2 (Re(A) [m]) is 'x'; expected a finite number"},
      {"0.5 0.1 nan\n", 1, "column 3 (Im(A) [m]) is 'nan'; expected a finite number"},
      {"0.5 0.1 0.1 1e400\n", 1, "column 4 (beta [rad]) is '1e400'; expected a finite number"},
      {"\n# c\n0.5 0.1\n", 3, "row has 2 values; expected 3 or 4"},
      {"0.5 0.1 0 0 9\n", 1, "row has 5 values; expected 3 or 4"},
      {"0.5 0.1 0\n-0.4 0.1 0\n", 2, "column 1 (omega) is -0.4 rad/s; expected a frequency >= 0"},
      {"0 0.3 0\n", 1, "at omega = 0 has amplitude |A| = 0.3 m"},
      {"0.5 0.1 0 7\n", 1, "column 4 (beta) is 7; expected a direction in radians"},
      // omega 2 rad/s in deep-ish water: L = 2 pi g / omega^2 = 15.4 m, Miche H <= 2.19 m;
      // |A| = 5 m is H = 10 m.
      {"0.5 0.1 0\n2 3 4\n", 2, "omega 2 rad/s, |A| 5 m cannot exist as a wave: WaveHeight H = 10"},
      // omega 40 rad/s: T = 0.157 s, below the capillary limit 0.2 s.
      {"40 0.001 0\n", 1, "is below 0.2 s"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.text);
    const ScenarioError e = ErrorOf(c.text);
    CHECK(e.location().file == "waves.txt");
    CHECK(e.location().line == c.line);
    CHECK_MESSAGE(std::string(e.what()).find(c.reason) != std::string::npos, e.what());
  }
}

TEST_CASE("a file without a wave, or whose sea breaks as a whole, is refused at the attribute") {
  for (const std::string text : {"", "# only a comment\n", "0 0 0\n"}) {
    const ScenarioError e = ErrorOf(text);
    CHECK(e.location().line == kWhere.line);
    CHECK(std::string(e.what()).find("has no component of frequency > 0") != std::string::npos);
  }
  // Ten components of |A| = 2 m at 0.5 .. 0.59 rad/s in 10 m of water: each alone (H = 4 m) is
  // below McCowan's 7.8 m, their Hs = 4 sqrt(10 * 2^2 / 2) = 17.9 m is not.
  std::string text;
  for (int i = 0; i < 10; ++i) text += std::to_string(0.5 + 0.01 * i) + " 2 0\n";
  const ScenarioError e = ErrorOf(text, 10.0);
  CHECK(e.location().line == kWhere.line);
  CHECK(std::string(e.what()).find("cannot exist: WaveHeight Hs = 17.88") != std::string::npos);
}

}  // namespace
}  // namespace hawser::ocean::test
