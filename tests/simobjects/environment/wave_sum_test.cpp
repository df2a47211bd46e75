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

#include "simobjects/environment/vector_math.h"
#include "tests/simobjects/environment/jonswap_sea.h"
#include "tests/simobjects/scenario_test_util.h"

namespace hawser::ocean::test {
namespace {

constexpr double kG = 9.81;
constexpr double kInf = std::numeric_limits<double>::infinity();

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
      CHECK(std::abs(a[i].dynamic_pressure - b[i].dynamic_pressure) <= bound * fast.max_pressure());
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

TEST_CASE("the AVX2 kernel's sine and cosine match std::sin and std::cos") {
  if (!vector_math::UsesAvx2()) return;  // The portable kernel uses SLEEF's scalar sincos.
  // One term (kx = 1, tau = 0, the rest padding) at x = the argument: the kernel's phases are
  // then exactly the arguments. Over |x| <= 3e4 rad (omega t of a 3-hour storm at 2.5 rad/s)
  // the error is the polynomials' (2e-16) plus the reduction's (a few 1e-16 j, j = 2x/pi):
  // bound 1e-16 (4 + |x|). glibc's sin and cos are correctly rounded to within 1 ULP.
  const std::vector<double> kx = {1.0, 0.0, 0.0, 0.0}, zero(4, 0.0);
  const WaveTermArrays t{.size = 4,
                         .kx = kx.data(),
                         .ky = zero.data(),
                         .tau = zero.data(),
                         .a = kx.data(),
                         .k = zero.data(),
                         .e2kh = zero.data(),
                         .ux = zero.data(),
                         .uy = zero.data(),
                         .uz = zero.data(),
                         .dux = zero.data(),
                         .duy = zero.data(),
                         .duz = zero.data(),
                         .p = zero.data()};
  double cosine[4], sine[4], worst = 0.0;
  for (double x = -3e4; x <= 3e4; x += 0.0137) {
    const double eta = avx2::PhaseSum(t, x, 0.0, cosine, sine);
    const double bound = 1e-16 * (4.0 + std::abs(x));
    const double error =
        std::max(std::abs(sine[0] - std::sin(x)), std::abs(cosine[0] - std::cos(x)));
    worst = std::max(worst, error / bound);
    if (error > bound) {
      CAPTURE(x);
      CHECK(error <= bound);
    }
    if (eta != cosine[0]) CHECK(eta == cosine[0]);
  }
  MESSAGE("worst error / bound: " << worst);
  // Exact quadrants: sin and cos of 0 and of pi/2 to the last bit or two.
  avx2::PhaseSum(t, 0.0, 0.0, cosine, sine);
  CHECK(sine[0] == 0.0);
  CHECK(cosine[0] == 1.0);
  avx2::PhaseSum(t, std::numbers::pi / 2, 0.0, cosine, sine);
  CHECK(std::abs(sine[0] - 1.0) <= 2.3e-16);
  CHECK(std::abs(cosine[0] - std::cos(std::numbers::pi / 2)) <= 1e-30);
}

TEST_CASE("the AVX2 kernel's e^x and e^-x match std::exp") {
  if (!vector_math::UsesAvx2()) return;  // The portable kernel uses std::exp.
  // Over [-700, 700] (k z' of any depth term; e^-700 stands for less below): the Taylor
  // remainder (4e-18), the reduction's rounding (2^-53 |r|), the Estrin sums near 1 and the
  // scaling stay within 2 ULP; glibc's exp adds up to 1 ULP and the quotient's rounding half
  // of one: 3 ULP, 6.7e-16 relative.
  std::vector<double> x;
  for (double v = -700.0; v <= 700.0; v += 0.0123) x.push_back(v);
  for (double v : {0.0, -0.0, 1e-300, 0.34657359027997264, -0.34657359027997264}) x.push_back(v);
  while (x.size() % 4 != 0) x.push_back(1.0);
  std::vector<double> e(x.size()), inverse(x.size());
  avx2::ExpPair(x.data(), e.data(), inverse.data(), x.size());
  double worst = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double error = std::max(std::abs(e[i] / std::exp(x[i]) - 1.0),
                                  std::abs(inverse[i] / std::exp(-x[i]) - 1.0));
    worst = std::max(worst, error);
    if (error > 6.7e-16) {
      CAPTURE(x[i]);
      CHECK(error <= 6.7e-16);
    }
  }
  MESSAGE("worst relative error: " << worst);
  // Clamped beyond +-700; a NaN stays NaN.
  std::vector<double> far = {-800.0, 800.0, std::nan(""), -701.0};
  avx2::ExpPair(far.data(), e.data(), inverse.data(), 4);
  CHECK(e[0] == doctest::Approx(std::exp(-700.0)).epsilon(6.7e-16));
  CHECK(inverse[1] == doctest::Approx(std::exp(-700.0)).epsilon(6.7e-16));
  CHECK(std::isnan(e[2]));
  CHECK(std::isnan(inverse[2]));
  CHECK(std::isfinite(inverse[3]));
}

TEST_CASE("the portable kernels give the AVX2 kernels' sums") {
  if (!vector_math::UsesAvx2()) return;  // Only the portable ones run here.
  // The JONSWAP sea's 200 terms as FastWaveSum lays them out (sorted, padded to 4), at several
  // points and times; the kernels differ in the sine and cosine (SLEEF's scalar u35 against the
  // polynomials, both within a few 1e-16 of the reduced phase) and in the order of the sums
  // (4 lanes): 1e-12 of the sea's scale.
  const std::vector<WaveComponent> parts = Jonswap(320.0, 4.0);
  const std::size_t n = parts.size();
  REQUIRE(n % 4 == 0);
  std::vector<double> kx(n), ky(n), tau(n), a(n), k(n), e2kh(n), ux(n), uy(n), uz(n), dux(n),
      duy(n), duz(n), p(n);
  double scale = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const WaveComponent& c = parts[i];
    kx[i] = c.wave_number * std::cos(c.direction);
    ky[i] = c.wave_number * std::sin(c.direction);
    tau[i] = c.omega * 3000.0 - c.phase;
    a[i] = c.amplitude;
    k[i] = c.wave_number;
    e2kh[i] = std::exp(-2.0 * c.wave_number * 320.0);
    const double aw = c.amplitude * c.omega / (1.0 - e2kh[i]);
    ux[i] = aw * std::cos(c.direction);
    uy[i] = aw * std::sin(c.direction);
    uz[i] = aw;
    dux[i] = c.omega * ux[i];
    duy[i] = c.omega * uy[i];
    duz[i] = c.omega * aw;
    p[i] = kG * c.amplitude / (1.0 + e2kh[i]);
    scale += 2.0 * (p[i] + aw * (1.0 + c.omega));
  }
  const WaveTermArrays t{.size = n,
                         .kx = kx.data(),
                         .ky = ky.data(),
                         .tau = tau.data(),
                         .a = a.data(),
                         .k = k.data(),
                         .e2kh = e2kh.data(),
                         .ux = ux.data(),
                         .uy = uy.data(),
                         .uz = uz.data(),
                         .dux = dux.data(),
                         .duy = duy.data(),
                         .duz = duz.data(),
                         .p = p.data()};
  std::vector<double> c1(n), s1(n), c2(n), s2(n);
  for (const Eigen::Vector3d& q : {Eigen::Vector3d(0, 0, -1), Eigen::Vector3d(400, -300, -90),
                                   Eigen::Vector3d(-850, 20, -320)}) {
    CAPTURE(q.transpose());
    const double eta1 = avx2::PhaseSum(t, q.x(), q.y(), c1.data(), s1.data());
    const double eta2 = portable::PhaseSum(t, q.x(), q.y(), c2.data(), s2.data());
    CHECK(std::abs(eta1 - eta2) <= 1e-12 * scale);
    const DepthSums d1 = avx2::DepthSum(t, n, q.z(), c1.data(), s1.data());
    const DepthSums d2 = portable::DepthSum(t, n, q.z(), c2.data(), s2.data());
    for (int i = 0; i < 3; ++i) {
      CHECK(std::abs(d1.u[i] - d2.u[i]) <= 1e-12 * scale);
      CHECK(std::abs(d1.du[i] - d2.du[i]) <= 1e-12 * scale);
    }
    CHECK(std::abs(d1.p - d2.p) <= 1e-12 * scale);
    CHECK(std::abs(d1.p) > 1e-6 * scale);  // Sums that are not all zero.
  }
}

}  // namespace
}  // namespace hawser::ocean::test
