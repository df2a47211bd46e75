// The fast wave sum (wave_sum.h) against the direct one (SeaState::At): elevation, velocity,
// acceleration and dynamic pressure within the stated bound, on regular and irregular seas, in
// finite and deep water, under all three stretchings, at points above and below the surface and
// below the seabed; and through Environment/Ocean during and after the ramp.
#include "simobjects/environment/wave_sum.h"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <vector>

#include "simobjects/environment/irregular_sea.h"
#include "simobjects/environment/wave_spectrum.h"
#include "tests/simobjects/scenario_test_util.h"

namespace hawser::ocean::test {
namespace {

constexpr double kG = 9.81;
constexpr double kInf = std::numeric_limits<double>::infinity();

std::vector<WaveComponent> Jonswap(double depth, double spreading) {
  const WaveSpectrum s = WaveSpectrum::Jonswap(6.0, 10.0, 3.3);
  IrregularSeaOptions o;
  o.components = 200;
  o.omega_min = 0.4 * s.peak_frequency();
  o.omega_max = 4.0 * s.peak_frequency();
  o.mean_direction = 0.5;
  o.spreading_exponent = spreading;
  o.seed = 7;
  return IrregularWaveComponents([&](double w) { return s(w); }, o, depth, kG);
}

// Fast minus direct, everywhere in and around the water column, within
//   elevation:                  1e-12 sum a_i (rounding: both sum every component; the phases
//                               omega t - phi are formed in another order, ~1e-16 of omega t);
//   velocity, acceleration, p:  kDepthCutoff V_0 (A_0, P_0), the cut-off's bound, plus 1e-12 of
//                               the same scale for the rounding of up to 200 terms in another
//                               order (4 lanes, SLEEF u35 sincos against u10).
void CheckAgainstDirect(const std::vector<WaveComponent>& parts, double depth,
                        Stretching stretching) {
  const SeaState sea(parts, depth, kG, stretching);
  const FastWaveSum fast(sea);
  double sum_a = 0.0;
  for (const WaveComponent& c : parts) sum_a += c.amplitude;
  const double floor = std::isinf(depth) ? -400.0 : -depth - 5.0;  // 5 m below the seabed.
  std::vector<Eigen::Vector3d> list;
  for (double z = 12.0; z > floor; z -= 0.37 + 0.05 * std::abs(z)) {
    for (const double x : {0.0, 37.0, -410.0}) list.emplace_back(x, 0.3 * x - 8.0, z);
  }
  Eigen::Matrix3Xd points(3, static_cast<Eigen::Index>(list.size()));
  for (std::size_t i = 0; i < list.size(); ++i) points.col(static_cast<Eigen::Index>(i)) = list[i];
  std::vector<WaveKinematics> a(list.size()), b(list.size());
  int wet = 0, dry = 0;
  for (const double t : {0.0, 3.3, 71.9, 10800.0}) {
    fast.At(t, points, a);
    sea.At(t, points, b);
    for (std::size_t i = 0; i < list.size(); ++i) {
      CAPTURE(t);
      CAPTURE(list[i].transpose());
      CHECK(std::abs(a[i].elevation - b[i].elevation) <= 1e-12 * sum_a);
      REQUIRE(a[i].submerged == b[i].submerged);
      (a[i].submerged ? wet : dry) += 1;
      const double bound = kDepthCutoff + 1e-12;
      CHECK((a[i].velocity - b[i].velocity).norm() <= bound * fast.max_velocity());
      CHECK((a[i].acceleration - b[i].acceleration).norm() <= bound * fast.max_acceleration());
      CHECK(std::abs(a[i].dynamic_pressure - b[i].dynamic_pressure) <=
            bound * fast.max_pressure());
    }
  }
  CHECK(wet > 0);
  CHECK(dry > 0);  // Points above the crests too.
}

TEST_CASE("fast wave sum equals the direct sum within its bound: seas, depths, stretchings") {
  for (const Stretching s :
       {Stretching::kWheeler, Stretching::kVerticalExtrapolation, Stretching::kNone}) {
    for (const double depth : {40.0, 320.0, kInf}) {
      CAPTURE(static_cast<int>(s));
      CAPTURE(depth);
      CheckAgainstDirect({RegularWave(4.0, 9.0, 0.4, 0.3, depth, kG)}, depth, s);
      CheckAgainstDirect(Jonswap(depth, 0.0), depth, s);
      CheckAgainstDirect(Jonswap(depth, 4.0), depth, s);  // Short-crested.
    }
  }
}

TEST_CASE("the depth cut-off keeps every term at the surface and few deep down") {
  // JONSWAP Tp 10 s in 320 m: k from 0.0064 to 0.64 rad/m. At z' = -200 m a term with k above
  // -ln(1e-7) / 200 = 0.081 rad/m (omega > 0.89 rad/s) is below the bound even alone.
  const SeaState sea(Jonswap(320.0, 0.0), 320.0, kG);
  const FastWaveSum fast(sea);
  CHECK(fast.KeptTerms(0.0) == 200);
  CHECK(fast.KeptTerms(1.0) == 200);
  const std::size_t deep = fast.KeptTerms(-200.0);
  std::size_t below = 0;
  for (const WaveComponent& c : sea.components()) below += c.wave_number < 0.081 ? 1 : 0;
  CHECK(deep <= below + 3);  // Rounded up to whole groups of 4.
  CHECK(deep < 100);
  CHECK(fast.KeptTerms(-20.0) > deep);
}

TEST_CASE("Environment/Ocean fast and direct kinematics agree during and after the ramp") {
  // Probes at the surface, mid-column and at the seabed of 60 m of water, the waves ramped in
  // over 10 s; every output of the two runs within the bound of the sea's scale (V_0 < 10 m/s,
  // A_0 < 10 m/s^2 for Hs 6 m: 2 sum a omega over 200 components ~ 2 sqrt(200 m0) omega_max;
  // 1e-6 holds kDepthCutoff = 1e-7 with that margin, and the rounding).
  const auto run = [](const std::string& mode) {
    return hawser::test::Run(hawser::test::ScenarioXml(
        fmt::format(R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Depth="60" )"
                    R"(Waves="jonswap" WaveHeight="6" WavePeriod="10" WaveRampTime="10" )"
                    R"(CurrentProfile="uniform" CurrentSpeed="0.5" WaveKinematics="{}"/>
<Lib LibName="base" SimObject="Environment/WaveProbe" Name="A" Position="3,1,-0.5"/>
<Lib LibName="base" SimObject="Environment/WaveProbe" Name="B" Position="-20,4,-30"/>
<Lib LibName="base" SimObject="Environment/WaveProbe" Name="C" Position="7,-9,-60"/>)",
                    mode),
        "", "<InitialCondition/>",
        R"(<Engine Integrator="rk4" stepsize="0.05" TOutput="0, 0.25, 20" FileOutput="objects:all"/>)"));
  };
  const auto fast = run("fast");
  const auto direct = run("direct");
  for (const std::string probe : {"A", "B", "C"}) {
    for (const std::string port :
         {".Elevation", ".WaterVelocity[0]", ".WaterVelocity[1]", ".WaterVelocity[2]",
          ".WaterAcceleration[0]", ".WaterAcceleration[2]"}) {
      const auto a = fast.Column(probe + port), b = direct.Column(probe + port);
      REQUIRE(a.size() == 81);
      for (std::size_t i = 0; i < a.size(); ++i) {
        CAPTURE(probe + port);
        CAPTURE(i);
        CHECK(std::abs(a[i] - b[i]) <= 1e-6);
      }
    }
  }
}

}  // namespace
}  // namespace hawser::ocean::test
