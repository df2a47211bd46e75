// WaveGrid's samples (Fill: a vertex's chunk of samples from the components) and the error
// bound of their interpolation (ErrorBound): wave_grid.h's file comment.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

#include "simobjects/environment/vector_math.h"
#include "simobjects/environment/wave_grid.h"
#include "simobjects/environment/wave_grid_fill.h"
#include "simobjects/environment/wave_grid_layout.h"

namespace hawser::ocean {

using namespace grid_layout;  // NOLINT(google-build-using-namespace): this file's own layout.

void WaveGrid::AddLevelWeights(double zs, std::size_t kept) {
  // Level l's rows for grid_fill (wave_grid_fill.h): eta's and d eta / dt's over every
  // component, then the factors of cos(psi) and sin(psi) in sea_state.h's formulas and their
  // time derivatives at stretched height zs over the kept ones; zero elsewhere.
  const std::size_t n = padded_, start = weights_.size();
  weights_.resize(start + kQuantities * n, 0.0);
  const auto row = [&](int q) { return weights_.data() + start + static_cast<std::size_t>(q) * n; };
  for (std::size_t u = 0; u < a_.size(); ++u) {
    row(kEta)[u] = a_[u];                  // eta: a cos(psi)
    row(kEtaRate)[u] = a_[u] * omega_[u];  // d eta / dt: a omega sin(psi)
  }
  for (std::size_t u = 0; u < kept; ++u) {
    const double e = std::exp(k_[u] * zs), o = omega_[u];
    const double q = e2kh_[u] == 0.0 ? 0.0 : e2kh_[u] / (e * e);  // As sea_state.cpp.
    const double ch = e * (1.0 + q), sh = e * (1.0 - q);
    const double cu = ux_[u] * ch, cv = uy_[u] * ch, cw = uz_[u] * sh, cp = p_[u] * ch;
    row(kU)[u] = cu;
    row(kV)[u] = cv;
    row(kAz)[u] = -o * cw;
    row(kAxRate)[u] = -o * o * cu;
    row(kAyRate)[u] = -o * o * cv;
    row(kP)[u] = cp;
    row(kW)[u] = cw;
    row(kAx)[u] = o * cu;
    row(kAy)[u] = o * cv;
    row(kAzRate)[u] = -o * o * cw;
    row(kPRate)[u] = o * cp;
  }
  kept_.push_back((kept + 3) / 4 * 4);
}

void WaveGrid::Fill(int level, std::int64_t i, std::int64_t j, std::int64_t chunk,
                    double* out) const {
  ++fills_;
  const auto u = static_cast<std::size_t>(level);
  const double s = level_spacing_[u], dt = dt_[u];
  const double x = static_cast<double>(i) * s, y = static_cast<double>(j) * s;
  const double t0 = static_cast<double>(chunk * kGridChunk) * dt;
  // exp(i psi) at t0 (about 1 ULP), then turned per sample (rounding ~1e-16 per step: ~3e-15
  // after a chunk).
  const std::size_t n = padded_;
  turned_cos_.resize(n * kSamples);
  turned_sin_.resize(n * kSamples);
  grid_fill::Samples({.components = n,
                      .kept = kept_[u],
                      .weights = weights_.data() + u * kQuantities * n,
                      .turn_cos = rot_cos_.data() + u * n,
                      .turn_sin = rot_sin_.data() + u * n,
                      .kx = kx_.data(),
                      .ky = ky_.data(),
                      .omega = omega_.data(),
                      .phase = phase_.data()},
                     x, y, t0, turned_cos_.data(), turned_sin_.data(), out);
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
