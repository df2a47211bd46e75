// Radiation memory of a floating body (Cummins' equation) from its frequency-dependent added
// mass A(omega) and damping B(omega):
//   (M + A_inf) nu' + mu(t) + ... = F,   mu_i(t) = sum_j int_0^t K_ij(t - tau) nu_j(tau) dtau,
//   K_ij(t) = (2/pi) int_0^inf B_ij(omega) cos(omega t) domega          (the retardation function)
// and in the frequency domain K_ij(i omega) = B_ij(omega) + i omega (A_ij(omega) - A_ij,inf).
//
// The convolution is replaced by a state-space model per DOF pair (Perez and Fossen 2008,
// "Time- vs. frequency-domain identification of parametric radiation force models"): a rational
// P(s) / Q(s) with deg P = n - 1, P(0) = 0 (K(0) = B(0) = 0), Q monic of degree n and stable,
// fitted to K(i omega_k) at the tabulated frequencies by iterated linear least squares
// (Sanathanan-Koerner: minimise sum |P - K Q|^2 / |Q_previous|^2; unstable roots of Q reflected
// into the left half plane), then realised as x' = A x + b nu_j, mu_ij = c x. The order n is the
// smallest from 2 to kMaxFitOrder whose error, max_k |K_fit - K_k| / max_k |K_k|, is at most the
// tolerance; otherwise the best order is kept and its error reported.
#pragma once

#include <Eigen/Dense>
#include <complex>
#include <vector>

namespace hawser {

inline constexpr int kMaxFitOrder = 10;

/// K(t) [N s/m per s ...] by the trapezoidal rule over B at `omegas` (increasing, > 0), with
/// B = 0 at omega = 0 and beyond the last frequency (the truncation is the caller's to judge).
double RetardationFunction(const std::vector<double>& omegas, const std::vector<double>& b,
                           double t);

/// Ogilvie's relation averaged over the frequencies: A_inf = A(omega) + (1/omega) int_0^inf
/// K(t) sin(omega t) dt, with K from RetardationFunction integrated to `memory` seconds.
double OgilvieInfiniteAddedMass(const std::vector<double>& omegas, const std::vector<double>& a,
                                const std::vector<double>& b, double memory);

/// One DOF pair's fitted memory: x' = a x + b nu, mu = c x.
struct RadiationStateSpace {
  Eigen::MatrixXd a;
  Eigen::VectorXd b, c;
  double error = 0.0;  ///< max_k |K_fit - K_k| / max_k |K_k| at the tabulated frequencies.
  /// K_fit(i omega) = c (i omega - a)^-1 b.
  std::complex<double> At(double omega) const;
};

/// Fits K(i omega_k) = `k[k]` (at `omegas`, increasing, > 0) as documented above.
RadiationStateSpace FitRadiation(const std::vector<double>& omegas,
                                 const std::vector<std::complex<double>>& k, double tolerance);

}  // namespace hawser
