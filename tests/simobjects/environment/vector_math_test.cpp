// simobjects/environment/vector_math.h against glibc's scalar sin, cos and exp: both are
// accurate to 1 ULP, so they may differ by 2 ULP at most; square roots and reciprocals against
// the scalar operations bit for bit (IEEE: both correctly rounded). Both kernels (SSE2 always, AVX2
// where the CPU has it), every length's tail, and the in-place use the wave sums make.
#include "simobjects/environment/vector_math.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "simobjects/environment/vector_math_kernels.h"

namespace hawser::vector_math {
namespace {

/// |a - b| in units in the last place of the larger of the two.
double UlpDistance(double a, double b) {
  if (a == b) return 0.0;
  const double larger = std::max(std::abs(a), std::abs(b));
  const double ulp = std::nextafter(larger, std::numeric_limits<double>::infinity()) - larger;
  return std::abs(a - b) / ulp;
}

/// Phases as the wave sums make them (k x - omega t + phase: up to ~1e4 rad over hours of
/// simulation and kilometres of line), plus a few near multiples of pi/2 and huge ones.
std::vector<double> Angles(int n) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-2e4, 2e4);
  std::vector<double> a(n);
  for (double& v : a) v = u(rng);
  if (n >= 6) {
    a[0] = 0.0;
    a[1] = 1.5707963267948966;
    a[2] = -3.141592653589793;
    a[3] = 1e-300;
    a[4] = 1e15;
    a[5] = 355.0;  // Close to a multiple of pi: sin(355) ~ -3e-5.
  }
  return a;
}

constexpr double kUlps = 2.0;  // 1 ULP each (SLEEF u10 and glibc), in opposite directions.

void CheckSinCos(const std::vector<double>& angle, const std::vector<double>& c,
                 const std::vector<double>& s, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    CAPTURE(angle[i]);
    CHECK(UlpDistance(c[i], std::cos(angle[i])) <= kUlps);
    CHECK(UlpDistance(s[i], std::sin(angle[i])) <= kUlps);
  }
}

TEST_CASE("vector_math::SinCos agrees with glibc to 2 ULP, every length, in place too") {
  for (const int n : {0, 1, 2, 3, 4, 5, 7, 8, 9, 100, 1001}) {
    CAPTURE(n);
    const std::vector<double> angle = Angles(n);
    std::vector<double> c(n), s(n);
    SinCos(angle, c, s);
    CheckSinCos(angle, c, s, n);
    std::vector<double> in_place = angle;  // cosine may be the angle (sea_state.cpp).
    SinCos(in_place, in_place, s);
    CHECK(in_place == c);
  }
}

TEST_CASE("vector_math: the SSE2 and, where the CPU has it, the AVX2 kernels") {
  const std::vector<double> angle = Angles(1001);
  std::vector<double> c(angle.size()), s(angle.size());
  CHECK(sse2::SinCos(angle.data(), c.data(), s.data(), angle.size()) == 1000);
  CheckSinCos(angle, c, s, 1000);
  if (UsesAvx2()) {
    CHECK(avx2::SinCos(angle.data(), c.data(), s.data(), angle.size()) == 1000);
    CheckSinCos(angle, c, s, 1000);
  }
  // Exp over the decay factors' range, exp(k z) for k z in [-700, 0], and beyond it.
  std::vector<double> x(1001), e(1001);
  for (size_t i = 0; i < x.size(); ++i) x[i] = -700.0 + 0.7 * static_cast<double>(i);
  CHECK(sse2::Exp(x.data(), e.data(), x.size()) == 1000);
  for (size_t i = 0; i < 1000; ++i) CHECK(UlpDistance(e[i], std::exp(x[i])) <= kUlps);
  if (UsesAvx2()) {
    CHECK(avx2::Exp(x.data(), e.data(), x.size()) == 1000);
    for (size_t i = 0; i < 1000; ++i) CHECK(UlpDistance(e[i], std::exp(x[i])) <= kUlps);
  }
  Exp(x, e);
  for (size_t i = 0; i < x.size(); ++i) CHECK(UlpDistance(e[i], std::exp(x[i])) <= kUlps);
}

/// Squared lengths as the cable makes them, and the edge cases: zero (a zero chord), a
/// subnormal, a huge value, infinity and a NaN.
std::vector<double> Squares(int n) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(0.0, 1e4);
  std::vector<double> a(n);
  for (double& v : a) v = u(rng);
  if (n >= 5) {
    a[0] = 0.0;
    a[1] = 5e-324;
    a[2] = 1e300;
    a[3] = std::numeric_limits<double>::infinity();
    a[4] = std::numeric_limits<double>::quiet_NaN();
  }
  return a;
}

/// Equal as bit patterns (a NaN equals a NaN, 0 and -0 differ).
bool SameBits(double a, double b) {
  return std::bit_cast<uint64_t>(a) == std::bit_cast<uint64_t>(b);
}

void CheckRoots(const std::vector<double>& square, const std::vector<double>& root,
                const std::vector<double>& reciprocal, size_t count) {
  for (size_t i = 0; i < count; ++i) {
    CAPTURE(square[i]);
    CHECK(SameBits(root[i], std::sqrt(square[i])));
    if (!reciprocal.empty()) CHECK(SameBits(reciprocal[i], 1.0 / std::sqrt(square[i])));
  }
}

TEST_CASE("vector_math::SqrtAndReciprocal equals the scalar sqrt and 1 / sqrt bit for bit") {
  for (const int n : {0, 1, 2, 3, 4, 5, 7, 8, 9, 201}) {
    CAPTURE(n);
    const std::vector<double> square = Squares(n);
    std::vector<double> root(n), reciprocal(n);
    SqrtAndReciprocal(square, root, reciprocal);
    CheckRoots(square, root, reciprocal, n);
    std::vector<double> only(n);  // No reciprocals wanted: none written.
    SqrtAndReciprocal(square, only, {});
    CHECK(std::equal(only.begin(), only.end(), root.begin(), SameBits));
  }
  const std::vector<double> square = Squares(1001);
  std::vector<double> root(1001), reciprocal(1001);
  CHECK(sse2::SqrtAndReciprocal(square.data(), root.data(), reciprocal.data(), 1001) == 1000);
  CheckRoots(square, root, reciprocal, 1000);
  if (UsesAvx2()) {
    std::fill(root.begin(), root.end(), 0.0);
    std::fill(reciprocal.begin(), reciprocal.end(), 0.0);
    CHECK(avx2::SqrtAndReciprocal(square.data(), root.data(), reciprocal.data(), 1001) == 1000);
    CheckRoots(square, root, reciprocal, 1000);
  }
}

}  // namespace
}  // namespace hawser::vector_math
