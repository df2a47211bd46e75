// The wave grid's per-point arithmetic (wave_grid_sums.h): a field bilinear in (x, y), cubic in t
// and different at two levels is reproduced exactly (bilinear and cubic Hermite interpolation
// are exact for it), and the AVX2 and portable builds of the sums give the same bits.
#include "simobjects/environment/wave_grid_sums.h"

#include <doctest/doctest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "simobjects/environment/vector_math.h"
#include "simobjects/environment/wave_grid_layout.h"

namespace hawser::ocean::test {
namespace {

using grid_layout::kStride;
using grid_sums::Quantities;
using grid_sums::Stencil;

/// Quantity p (0..7, stored order) of level `level` at cell coordinates (x, y) in [0, 1]^2 and
/// time s [s]: (1 + a x)(b + y) times a cubic in s, and its time derivative.
struct Field {
  double dt;
  double Value(int level, int p, double x, double y, double s) const {
    return Space(level, p, x, y) * (c0(level, p) + s * (c1(p) + s * (c2(p) + s * c3(level, p))));
  }
  double Rate(int level, int p, double x, double y, double s) const {
    return Space(level, p, x, y) * (c1(p) + s * (2 * c2(p) + s * 3 * c3(level, p)));
  }
  static double Space(int level, int p, double x, double y) {
    return (1.0 + 0.3 * p * x) * (0.5 + level - 0.7 * y);
  }
  static double c0(int level, int p) { return 1.0 + p - 2.0 * level; }
  static double c1(int p) { return 0.5 - 0.1 * p; }
  static double c2(int p) { return -0.2 + 0.05 * p; }
  static double c3(int level, int p) { return 0.03 * (p + 1) * (level == 0 ? 1.0 : -2.0); }
};

/// A level's four corners, samples j (s = 0) and j + 1 (s = dt) as stored (wave_grid_layout.h:
/// the 8 values, then their 8 time derivatives).
std::array<std::vector<double>, 4> Corners(const Field& f, int level) {
  std::array<std::vector<double>, 4> corners;
  for (int c = 0; c < 4; ++c) {
    std::vector<double>& v = corners[static_cast<std::size_t>(c)];
    v.assign(2 * kStride, 0.0);
    const double x = c & 1, y = c >> 1;
    for (int m = 0; m < 2; ++m) {
      for (int p = 0; p < 8; ++p) {
        v[static_cast<std::size_t>(m * kStride + p)] = f.Value(level, p, x, y, m * f.dt);
        v[static_cast<std::size_t>(m * kStride + 8 + p)] = f.Rate(level, p, x, y, m * f.dt);
      }
    }
  }
  return corners;
}

/// The stencil of (x, y) at tau of the interval, with the cubic Hermite basis (h00, h10 dt, h01,
/// h11 dt).
Stencil At(const std::array<std::vector<double>, 4>& corners, double x, double y,
           const double* hermite) {
  Stencil s{};
  for (int c = 0; c < 4; ++c) s.row[c] = corners[static_cast<std::size_t>(c)].data();
  s.w[0] = (1 - x) * (1 - y);
  s.w[1] = x * (1 - y);
  s.w[2] = (1 - x) * y;
  s.w[3] = x * y;
  s.hermite = hermite;
  return s;
}

std::array<double, 4> Hermite(double tau, double dt) {
  const double t2 = tau * tau, t3 = t2 * tau;
  return {2 * t3 - 3 * t2 + 1, (t3 - 2 * t2 + tau) * dt, 3 * t2 - 2 * t3, (t3 - t2) * dt};
}

TEST_CASE("the grid's sums reproduce a field bilinear in space and cubic in time") {
  const Field f{0.7};
  const auto upper = Corners(f, 0), lower = Corners(f, 1);
  std::mt19937 random(5);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int n = 0; n < 200; ++n) {
    const double x = unit(random), y = unit(random), tau = unit(random), w = unit(random);
    const std::array<double, 4> h = Hermite(tau, f.dt);
    const Stencil a = At(upper, x, y, h.data()), b = At(lower, x, y, h.data());
    CAPTURE(x);
    CAPTURE(y);
    CAPTURE(tau);
    const double s = tau * f.dt;
    // The values are O(10); interpolation weights and sums round each of ~40 terms: 1e-13.
    CHECK(std::abs(grid_sums::Elevation(a) - f.Value(0, 0, x, y, s)) < 1e-13);
    double v[3], acc[3], p = 0.0;
    grid_sums::Kinematics(a, b, w, Quantities{v, acc, &p});
    const auto expected = [&](int q) {
      return f.Value(0, q, x, y, s) + w * (f.Value(1, q, x, y, s) - f.Value(0, q, x, y, s));
    };
    for (int k = 0; k < 3; ++k) {
      CHECK(std::abs(v[k] - expected(1 + k)) < 1e-13);
      CHECK(std::abs(acc[k] - expected(4 + k)) < 1e-13);
    }
    CHECK(std::abs(p - expected(7)) < 1e-13);
  }
}

TEST_CASE("the AVX2 and portable builds of the grid's sums agree bit for bit") {
  if (!vector_math::UsesAvx2()) return;  // Only the portable build runs here.
  std::mt19937 random(9);
  std::uniform_real_distribution<double> value(-50.0, 50.0), unit(0.0, 1.0);
  std::array<std::vector<double>, 4> upper, lower;
  for (auto* level : {&upper, &lower}) {
    for (std::vector<double>& corner : *level) {
      corner.resize(2 * kStride);
      for (double& d : corner) d = value(random);
    }
  }
  for (int n = 0; n < 1000; ++n) {
    const std::array<double, 4> h = Hermite(unit(random), unit(random));
    const double x = unit(random), y = unit(random), w = unit(random);
    const Stencil a = At(upper, x, y, h.data()), b = At(lower, x, y, h.data());
    double portable[7], avx2[7];
    grid_sums::KinematicsPortable(a, b, w, Quantities{portable, portable + 3, portable + 6});
    grid_sums::KinematicsAvx2(a, b, w, Quantities{avx2, avx2 + 3, avx2 + 6});
    CHECK(std::memcmp(portable, avx2, sizeof portable) == 0);
  }
}

}  // namespace
}  // namespace hawser::ocean::test
