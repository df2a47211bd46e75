// WaveGrid's samples (Fill: a vertex's chunk of samples from the components) and the error
// bound of their interpolation (ErrorBound): wave_grid.h's file comment.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "simobjects/environment/vector_math.h"
#include "simobjects/environment/wave_grid.h"
#include "simobjects/environment/wave_grid_fill.h"
#include "simobjects/environment/wave_grid_layout.h"

namespace hawser::ocean {

using namespace grid_layout;  // NOLINT(google-build-using-namespace): this file's own layout.

namespace {
// A level leaves out of its kinematics at most this share of its own interpolation bound.
constexpr double kLeftOutShare = 0.1;
}  // namespace

void WaveGrid::AddLevel(std::size_t l) {
  // Level l's rows for grid_fill (wave_grid_fill.h): eta's and d eta / dt's, then the factors of
  // cos(psi) and sin(psi) in sea_state.h's formulas and their time derivatives at z_l; zero for
  // the components left out (wave_grid.h).
  const double zs = z_[l], s = level_spacing_[l], dt4 = std::pow(dt_[l], 4) / 384.0;
  const std::size_t n = padded_, count = a_.size(), start = weights_.size();
  weights_.resize(start + kQuantities * n, 0.0);
  const auto row = [&](int q) { return weights_.data() + start + static_cast<std::size_t>(q) * n; };
  std::size_t elevation = 0;
  while (elevation < count && InterpolationTerm(elevation, s, 0.0, dt4) < 1.0) ++elevation;
  for (std::size_t u = 0; u < elevation; ++u) {
    row(kEta)[u] = a_[u];                  // eta: a cos(psi)
    row(kEtaRate)[u] = a_[u] * omega_[u];  // d eta / dt: a omega sin(psi)
  }
  // Each component's kinematics factors, and its largest velocity, acceleration and pressure.
  constexpr int kRows[11] = {kU, kV, kAz, kAxRate, kAyRate, kP, kW, kAx, kAy, kAzRate, kPRate};
  std::vector<Bound> size(count);
  Bound own{0, 0, 0, 0};  // The level's own bound (s = dz = s_l).
  for (std::size_t u = 0; u < count; ++u) {
    const double e = std::exp(k_[u] * zs), o = omega_[u];
    const double q = e2kh_[u] == 0.0 ? 0.0 : e2kh_[u] / (e * e);  // As sea_state.cpp.
    const double ch = e * (1.0 + q), sh = e * (1.0 - q);
    const double cu = ux_[u] * ch, cv = uy_[u] * ch, cw = uz_[u] * sh, cp = p_[u] * ch;
    const double factors[11] = {cu, cv,     -o * cw, -o * o * cu, -o * o * cv, cp,
                                cw, o * cu, o * cv,  -o * o * cw, o * cp};
    for (int r = 0; r < 11; ++r) row(kRows[r])[u] = factors[r];
    const double v = std::max({std::abs(cu), std::abs(cv), std::abs(cw)});
    size[u] = {0.0, v, o * v, std::abs(cp)};
    const double t = InterpolationTerm(u, s, s, dt4);
    own.velocity += size[u].velocity * t;
    own.acceleration += size[u].acceleration * t;
    own.pressure += size[u].pressure * t;
  }
  // Left out: the largest tail (in k) within kLeftOutShare of `own`, for each quantity.
  std::size_t kinematics = count;
  Bound tail{0, 0, 0, 0};
  while (kinematics > 0) {
    const Bound& c = size[kinematics - 1];
    if (tail.velocity + c.velocity > kLeftOutShare * own.velocity ||
        tail.acceleration + c.acceleration > kLeftOutShare * own.acceleration ||
        tail.pressure + c.pressure > kLeftOutShare * own.pressure) {
      break;
    }
    tail.velocity += c.velocity;
    tail.acceleration += c.acceleration;
    tail.pressure += c.pressure;
    --kinematics;
  }
  for (const int r : kRows) std::fill(row(r) + kinematics, row(r) + count, 0.0);
  const auto padded = [](std::size_t c) { return (c + 3) / 4 * 4; };
  elevation_count_.push_back(elevation);
  kinematics_count_.push_back(kinematics);
  summed_.push_back(padded(std::max(elevation, kinematics)));
  kept_.push_back(padded(kinematics));
  left_out_.push_back(tail);
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
  grid_fill::Samples({.stride = n,
                      .components = summed_[u],
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
  for (std::size_t c = 0; c < a_.size(); ++c)
    b.elevation += a_[c] * InterpolationTerm(c, se, 0.0, dte4);
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
    // |depth ratio| <= 2 e^(k z') in the column (wave_sum.h), largest at the cell's top.
    const double e = 2.0 * std::exp(k_[c] * top);
    const double factor = e * (InterpolationTerm(c, s, dz, dt4) + k_[c] * shift);
    const double v = std::max({std::abs(ux_[c]), std::abs(uy_[c]), std::abs(uz_[c])});
    b.velocity += v * factor;
    b.acceleration += omega_[c] * v * factor;
    b.pressure += p_[c] * factor;
  }
  // What the levels read leave out of their kinematics (z' blends two of them).
  Bound left{0, 0, 0, 0};
  for (int l = hi; l <= lo + 1; ++l) {
    const Bound& o = left_out_[static_cast<std::size_t>(l)];
    left.velocity = std::max(left.velocity, o.velocity);
    left.acceleration = std::max(left.acceleration, o.acceleration);
    left.pressure = std::max(left.pressure, o.pressure);
  }
  b.velocity += left.velocity;
  b.acceleration += left.acceleration;
  b.pressure += left.pressure;
  return b;
}

}  // namespace hawser::ocean
