#include "simobjects/body/newman_drift.h"

#include <cmath>
#include <span>
#include <vector>

#include "simobjects/environment/vector_math.h"

namespace hawser {

Vector6d NewmanDriftSum(std::span<const WaveComponentInfo> waves, const RaoTable::Components& d,
                        double t, double x, double y) {
  // The phases, their cosines and sines 4 at a time (SLEEF), |D| per DOF and its square roots
  // (correctly rounded, as std::sqrt), in work arrays per thread (sweeps run models on several).
  const size_t n = waves.size();
  thread_local std::vector<double> work;
  work.resize(9 * n);
  double* const psi = work.data();
  double* const cosine = psi + n;
  double* const sine = cosine + n;
  double* const magnitude = sine + n;  // [i * n + k]: |D_k,i|, then its root.
  for (size_t k = 0; k < n; ++k) {
    const WaveComponentInfo& w = waves[k];
    psi[k] = d.kx[k] * x + d.ky[k] * y - w.omega * t + w.phase;
  }
  vector_math::SinCos({psi, n}, {cosine, n}, {sine, n});
  for (size_t k = 0; k < n; ++k) {  // a_k e^{i psi_k}
    cosine[k] *= waves[k].amplitude;
    sine[k] *= waves[k].amplitude;
  }
  // Per DOF the sums over components with D > 0 and D < 0 (file comment), c_k = a_k sqrt|D_k|;
  // a DOF whose D is zero for every component (heave, roll, pitch in most files) is 0.
  Vector6d f = Vector6d::Zero();
  for (size_t i = 0; i < 6; ++i) {
    double* const root = magnitude + i * n;
    bool any = false;
    for (size_t k = 0; k < n; ++k) {
      root[k] = std::abs(d.h[k][i].real());
      any = any || root[k] != 0.0;
    }
    if (!any) continue;
    vector_math::SqrtAndReciprocal({root, n}, {root, n}, {});
    double positive_re = 0.0, positive_im = 0.0, negative_re = 0.0, negative_im = 0.0;
    for (size_t k = 0; k < n; ++k) {
      const double di = d.h[k][i].real();
      const double re = root[k] * cosine[k], im = root[k] * sine[k];
      if (di > 0.0) positive_re += re, positive_im += im;
      if (di < 0.0) negative_re += re, negative_im += im;
    }
    f[static_cast<Eigen::Index>(i)] = (positive_re * positive_re + positive_im * positive_im) -
                                      (negative_re * negative_re + negative_im * negative_im);
  }
  return f;
}

Vector6d NewmanDrift(const RaoTable& drift, const Ocean& ocean, double t, double x, double y,
                     double heading) {
  const double ramp = ocean.WaveRamp(t);
  if (ramp == 0.0) return Vector6d::Zero();
  const std::span<const WaveComponentInfo> waves = ocean.WaveComponents();
  return ramp * ramp * NewmanDriftSum(waves, drift.AtComponents(waves, heading), t, x, y);
}

}  // namespace hawser
