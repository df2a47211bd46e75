#include "runtime/solve/fixed_step_updates.h"

#include "runtime/model/non_finite.h"
#include "runtime/solve/elementwise_clones.h"

namespace hawser::fixed_step {

HAWSER_ELEMENTWISE void Stage(const double* __restrict x, double a, const double* __restrict k,
                              int n, double* __restrict s) {
  for (int i = 0; i < n; ++i) s[i] = x[i] + a * k[i];
}

HAWSER_ELEMENTWISE uint64_t EulerUpdate(const double* __restrict x, double h,
                                        const double* __restrict k, int n, double* __restrict xn) {
  uint64_t non_finite = 0;
  for (int i = 0; i < n; ++i) {
    xn[i] = x[i] + h * k[i];
    non_finite |= NonFiniteBit(xn[i]);
  }
  return non_finite;
}

HAWSER_ELEMENTWISE uint64_t Rk4Update(const double* __restrict x, double c,
                                      const double* __restrict k1, const double* __restrict k2,
                                      const double* __restrict k3, const double* __restrict k4,
                                      int n, double* __restrict xn) {
  uint64_t non_finite = 0;
  for (int i = 0; i < n; ++i) {
    xn[i] = x[i] + c * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
    non_finite |= NonFiniteBit(xn[i]);
  }
  return non_finite;
}

HAWSER_ELEMENTWISE uint64_t SemiExplicitUpdate(const double* __restrict x, double h,
                                               const double* __restrict k,
                                               const double* __restrict mask,
                                               const double* __restrict k_rate, int n,
                                               double* __restrict xn) {
  uint64_t non_finite = 0;
  for (int i = 0; i < n; ++i) {
    xn[i] = x[i] + h * k[i] + h * h * mask[i] * k_rate[i];
    non_finite |= NonFiniteBit(xn[i]);
  }
  return non_finite;
}

HAWSER_ELEMENTWISE uint64_t LeapfrogUpdate(const double* __restrict x, double h,
                                           const double* __restrict k,
                                           const double* __restrict mask,
                                           const double* __restrict x_rate,
                                           const double* __restrict k_rate, int n,
                                           double* __restrict xn) {
  uint64_t non_finite = 0;
  for (int i = 0; i < n; ++i) {
    xn[i] = x[i] + h * (k[i] * (1.0 - mask[i]) + mask[i] * (x_rate[i] + h * k_rate[i]));
    non_finite |= NonFiniteBit(xn[i]);
  }
  return non_finite;
}

HAWSER_ELEMENTWISE void NewmarkPredict(const double* __restrict x, double h,
                                       const double* __restrict k, const double* __restrict mask,
                                       const double* __restrict x_rate,
                                       const double* __restrict k_rate, int n,
                                       double* __restrict xp) {
  for (int i = 0; i < n; ++i)
    xp[i] = x[i] + h * (k[i] * (1.0 - mask[i]) + mask[i] * (x_rate[i] + 0.5 * h * k_rate[i]));
}

HAWSER_ELEMENTWISE uint64_t NewmarkCorrect(
    const double* __restrict x, double h, double beta, const double* __restrict k,
    const double* __restrict k_new, const double* __restrict mask, const double* __restrict x_rate,
    const double* __restrict k_rate, const double* __restrict k_new_rate, int n,
    double* __restrict xn, double* __restrict xp) {
  const double old_weight = (0.5 - beta) * h, new_weight = beta * h;
  uint64_t non_finite = 0;
  for (int i = 0; i < n; ++i) {
    xn[i] =
        x[i] + h * ((1.0 - mask[i]) * 0.5 * (k[i] + k_new[i]) +
                    mask[i] * (x_rate[i] + old_weight * k_rate[i] + new_weight * k_new_rate[i]));
    non_finite |= NonFiniteBit(xn[i]);
    // NewmarkPredict(xn, h, k_new, mask, v_new, k_new_rate) with v_new as the velocity's own
    // xn above (mask 0 there), so the same bits.
    const double v_new = x_rate[i] + h * (0.5 * (k_rate[i] + k_new_rate[i]));
    xp[i] = xn[i] + h * (k_new[i] * (1.0 - mask[i]) + mask[i] * (v_new + 0.5 * h * k_new_rate[i]));
  }
  return non_finite;
}

HAWSER_ELEMENTWISE uint64_t TrapezoidUpdate(const double* __restrict x, double h,
                                            const double* __restrict k,
                                            const double* __restrict k_new, int n,
                                            double* __restrict xn) {
  uint64_t non_finite = 0;
  for (int i = 0; i < n; ++i) {
    xn[i] = x[i] + 0.5 * h * (k[i] + k_new[i]);
    non_finite |= NonFiniteBit(xn[i]);
  }
  return non_finite;
}

HAWSER_ELEMENTWISE void Extrapolate(const double* __restrict x, const double* __restrict previous,
                                    const double* __restrict mask, int n, double* __restrict fed) {
  for (int i = 0; i < n; ++i) fed[i] = x[i] + 0.5 * mask[i] * (x[i] - previous[i]);
}

HAWSER_ELEMENTWISE void HalveVelocities(const double* __restrict k, const double* __restrict mask,
                                        int n, double* __restrict half) {
  for (int i = 0; i < n; ++i) half[i] = k[i] * (1.0 - 0.5 * mask[i]);
}

}  // namespace hawser::fixed_step
