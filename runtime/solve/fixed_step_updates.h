// The fixed-step methods' vector work over the n states (FixedStepIntegrator), for AVX2 and
// the baseline (elementwise_clones.h): the same operations in the same order as the formulas
// written per element, so the same bits on either.
#pragma once

#include <cstdint>

namespace hawser::fixed_step {

/// s = x + a k.
void Stage(const double* __restrict x, double a, const double* __restrict k, int n,
           double* __restrict s);

/// xn = x + h k (Euler); returns the OR of NonFiniteBit over xn.
uint64_t EulerUpdate(const double* __restrict x, double h, const double* __restrict k, int n,
                     double* __restrict xn);

/// xn = x + c (k1 + 2 k2 + 2 k3 + k4) (RK4's combination, c = h / 6); returns the OR of
/// NonFiniteBit over xn.
uint64_t Rk4Update(const double* __restrict x, double c, const double* __restrict k1,
                   const double* __restrict k2, const double* __restrict k3,
                   const double* __restrict k4, int n, double* __restrict xn);

/// Semi-explicit Euler over a span of the state: xn = x + h k + h^2 mask k_rate, where
/// k_rate[i] = k[i + d] and mask[i] is 1 at a position whose rate is state i + d, else 0. A
/// position's rate k[p] is exactly the old velocity, so this is x[p] + h (v + h a) =
/// x[p] + h v_new; other states get Euler's x + h k. Returns the OR of NonFiniteBit over xn.
uint64_t SemiExplicitUpdate(const double* __restrict x, double h, const double* __restrict k,
                            const double* __restrict mask, const double* __restrict k_rate, int n,
                            double* __restrict xn);

/// The leapfrog's update over a span of the state: a position (mask 1) moves with its new
/// velocity, x[p] + h (v + h a) with v = x_rate[i], a = k_rate[i]; every other state (mask 0)
/// x + h k. The blend by the mask is exact for finite values (k 0 + w = w, k 1 + 0 w = k).
/// Returns the OR of NonFiniteBit over xn.
uint64_t LeapfrogUpdate(const double* __restrict x, double h, const double* __restrict k,
                        const double* __restrict mask, const double* __restrict x_rate,
                        const double* __restrict k_rate, int n, double* __restrict xn);

/// Newmark's predictor over a span of the state: a position (mask 1) x + h v + h^2/2 a, with
/// v = x_rate[i] and a = k_rate[i] the acceleration of the step before; every other state
/// x + h k (a velocity: v + h a).
void NewmarkPredict(const double* __restrict x, double h, const double* __restrict k,
                    const double* __restrict mask, const double* __restrict x_rate,
                    const double* __restrict k_rate, int n, double* __restrict xp);

/// Newmark's corrector (gamma 1/2) over a span: a position (mask 1) x + h v + h^2 ((1/2 -
/// beta) a + beta a_new); every other state x + h/2 (k + k_new). Also the next step's
/// predictor xp for the same h, as NewmarkPredict would give it from xn (one pass less).
/// Returns the OR of NonFiniteBit over xn.
uint64_t NewmarkCorrect(const double* __restrict x, double h, double beta,
                        const double* __restrict k, const double* __restrict k_new,
                        const double* __restrict mask, const double* __restrict x_rate,
                        const double* __restrict k_rate, const double* __restrict k_new_rate, int n,
                        double* __restrict xn, double* __restrict xp);

/// xn = x + h/2 (k + k_new) (the trapezoidal rule); returns the OR of NonFiniteBit over xn.
uint64_t TrapezoidUpdate(const double* __restrict x, double h, const double* __restrict k,
                         const double* __restrict k_new, int n, double* __restrict xn);

/// fed = x + mask (x - previous) / 2: the velocities (mask 1) extrapolated half a step.
void Extrapolate(const double* __restrict x, const double* __restrict previous,
                 const double* __restrict mask, int n, double* __restrict fed);

/// half = k with the velocities' entries (mask 1) halved.
void HalveVelocities(const double* __restrict k, const double* __restrict mask, int n,
                     double* __restrict half);

}  // namespace hawser::fixed_step
