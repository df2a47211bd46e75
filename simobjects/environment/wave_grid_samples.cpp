// WaveGrid's samples (Fill: a vertex's chunk of samples from the components) and the error
// bound of their interpolation (ErrorBound): wave_grid.h's file comment.
#include <Eigen/Core>
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

#include "simobjects/environment/vector_math.h"
#include "simobjects/environment/wave_grid.h"
#include "simobjects/environment/wave_grid_layout.h"

namespace hawser::ocean {

using namespace grid_layout;  // NOLINT(google-build-using-namespace): this file's own layout.

WaveGrid::Weights WaveGrid::LevelWeights(double zs, std::size_t kept) const {
  // The factors of cos(psi) (quantities kU .. kP) and sin(psi) (kW .. kPRate) in sea_state.h's
  // formulas and their time derivatives, at stretched height zs.
  Weights w;
  w.cos.resize(6, static_cast<Eigen::Index>(kept));
  w.sin.resize(5, static_cast<Eigen::Index>(kept));
  for (std::size_t u = 0; u < kept; ++u) {
    const auto c = static_cast<Eigen::Index>(u);
    const double e = std::exp(k_[u] * zs), o = omega_[u];
    const double q = e2kh_[u] == 0.0 ? 0.0 : e2kh_[u] / (e * e);  // As sea_state.cpp.
    const double ch = e * (1.0 + q), sh = e * (1.0 - q);
    const double cu = ux_[u] * ch, cv = uy_[u] * ch, cw = uz_[u] * sh, cp = p_[u] * ch;
    w.cos.col(c) << cu, cv, -o * cw, -o * o * cu, -o * o * cv, cp;
    w.sin.col(c) << cw, o * cu, o * cv, -o * o * cw, o * cp;
  }
  return w;
}

void WaveGrid::Fill(int level, std::int64_t i, std::int64_t j, std::int64_t chunk,
                    double* out) const {
  ++fills_;
  const auto u = static_cast<std::size_t>(level);
  const double s = level_spacing_[u], dt = dt_[u];
  const double x = static_cast<double>(i) * s, y = static_cast<double>(j) * s;
  const double t0 = static_cast<double>(chunk * kGridChunk) * dt;
  const auto n = static_cast<Eigen::Index>(a_.size());
  using Array = Eigen::Map<const Eigen::ArrayXd>;
  const Array kx(kx_.data(), n), ky(ky_.data(), n), omega(omega_.data(), n),
      phase(phase_.data(), n), rc(rot_cos_.data() + u * a_.size(), n),
      rs(rot_sin_.data() + u * a_.size(), n);
  // exp(i psi) at t0 (SLEEF, 1 ULP), then turned by exp(-i omega dt) per sample (rounding ~1e-16
  // per step: ~3e-15 after a chunk).
  cos_.resize(n, kSamples);
  sin_.resize(n, kSamples);
  cos_.col(0) = (kx * x + ky * y - omega * t0 + phase).matrix();
  vector_math::SinCos(std::span<const double>(cos_.data(), a_.size()),
                      std::span<double>(cos_.data(), a_.size()),
                      std::span<double>(sin_.data(), a_.size()));
  for (int m = 0; m + 1 < kSamples; ++m) {
    const auto c = cos_.col(m).array(), sn = sin_.col(m).array();
    cos_.col(m + 1) = (c * rc + sn * rs).matrix();  // cos(psi - omega dt)
    sin_.col(m + 1) = (sn * rc - c * rs).matrix();
  }
  // Sample m's quantities are column m (file comment). The elevation sums every component, the
  // kinematics the level's kept ones (a prefix).
  const Weights& w = weights_[u];
  const Eigen::Index kept = w.cos.cols();
  block_.resize(kQuantities, kSamples);
  block_.row(kEta).noalias() = eta_weights_.row(0) * cos_;
  block_.row(kEtaRate).noalias() = eta_weights_.row(1) * sin_;
  block_.middleRows<6>(kU).noalias() = w.cos * cos_.topRows(kept);
  block_.middleRows<5>(kW).noalias() = w.sin * sin_.topRows(kept);
  for (int m = 0; m < kSamples; ++m) {
    for (int k = 0; k < kStride; ++k) out[m * kStride + k] = block_(kStored[k], m);
  }
}

WaveGrid::Bound WaveGrid::ErrorBound(double z, double zs) const {
  // The elevation comes from the lattice of z's level.
  const auto le = static_cast<std::size_t>(LevelOf(std::min(z, 0.0)));
  const double se = level_spacing_[le], dte4 = std::pow(dt_[le], 4) / 384.0;
  Bound b{0, 0, 0, 0};
  for (std::size_t c = 0; c < a_.size(); ++c) {
    const double k2 = k_[c] * k_[c], w = omega_[c];
    b.elevation += a_[c] * (k2 * se * se / 8.0 + w * w * w * w * dte4);
  }
  // Wheeler: z' moves by at most h / (h + eta_min) times the elevation's error.
  double shift = 0.0;
  if (sea_.stretching() == Stretching::kWheeler) {
    const double h = sea_.depth();
    shift = std::isinf(h) ? b.elevation
                          : (h + eta_floor_ > 0.0 ? h / (h + eta_floor_) * b.elevation
                                                  : std::numeric_limits<double>::infinity());
  }
  // The cells z' can fall in: from hi's (the top, where |A| is largest) to lo's (the coarsest).
  const int hi = LevelOf(std::min(zs + shift, 0.0)), lo = LevelOf(std::max(zs - shift, z_.back()));
  const auto coarse = static_cast<std::size_t>(lo + 1);
  const double s = level_spacing_[coarse], dt4 = std::pow(dt_[coarse], 4) / 384.0;
  double dz = 0.0;
  for (int l = hi; l <= lo; ++l) dz = std::max(dz, z_[l] - z_[l + 1]);
  const double top = z_[hi];
  for (std::size_t c = 0; c < a_.size(); ++c) {
    const double k2 = k_[c] * k_[c], w = omega_[c];
    // |depth ratio| <= 2 e^(k z') in the column (wave_sum.h), largest at the cell's top.
    const double e = 2.0 * std::exp(k_[c] * top);
    const double factor = e * (k2 * (s * s + dz * dz) / 8.0 + w * w * w * w * dt4 + k_[c] * shift) +
                          2.0 * kLevelCutoff;
    const double v = std::max({std::abs(ux_[c]), std::abs(uy_[c]), std::abs(uz_[c])});
    b.velocity += v * factor;
    b.acceleration += w * v * factor;
    b.pressure += p_[c] * factor;
  }
  return b;
}

}  // namespace hawser::ocean
