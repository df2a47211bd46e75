// A wave-grid vertex's samples (wave_grid_fill.h): each build's 13 sums equal the closed form
// sum_c w_qc cos(psi_c - m omega_c dt) (or sin) with the phase turned exactly, within the
// rounding of the phasor turns and the sums; the elevation's rows run past `kept`, and nothing
// past `components` is read.
#include "simobjects/environment/wave_grid_fill.h"

#include <doctest/doctest.h>

#include <cmath>
#include <cstddef>
#include <limits>
#include <random>
#include <vector>

#include "simobjects/environment/vector_math.h"
#include "simobjects/environment/wave_grid_layout.h"

namespace hawser::ocean::test {
namespace {

using namespace grid_layout;  // NOLINT(google-build-using-namespace): the layout under test.

/// Rows of 16, of which the first 12 components are summed and the first 8 carry kinematics,
/// sampled at (x, y) from t0 every dt. Past the 12 the phase constants are NaN (weights zero,
/// as Level requires): a kernel that read them would return NaN.
struct Case {
  static constexpr std::size_t kReal = 12, kPadded = 16, kKept = 8;
  static constexpr double x = 7.5, y = -2.25, t0 = 8.0, dt = 0.25;  // |psi| < 64 rad.
  std::vector<double> weights = std::vector<double>(kQuantities * kPadded, 0.0);
  std::vector<double> kx = std::vector<double>(kPadded, 0.0), ky = kx, omega = kx, phase = kx;
  std::vector<double> turn_cos = kx, turn_sin = kx;
  Case() {
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> weight(-3.0, 3.0), wave_number(-0.4, 0.4),
        frequency(0.1, 2.0), angle(-3.2, 3.2);
    for (std::size_t c = 0; c < kReal; ++c) {
      kx[c] = wave_number(rng);
      ky[c] = wave_number(rng);
      omega[c] = frequency(rng);
      phase[c] = angle(rng);
      for (int q = 0; q < kQuantities; ++q) {
        const bool kinematics = q != kEta && q != kEtaRate;
        if (!kinematics || c < kKept) weights[q * kPadded + c] = weight(rng);
      }
    }
    for (std::size_t c = 0; c < kPadded; ++c) {
      if (c >= kReal) kx[c] = ky[c] = omega[c] = phase[c] = std::nan("");
      turn_cos[c] = std::cos(omega[c] * dt);
      turn_sin[c] = std::sin(omega[c] * dt);
    }
  }
  /// Runs `samples` and returns its kSamples x kStride values.
  template <class Kernel>
  std::vector<double> Run(Kernel samples) const {
    std::vector<double> cos(kPadded * kSamples), sin(kPadded * kSamples);
    std::vector<double> out(kSamples * kStride);
    const grid_fill::Level level{.stride = kPadded,
                                 .components = kReal,
                                 .kept = kKept,
                                 .weights = weights.data(),
                                 .turn_cos = turn_cos.data(),
                                 .turn_sin = turn_sin.data(),
                                 .kx = kx.data(),
                                 .ky = ky.data(),
                                 .omega = omega.data(),
                                 .phase = phase.data()};
    samples(level, x, y, t0, cos.data(), sin.data(), out.data());
    return out;
  }
  /// psi of component c at sample m, exactly as far as double allows.
  double Phase(std::size_t c, std::size_t m) const {
    return kx[c] * x + ky[c] * y - omega[c] * (t0 + static_cast<double>(m) * dt) + phase[c];
  }
};

void CheckAgainstClosedForm(const Case& k, const std::vector<double>& out) {
  constexpr double eps = std::numeric_limits<double>::epsilon();
  for (std::size_t m = 0; m < kSamples; ++m) {
    for (int stored = 0; stored < kStride; ++stored) {
      const int q = kStored[stored];
      bool uses_cos = false;
      for (int r : kCosRows) uses_cos = uses_cos || r == q;
      double exact = 0.0, magnitude = 0.0;
      for (std::size_t c = 0; c < Case::kReal; ++c) {
        const double w = k.weights[q * Case::kPadded + c];
        const double psi = k.Phase(c, m);
        exact += w * (uses_cos ? std::cos(psi) : std::sin(psi));
        magnitude += std::abs(w);
      }
      // Each turn rounds the phasor by at most 4 eps (two products, a sum and cos / sin of
      // omega dt), so sample m's is within 4 m eps (+ 1 eps at the start); the sum of at most 16
      // terms adds 16 eps of sum |w|; psi's four roundings, each at most half an ULP of 64 rad (32
      // eps), in the kernel and here: 2 x 128 eps. Bound: (4 m + 1 + 16 + 256) eps sum |w|.
      const double bound = (4.0 * static_cast<double>(m) + 273.0) * eps * magnitude;
      CAPTURE(m);
      CAPTURE(stored);
      CHECK(std::abs(out[m * kStride + stored] - exact) <= bound);
    }
  }
}

}  // namespace

TEST_CASE("a grid vertex's portable samples equal the turned phasors' closed form") {
  const Case k;
  CheckAgainstClosedForm(k, k.Run(grid_fill::SamplesPortable));
}

TEST_CASE("a grid vertex's AVX2 samples equal the turned phasors' closed form") {
  if (!vector_math::UsesAvx2()) return;  // Only the portable build runs here.
  const Case k;
  CheckAgainstClosedForm(k, k.Run(grid_fill::SamplesAvx2));
}

}  // namespace hawser::ocean::test
