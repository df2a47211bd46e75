#include "simobjects/body/qtf_drift.h"

#include <algorithm>
#include <cmath>
#include <complex>

#include "hawser/common_declarations.h"

namespace hawser {
namespace {

/// A grid index and the weight of the next point: the value is (1 - u) v[i] + u v[i + 1].
struct Stencil {
  size_t i = 0, next = 0;
  double u = 0.0;
};

/// Linear in `x` on the increasing `axis`, held outside it.
Stencil Bracket(const std::vector<double>& axis, double x) {
  if (x <= axis.front()) return {};
  if (x >= axis.back()) return {axis.size() - 1, axis.size() - 1, 0.0};
  const size_t i =
      static_cast<size_t>(std::upper_bound(axis.begin(), axis.end(), x) - axis.begin()) - 1;
  return {i, i + 1, (x - axis[i]) / (axis[i + 1] - axis[i])};
}

}  // namespace

void QtfDrift::Resolve(std::span<const WaveComponentInfo> waves, double heading) {
  const size_t n = waves.size();
  std::vector<Stencil> f(n);
  std::vector<HeadingStencil> h(n);
  kx_.resize(n);
  ky_.resize(n);
  for (size_t k = 0; k < n; ++k) {
    f[k] = Bracket(table_.omegas, waves[k].omega);
    h[k] = HeadingBracket(table_.headings, (waves[k].direction - heading) / kDegree);
    kx_[k] = waves[k].wave_number * std::cos(waves[k].direction);
    ky_[k] = waves[k].wave_number * std::sin(waves[k].direction);
  }
  t_.assign(n * n, RaoTable::Response{});
  for (size_t i = 0; i < n; ++i) {
    for (size_t j = 0; j < n; ++j) {
      // Bilinear in (omega_i, omega_j), linear in component i's heading: 8 grid values.
      RaoTable::Response& t = t_[i * n + j];
      const double wi[2] = {1.0 - f[i].u, f[i].u}, wj[2] = {1.0 - f[j].u, f[j].u};
      const double wh[2] = {1.0 - h[i].u, h[i].u};
      const size_t fi[2] = {f[i].i, f[i].next}, fj[2] = {f[j].i, f[j].next};
      const size_t hh[2] = {h[i].i, h[i].next};
      for (int a = 0; a < 2; ++a) {
        for (int b = 0; b < 2; ++b) {
          for (int c = 0; c < 2; ++c) {
            const double w = wi[a] * wj[b] * wh[c];
            if (w == 0.0) continue;
            const RaoTable::Response& v = table_.At(fi[a], fj[b], hh[c]);
            for (size_t m = 0; m < 6; ++m) t[m] += w * v[m];
          }
        }
      }
    }
  }
  waves_ = waves.data();
  count_ = n;
  heading_ = heading;
}

Vector6d QtfDrift::Sum(std::span<const WaveComponentInfo> waves, double t, double x, double y,
                       double heading) {
  if (waves.data() != waves_ || waves.size() != count_ || heading != heading_ || t_.empty()) {
    Resolve(waves, heading);
  }
  const size_t n = waves.size();
  std::vector<std::complex<double>> u(n);
  for (size_t k = 0; k < n; ++k) {
    const double psi = kx_[k] * x + ky_[k] * y - waves[k].omega * t + waves[k].phase;
    u[k] = waves[k].amplitude * std::complex<double>(std::cos(psi), std::sin(psi));
  }
  // F_m = Re sum_i conj(u_i) (sum_j T_ij u_j) (file comment).
  Vector6d load = Vector6d::Zero();
  for (size_t i = 0; i < n; ++i) {
    std::complex<double> row[6] = {};
    for (size_t j = 0; j < n; ++j) {
      if (cutoff_ > 0.0 && std::abs(waves[i].omega - waves[j].omega) > cutoff_) continue;
      const RaoTable::Response& tij = t_[i * n + j];
      for (size_t m = 0; m < 6; ++m) row[m] += tij[m] * u[j];
    }
    for (size_t m = 0; m < 6; ++m) load[static_cast<int>(m)] += (std::conj(u[i]) * row[m]).real();
  }
  return load;
}

Vector6d QtfDrift::Load(const Ocean& ocean, double t, double x, double y, double heading) {
  const double ramp = ocean.WaveRamp(t);
  if (ramp == 0.0) return Vector6d::Zero();
  return ramp * ramp * Sum(ocean.WaveComponents(), t, x, y, heading);
}

}  // namespace hawser
