// The fast wave sum's phasor cache (wave_sum.h): points that moved a little (within their
// anchor's cell), points that moved far, and another batch at the same address, each against the
// direct sum (SeaState::At) within the fast sum's bound; the result independent of the history;
// and the rotation kernels against long-double sines and cosines within their stated bound.
#include <doctest/doctest.h>

#include <cmath>
#include <random>
#include <vector>

#include "simobjects/environment/irregular_sea.h"
#include "simobjects/environment/vector_math.h"
#include "simobjects/environment/wave_spectrum.h"
#include "simobjects/environment/wave_sum.h"

namespace hawser::ocean::test {
namespace {

constexpr double kG = 9.80665;
constexpr double kDepth = 320.0;

SeaState StormSea() {
  const WaveSpectrum s = WaveSpectrum::Jonswap(6.0, 10.0, 3.3);
  IrregularSeaOptions o;
  o.components = 200;
  o.omega_min = 0.3;
  o.omega_max = 2.0;  // k_max = 0.41 rad/m: kMaxRotation / k_max = 0.31 m.
  o.mean_direction = 0.3;
  o.spreading_exponent = 4.0;  // Short-crested: kx and ky both vary.
  o.seed = 11;
  return SeaState(IrregularWaveComponents([&](double w) { return s(w); }, o, kDepth, kG), kDepth,
                  kG, Stretching::kWheeler);
}

// A line's nodes from 15 m above the mean level down to the seabed, shifted by (1, 0.5) shift,
// written in place: the cache knows a batch by the matrix's address (a moved-from temporary
// would be another batch).
void PlaceNodes(Eigen::Matrix3Xd& p, double shift) {
  p.resize(3, 41);
  for (Eigen::Index j = 0; j < p.cols(); ++j) {
    const double s = static_cast<double>(j) / 40.0;
    p.col(j) << 850.0 * s + shift, -20.0 * s + 0.5 * shift, 15.0 - 335.0 * s * s;
  }
}

// The bound of wave_sum_test.cpp: elevation within 1e-12 sum a_i (rounding of 200 terms formed
// in another order: the cache adds a few 1e-16 (|k.x_c| + |tau|) per term, below it), the rest
// within the depth cut-off's kDepthCutoff of the sea's scale plus the same 1e-12.
void CheckAgainstDirect(const SeaState& sea, const FastWaveSum& fast, double t,
                        const Eigen::Matrix3Xd& points) {
  double sum_a = 0.0;
  for (const WaveComponent& c : sea.components()) sum_a += c.amplitude;
  const auto n = static_cast<std::size_t>(points.cols());
  std::vector<WaveKinematics> a(n), b(n);
  fast.At(t, points, a);
  sea.At(t, points, b);
  const double bound = kDepthCutoff + 1e-12;
  for (std::size_t i = 0; i < n; ++i) {
    CAPTURE(t);
    CAPTURE(i);
    CHECK(std::abs(a[i].elevation - b[i].elevation) <= 1e-12 * sum_a);
    REQUIRE(a[i].submerged == b[i].submerged);
    CHECK((a[i].velocity - b[i].velocity).norm() <= bound * fast.max_velocity());
    CHECK((a[i].acceleration - b[i].acceleration).norm() <= bound * fast.max_acceleration());
    CHECK(std::abs(a[i].dynamic_pressure - b[i].dynamic_pressure) <= bound * fast.max_pressure());
  }
}

std::vector<double> Elevations(const FastWaveSum& fast, double t, const Eigen::Matrix3Xd& p) {
  std::vector<WaveKinematics> k(static_cast<std::size_t>(p.cols()));
  fast.At(t, p, k);
  std::vector<double> eta;
  for (const WaveKinematics& w : k) eta.push_back(w.elevation);
  return eta;
}

TEST_CASE("phasor cache: moved points, far moves and a reused matrix equal the direct sum") {
  const SeaState sea = StormSea();
  const FastWaveSum fast(sea);
  Eigen::Matrix3Xd points;
  PlaceNodes(points, 0.0);
  CheckAgainstDirect(sea, fast, 100.0, points);  // Fills the cache.
  // Small moves (within 0.31 m: the rotated phases), then beyond it (the sines taken afresh),
  // then back, over a storm's range of times.
  for (const double shift : {0.05, -0.2, 0.29, 3.0, -40.0, 0.1}) {
    PlaceNodes(points, shift);
    CAPTURE(shift);
    CheckAgainstDirect(sea, fast, 100.0 + 7.3 * shift * shift, points);
    CheckAgainstDirect(sea, fast, 10800.0 - shift, points);
  }
  // The same matrix, other points (another caller's batch at this address): the distance test
  // takes the sines afresh.
  points.row(0).array() += 500.0;
  CheckAgainstDirect(sea, fast, 55.5, points);
}

TEST_CASE("phasor cache: the result depends on the points alone, not on the history") {
  // The anchors are the cells' centres (wave_sum.h): a sum that saw other points first, a fresh
  // sum, and the same points in another matrix give the same bits. The old cache turned the
  // phasors from where the sines were last taken, which rounded differently.
  const SeaState sea = StormSea();
  const FastWaveSum used(sea);
  Eigen::Matrix3Xd points;
  PlaceNodes(points, 0.0);
  Elevations(used, 20.0, points);
  PlaceNodes(points, 0.2);  // |d| = 0.22 m: most points stay in their cell (0.43 m side).
  const std::vector<double> after_history = Elevations(used, 21.0, points);
  const FastWaveSum fresh(sea);
  const Eigen::Matrix3Xd copy = points;  // Another address: another batch.
  CHECK(Elevations(fresh, 21.0, copy) == after_history);
  CHECK(Elevations(used, 21.0, copy) == after_history);
}

TEST_CASE("rotation kernels: cos and sin of k.(x_c + d) - tau within their bound") {
  // Bound (wave_sum.h): 1e-16 (12 + |k.x_c| + |tau|) per term; here the phasors of x_c and tau
  // are correctly rounded (long double), so what is checked is the Taylor remainder
  // (<= 2.6e-16 at |theta| <= kMaxRotation) and the roundings of the products.
  constexpr std::size_t kTerms = 64;
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<double> kx(kTerms), ky(kTerms), tau(kTerms), a(kTerms, 1.0), cc(kTerms), cs(kTerms),
      tc(kTerms), ts(kTerms), cosine(kTerms), sine(kTerms);
  const double xc = 700.0 * u(rng), yc = 300.0 * u(rng);
  for (std::size_t i = 0; i < kTerms; ++i) {
    const double k = 0.41 * std::abs(u(rng)), dir = 3.0 * u(rng);
    kx[i] = k * std::cos(dir);
    ky[i] = k * std::sin(dir);
    tau[i] = 20000.0 * std::abs(u(rng));
    const long double phase =
        static_cast<long double>(kx[i]) * xc + static_cast<long double>(ky[i]) * yc;
    cc[i] = static_cast<double>(std::cos(phase));
    cs[i] = static_cast<double>(std::sin(phase));
    tc[i] = static_cast<double>(std::cos(static_cast<long double>(tau[i])));
    ts[i] = static_cast<double>(-std::sin(static_cast<long double>(tau[i])));
  }
  const WaveTermArrays t{.size = kTerms, .kx = kx.data(), .ky = ky.data(), .a = a.data()};
  const Phasors p{.cached_cos = cc.data(),
                  .cached_sin = cs.data(),
                  .time_cos = tc.data(),
                  .time_sin = ts.data()};
  const double reach = kMaxRotation / 0.41;  // |d| at which |theta| reaches kMaxRotation.
  for (int trial = 0; trial < 200; ++trial) {
    const double dx = reach * u(rng) / std::sqrt(2.0), dy = reach * u(rng) / std::sqrt(2.0);
    for (const bool avx2 : {false, true}) {
      if (avx2 && !vector_math::UsesAvx2()) continue;
      const double eta = avx2 ? avx2::RotatedPhaseSum(t, dx, dy, p, cosine.data(), sine.data())
                              : portable::RotatedPhaseSum(t, dx, dy, p, cosine.data(), sine.data());
      long double sum = 0.0L;
      for (std::size_t i = 0; i < kTerms; ++i) {
        // exp(i psi) = exp(i k.x_c) exp(i k.d) exp(-i tau), each factor from its exact argument
        // in long double (psi itself would lose 1e-15 to the rounding of tau ~ 2e4 rad).
        const long double space =
            static_cast<long double>(kx[i]) * xc + static_cast<long double>(ky[i]) * yc;
        const long double th =
            static_cast<long double>(kx[i]) * dx + static_cast<long double>(ky[i]) * dy;
        const long double xr = std::cos(space) * std::cos(th) - std::sin(space) * std::sin(th);
        const long double xi = std::sin(space) * std::cos(th) + std::cos(space) * std::sin(th);
        const long double tr = std::cos(static_cast<long double>(tau[i]));
        const long double ti = -std::sin(static_cast<long double>(tau[i]));
        const auto exact_cos = static_cast<double>(xr * tr - xi * ti);
        const auto exact_sin = static_cast<double>(xi * tr + xr * ti);
        const double bound = 1e-16 * 12.0;  // Exact phasors: only the remainder and roundings.
        CAPTURE(avx2);
        CAPTURE(i);
        CHECK(std::abs(cosine[i] - exact_cos) <= bound);
        CHECK(std::abs(sine[i] - exact_sin) <= bound);
        sum += cosine[i];
      }
      CHECK(std::abs(eta - static_cast<double>(sum)) <= 1e-14);  // 64 terms of |cos| <= 1.
    }
  }
}

}  // namespace
}  // namespace hawser::ocean::test
