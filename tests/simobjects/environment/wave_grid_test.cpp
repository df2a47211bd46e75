// The wave-kinematics grid (wave_grid.h) against the direct sum (SeaState::At): elevation,
// velocity, acceleration and dynamic pressure within WaveGrid::ErrorBound on regular and
// irregular seas, finite and deep water, all three stretchings, at random points and times
// across chunk boundaries; points outside the grid summed exactly and counted; bad options
// refused by name; and through Environment/Ocean during and after the ramp.
#include "simobjects/environment/wave_grid.h"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numbers>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/simobjects/environment/jonswap_sea.h"
#include "tests/simobjects/scenario_test_util.h"

namespace hawser::ocean::test {
namespace {

constexpr double kG = 9.81;
constexpr double kInf = std::numeric_limits<double>::infinity();

/// The largest error over the bound seen, for each quantity (elevation, velocity, acceleration,
/// pressure), at `count` random points of [-150, 150]^2 x [z_low, 3] m and times of [0, 200] s.
std::vector<double> WorstRatio(const SeaState& sea, const WaveGrid& grid, double z_low, int count) {
  std::mt19937 random(11);
  std::uniform_real_distribution<double> xy(-150.0, 150.0), z(z_low, 3.0), time(0.0, 200.0);
  // Both sums round each of their ~200 terms: 1e-12 of the sea's scale covers that.
  const double rounding = 1e-12 * 200.0 * 10.0 * 10.0 * kG;
  std::vector<double> worst(4, 0.0);
  for (int n = 0; n < count; ++n) {
    const double t = time(random);
    const Eigen::Vector3d p(xy(random), xy(random), z(random));
    const WaveKinematics exact = sea.At(t, p);
    WaveKinematics g;
    grid.At(t, p, std::span<WaveKinematics>(&g, 1));
    const double zs = StretchedHeight(p.z(), exact.elevation, sea.depth(), sea.stretching());
    const WaveGrid::Bound b = grid.ErrorBound(p.z(), zs);
    CAPTURE(t);
    CAPTURE(p.transpose());
    const double de = std::abs(g.elevation - exact.elevation);
    CHECK(de <= b.elevation + rounding);
    worst[0] = std::max(worst[0], de / b.elevation);
    // Within the elevation's bound of the surface wet and dry may differ (wave_grid.h).
    if (std::abs(p.z() - exact.elevation) <= b.elevation + rounding) continue;
    REQUIRE(g.submerged == exact.submerged);
    if (!exact.submerged) continue;
    const double dv = (g.velocity - exact.velocity).cwiseAbs().maxCoeff();
    const double da = (g.acceleration - exact.acceleration).cwiseAbs().maxCoeff();
    const double dp = std::abs(g.dynamic_pressure - exact.dynamic_pressure);
    CHECK(dv <= b.velocity + rounding);
    CHECK(da <= b.acceleration + rounding);
    CHECK(dp <= b.pressure + rounding);
    worst[1] = std::max(worst[1], dv / b.velocity);
    worst[2] = std::max(worst[2], da / b.acceleration);
    worst[3] = std::max(worst[3], dp / b.pressure);
  }
  return worst;
}

TEST_CASE("the grid's kinematics are within ErrorBound of the direct sum") {
  struct Case {
    const char* name;
    std::vector<WaveComponent> parts;
    double depth;
  };
  const std::vector<Case> cases = {
      {"regular, 50 m", {RegularWave(4.0, 8.0, 0.3, 0.2, 50.0, kG)}, 50.0},
      {"regular, deep", {RegularWave(4.0, 8.0, 0.3, 0.2, kInf, kG)}, kInf},
      {"jonswap, 320 m", Jonswap(320.0, 4.0), 320.0},
      {"jonswap, deep", Jonswap(kInf, 4.0), kInf}};
  for (const Case& c : cases) {
    for (const Stretching s :
         {Stretching::kWheeler, Stretching::kVerticalExtrapolation, Stretching::kNone}) {
      CAPTURE(c.name);
      CAPTURE(static_cast<int>(s));
      const SeaState sea(c.parts, c.depth, kG, s);
      const WaveGrid grid(sea, WaveGridOptions{});
      const double z_low = std::isinf(c.depth) ? -200.0 : -c.depth - 5.0;
      const std::vector<double> worst = WorstRatio(sea, grid, z_low, 400);
      // The bound is not vacuous: the errors reach a visible share of it (interpolation really
      // happens; an exact answer everywhere would mean the grid was bypassed).
      MESSAGE(std::string(c.name) << ": worst error / bound " << worst[0] << " " << worst[1] << " "
                                  << worst[2] << " " << worst[3]);
      CHECK(worst[0] > 1e-3);
      CHECK(worst[1] > 1e-3);
      CHECK(grid.vertices() > 0);
      // Only Stretching="none" has points above z' = 0, which the grid sums exactly.
      if (s != Stretching::kNone && std::isfinite(c.depth)) CHECK(grid.fallbacks() == 0);
    }
  }
}

TEST_CASE("a finer grid is more accurate, by the square of the spacing and dt^4") {
  // Halving every spacing (s_0 and g - 1: a level's spacing is about s_0 + (g - 1) |z|) and the
  // time step cuts the space terms about 4x and the time term 16x: the bound falls at least 3.5x
  // (the level boundaries move), and so does the measured worst error (within a factor 2 for
  // the sampling of the points).
  const SeaState sea(Jonswap(320.0, 4.0), 320.0, kG, Stretching::kWheeler);
  const WaveGrid coarse(sea, WaveGridOptions{});
  WaveGridOptions fine_options;
  fine_options.spacing = coarse.spacing() / 2;
  fine_options.growth = 1.0 + (coarse.growth() - 1.0) / 2;
  fine_options.time_step = coarse.time_step() / 2;
  const WaveGrid fine(sea, fine_options);
  const WaveGrid::Bound a = coarse.ErrorBound(-10.0, -10.0), b = fine.ErrorBound(-10.0, -10.0);
  CHECK(b.velocity < a.velocity / 3.5);
  CHECK(b.elevation < a.elevation / 3.5);
  const double ratio_coarse = WorstRatio(sea, coarse, -100.0, 200)[1];
  const double ratio_fine = WorstRatio(sea, fine, -100.0, 200)[1];
  CHECK(ratio_fine * b.velocity < ratio_coarse * a.velocity / 2.0);
}

TEST_CASE("the default spacing and time step balance the shortest wave's two errors") {
  // Defaults (wave_grid.h): s_0 = lambda_min / 16 and dt_0 = T_min / 4, so at the surface the
  // shortest wave's space term k^2 s^2 / 8 = (pi / 8)^2 / 8 = 1.93 % and its time term
  // omega^4 dt^4 / 384 = (pi / 2)^4 / 384 = 1.59 % of its amplitude: the same size.
  const SeaState sea(Jonswap(320.0, 4.0), 320.0, kG, Stretching::kWheeler);
  const WaveGrid grid(sea, WaveGridOptions{});
  double k_max = 0.0, omega_max = 0.0;
  for (const WaveComponent& c : sea.components()) {
    k_max = std::max(k_max, c.wave_number);
    omega_max = std::max(omega_max, c.omega);
  }
  // 1e-12: the rounding of 2 pi / x / n.
  CHECK(grid.spacing() == doctest::Approx(2.0 * std::numbers::pi / k_max / 16.0).epsilon(1e-12));
  CHECK(grid.time_step() ==
        doctest::Approx(2.0 * std::numbers::pi / omega_max / 4.0).epsilon(1e-12));
  const double space = k_max * k_max * grid.spacing() * grid.spacing() / 8.0;
  const double time = std::pow(omega_max * grid.time_step(), 4) / 384.0;
  CHECK(space == doctest::Approx(std::pow(std::numbers::pi / 8.0, 2) / 8.0).epsilon(1e-12));
  CHECK(time == doctest::Approx(std::pow(std::numbers::pi / 2.0, 4) / 384.0).epsilon(1e-12));
}

TEST_CASE("each level's time step keeps the surface's ratio of time to space error") {
  // A component's time term over its space term is at most g^2 dt_l^4 / (96 s_l^2) (wave_grid.h,
  // with omega^2 <= g k and dz_l = s_l): dt_l^4 / s_l^2 is the same at every level (s_l measured
  // as the gap between levels l and l + 1; the last gap is cut by the seabed), and the deep
  // levels, where only long waves remain, take longer steps.
  const SeaState sea(Jonswap(320.0, 4.0), 320.0, kG, Stretching::kWheeler);
  const WaveGrid grid(sea, WaveGridOptions{});
  const std::vector<double>& z = grid.levels();
  REQUIRE(z.size() > 10);
  const auto ratio = [&](std::size_t l) {
    const double s = z[l] - z[l + 1], dt = grid.time_step(static_cast<int>(l));
    return dt * dt * dt * dt / (s * s);
  };
  for (std::size_t l = 1; l + 2 < z.size(); ++l) {
    CAPTURE(l);
    CHECK(ratio(l) == doctest::Approx(ratio(0)).epsilon(1e-9));  // Rounding of pow and sqrt.
  }
  CHECK(grid.time_step(static_cast<int>(z.size()) - 2) > 4.0 * grid.time_step());
}

TEST_CASE("a deep level leaves out only components its error bound covers") {
  // At a vertex of a level, at one of its sample times and on the level itself (z' = z_l,
  // Stretching="none"), the grid interpolates nothing: its values are the exact sums of the
  // components the level keeps (wave_grid.h), the first ones in order of wave number.
  const std::vector<WaveComponent> parts = Jonswap(320.0, 4.0);
  const SeaState sea(parts, 320.0, kG, Stretching::kNone);
  const WaveGrid grid(sea, WaveGridOptions{});
  std::vector<WaveComponent> sorted = parts;
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto& a, const auto& b) { return a.wave_number < b.wave_number; });
  const std::vector<double>& z = grid.levels();
  const int l = static_cast<int>(std::upper_bound(z.begin(), z.end(), -200.0, std::greater<>()) -
                                 z.begin());  // The first level below 200 m.
  REQUIRE(l + 1 < static_cast<int>(z.size()));
  const auto kept = grid.kinematics_components(l), elevation = grid.elevation_components(l);
  CAPTURE(l);
  CAPTURE(kept);
  CAPTURE(elevation);
  // Deep down most components are left out of both.
  CHECK(kept < parts.size() / 2);
  CHECK(elevation < parts.size());
  // The elevation leaves out only components whose interpolation term there is at least their
  // amplitude (so the bound already covers them): k^2 s^2 / 8 + omega^4 dt^4 / 384 >= 1.
  const double s = grid.spacing() * std::pow(grid.growth(), l), dt = grid.time_step(l);
  for (std::size_t c = 0; c < sorted.size(); ++c) {
    const double term =
        std::pow(sorted[c].wave_number * s, 2) / 8.0 + std::pow(sorted[c].omega * dt, 4) / 384.0;
    CHECK((c < elevation) == (term < 1.0));
  }
  const SeaState kept_sea({sorted.begin(), sorted.begin() + static_cast<long>(kept)}, 320.0, kG,
                          Stretching::kNone);
  const SeaState elevation_sea({sorted.begin(), sorted.begin() + static_cast<long>(elevation)},
                               320.0, kG, Stretching::kNone);
  for (const double t : {7.0 * dt, 40.0 * dt}) {  // Two chunks (kGridChunk = 32 samples).
    const Eigen::Vector3d p(3.0 * s, -2.0 * s, z[static_cast<std::size_t>(l)]);
    WaveKinematics g;
    grid.At(t, p, std::span<WaveKinematics>(&g, 1));
    const WaveKinematics full = sea.At(t, p), part = kept_sea.At(t, p),
                         surface = elevation_sea.At(t, p);
    CAPTURE(t);
    // The grid's samples carry the rounding of up to 40 phasor turns and of t / dt and x / s
    // landing a few ULP beside the vertex (weights of ~1e-15): 1e-12 of the sums' scale.
    const double scale = 1e-12 * (1.0 + full.velocity.norm() + full.acceleration.norm());
    CHECK((g.velocity - part.velocity).cwiseAbs().maxCoeff() <= scale);
    CHECK((g.acceleration - part.acceleration).cwiseAbs().maxCoeff() <= scale);
    CHECK(std::abs(g.elevation - surface.elevation) <= 1e-12 * 10.0);  // Hs 6 m.
    // What it leaves out is visible (far above rounding) and within the bound.
    const double left_out = (full.velocity - part.velocity).cwiseAbs().maxCoeff();
    CHECK(left_out > 1e3 * scale);
    CHECK(left_out <= grid.ErrorBound(p.z(), p.z()).velocity);
  }
}

TEST_CASE("a batch's kept cells give the same values as points taken one by one") {
  // The same points as one batch (cells kept between calls) and one at a time on a fresh grid
  // (no cells kept), at times that go forward across chunks, back (a failed step), and repeat:
  // equal to the last bit (wave_grid.h: the result is a function of (t, x) alone).
  const SeaState sea(Jonswap(320.0, 4.0), 320.0, kG, Stretching::kWheeler);
  const WaveGrid batched(sea, WaveGridOptions{}), single(sea, WaveGridOptions{});
  Eigen::Matrix3Xd points(3, 40);
  for (int i = 0; i < 40; ++i) points.col(i) << 20.0 * i - 400.0, 3.0 * i, -2.0 - 8.0 * i;
  std::vector<WaveKinematics> out(40);
  int compared = 0;
  for (const double t0 : {0.0, 3.1, 17.9, 95.3, 40.2, 40.2, 300.7}) {
    for (int step = 0; step < 20; ++step) {
      const double t = t0 + 0.37 * step;
      points.row(0).array() += 0.05;  // The points drift across cells.
      batched.At(t, points, out);
      for (int i = 0; i < 40; ++i) {
        WaveKinematics one;
        single.At(t, points.col(i), std::span<WaveKinematics>(&one, 1));
        const WaveKinematics& b = out[static_cast<std::size_t>(i)];
        CAPTURE(t);
        CAPTURE(i);
        REQUIRE(b.elevation == one.elevation);
        REQUIRE(b.velocity == one.velocity);
        REQUIRE(b.acceleration == one.acceleration);
        REQUIRE(b.dynamic_pressure == one.dynamic_pressure);
        ++compared;
      }
    }
  }
  CHECK(compared == 7 * 20 * 40);
  CHECK(batched.fallbacks() == 0);
}

TEST_CASE("points outside the grid are summed exactly and counted") {
  const SeaState sea(Jonswap(kInf, 4.0), kInf, kG, Stretching::kWheeler);
  WaveGridOptions o;
  o.x_min = -10.0;
  o.x_max = 10.0;
  o.y_min = -10.0;
  o.y_max = 10.0;
  o.z_min = -50.0;
  const WaveGrid grid(sea, o);
  Eigen::Matrix3Xd points(3, 3);
  points << 0.0, 20.0, 1.0,  //
      0.0, 0.0, 1.0,         //
      -5.0, -5.0, -80.0;     // inside; outside in x; below z_min
  std::vector<WaveKinematics> out(3);
  grid.At(12.3, points, out);
  CHECK(grid.points() == 3);
  CHECK(grid.fallbacks() == 2);
  for (int i = 1; i < 3; ++i) {
    const WaveKinematics exact = sea.At(12.3, points.col(i));
    CHECK(out[static_cast<std::size_t>(i)].velocity ==
          exact.velocity);  // The same sum, bit for bit.
    CHECK(out[static_cast<std::size_t>(i)].elevation == exact.elevation);
  }
  CHECK(out[0].velocity != sea.At(12.3, points.col(0)).velocity);  // Interpolated.
}

TEST_CASE("a full grid drops old vertices, then sums exactly") {
  // 12 vertices (the least allowed): one point's. Moving it far away needs new ones: the old
  // are dropped only when unused for two chunks, so the second point is summed exactly.
  const SeaState sea({RegularWave(2.0, 8.0, 0.0, 0.0, 100.0, kG)}, 100.0, kG, Stretching::kWheeler);
  WaveGridOptions o;
  // A vertex: two chunks of 16 doubles per sample, and its bookkeeping (64 bytes).
  o.memory_bytes = 12.5 * (2.0 * 16 * (kGridChunk + 1) * sizeof(double) + 64);
  const WaveGrid grid(sea, o);
  std::vector<WaveKinematics> out(1);
  grid.At(1.0, Eigen::Vector3d(0.1, 0.1, -20.0), out);
  grid.At(1.0, Eigen::Vector3d(500.1, 0.1, -20.0), out);
  CHECK(grid.fallbacks() == 1);
  CHECK(grid.vertices() <= 12);
  // Three chunks of the coarsest level later (every level's chunks are at most that long), the
  // first point's vertices are stale and are replaced.
  const int coarsest = static_cast<int>(grid.levels().size()) - 1;
  grid.At(1.0 + 3.0 * kGridChunk * grid.time_step(coarsest), Eigen::Vector3d(500.1, 0.1, -20.0),
          out);
  CHECK(grid.fallbacks() == 1);
}

TEST_CASE("bad grid options are refused naming the option") {
  const SeaState sea({RegularWave(2.0, 8.0, 0.0, 0.0, 100.0, kG)}, 100.0, kG, Stretching::kWheeler);
  const auto refused = [&](WaveGridOptions o, const std::string& fragment) {
    CAPTURE(fragment);
    try {
      const WaveGrid grid(sea, o);
      FAIL("accepted");
    } catch (const std::invalid_argument& e) {
      CHECK(std::string(e.what()).find(fragment) != std::string::npos);
    }
  };
  refused({.spacing = -1.0}, "WaveGridSpacing is -1");
  refused({.growth = 0.5}, "WaveGridGrowth is 0.5");
  refused({.time_step = -0.1}, "WaveGridTimeStep is -0.1");
  refused({.x_min = 5.0, .x_max = -5.0}, "WaveGridBounds");
  refused({.memory_bytes = 1000.0}, "WaveGridMemory");
  refused({.spacing = 1e-4, .growth = 1.0}, "at most 255");
}

TEST_CASE("Environment/Ocean grid and direct kinematics agree during and after the ramp") {
  // A regular wave (H 4 m, T 8 s, 60 m of water) ramped in over 10 s; the ramp multiplies the
  // grid's values by r <= 1 and adds r' u (r' <= pi / (2 T_r)), so r B + r' B_u bounds the
  // difference, with B the grid's bound at the probe's height and its exact stretched height at
  // that time (r <= 1 taken as 1; the same sea built here).
  const auto run = [](const std::string& mode) {
    return hawser::test::Run(hawser::test::ScenarioXml(
        fmt::format(R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Depth="60" )"
                    R"(Waves="regular" WaveHeight="4" WavePeriod="8" WaveRampTime="10" )"
                    R"(WaveKinematics="{}"/>
<Lib LibName="base" SimObject="Environment/WaveProbe" Name="A" Position="3,1,-2.5"/>
<Lib LibName="base" SimObject="Environment/WaveProbe" Name="B" Position="-20,4,-30"/>)",
                    mode),
        "", "<InitialCondition/>",
        R"(<Engine Integrator="rk4" stepsize="0.05" TOutput="0, 0.25, 20" FileOutput="objects:all"/>)"));
  };
  const SeaState sea({RegularWave(4.0, 8.0, 0.0, 0.0, 60.0, 9.81)}, 60.0, 9.81);
  const WaveGrid reference(sea, WaveGridOptions{});
  const double rate = std::acos(-1.0) / 20.0;
  const auto grid = run("grid");
  const auto direct = run("direct");
  const std::vector<std::string> ports = {".Elevation", ".WaterVelocity[0]", ".WaterVelocity[2]",
                                          ".WaterAcceleration[0]", ".WaterAcceleration[2]"};
  const std::vector<std::pair<std::string, Eigen::Vector3d>> probes = {
      {"A", Eigen::Vector3d(3.0, 1.0, -2.5)}, {"B", Eigen::Vector3d(-20.0, 4.0, -30.0)}};
  double largest = 0.0;
  for (const auto& probe : probes) {
    const Eigen::Vector3d at = probe.second;
    for (std::size_t port = 0; port < ports.size(); ++port) {
      const std::string column = probe.first + ports[port];
      const auto a = grid.Column(column), d = direct.Column(column);
      REQUIRE(a.size() == 81);
      for (std::size_t i = 0; i < a.size(); ++i) {
        const double t = 0.25 * static_cast<double>(i);
        const double zs =
            StretchedHeight(at.z(), sea.Elevation(t, at.x(), at.y()), 60.0, sea.stretching());
        const WaveGrid::Bound b = reference.ErrorBound(at.z(), zs);
        const double bounds[5] = {b.elevation, b.velocity, b.velocity,
                                  b.acceleration + rate * b.velocity,
                                  b.acceleration + rate * b.velocity};
        CAPTURE(column);
        CAPTURE(i);
        CHECK(std::abs(a[i] - d[i]) <= bounds[port] + 1e-12);
        largest = std::max(largest, std::abs(a[i] - d[i]));
      }
    }
  }
  CHECK(largest > 0.0);  // The grid interpolated (it is not the direct sum).
}

}  // namespace
}  // namespace hawser::ocean::test
