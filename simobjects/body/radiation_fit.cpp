#include "simobjects/body/radiation_fit.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>
#include <numbers>

namespace hawser {
namespace {

using Complex = std::complex<double>;

/// The companion matrix of the monic q(s) = s^n + q[n-1] s^(n-1) + ... + q[0]: ones above the
/// diagonal, -q in the last row (also the controllable canonical form's state matrix).
Eigen::MatrixXd Companion(const Eigen::VectorXd& q) {
  const Eigen::Index n = q.size();
  Eigen::MatrixXd m = Eigen::MatrixXd::Zero(n, n);
  for (Eigen::Index i = 0; i + 1 < n; ++i) m(i, i + 1) = 1.0;
  m.row(n - 1) = -q.transpose();
  return m;
}

/// q with every root in the open left half plane: a root with Re >= 0 is mirrored (its
/// magnitude response is unchanged, the fit's next iteration absorbs the phase).
Eigen::VectorXd Stabilised(const Eigen::VectorXd& q) {
  const Eigen::VectorXcd roots = Companion(q).eigenvalues();
  Eigen::VectorXcd poly = Eigen::VectorXcd::Zero(q.size() + 1);
  poly[0] = 1.0;  // Coefficients, lowest power first, of prod (s - r).
  for (Eigen::Index k = 0; k < roots.size(); ++k) {
    Complex r = roots[k];
    if (r.real() >= 0.0) r = Complex(-std::max(r.real(), 1e-6), r.imag());
    for (Eigen::Index m = k + 1; m > 0; --m) poly[m] = poly[m - 1] - r * poly[m];
    poly[0] = -r * poly[0];
  }
  return poly.head(q.size()).real();
}

Complex Poly(const Eigen::VectorXd& c, Complex s, bool monic) {
  Complex v = monic ? Complex(1.0) : Complex(0.0);
  for (Eigen::Index m = c.size() - 1; m >= 0; --m) v = v * s + c[m];
  return v;
}

/// P's coefficients p_1..p_(n-1) (p_0 = 0) minimising sum |P / Q - K|^2 for a fixed Q.
Eigen::VectorXd FitNumerator(const std::vector<Complex>& s, const std::vector<Complex>& k,
                             const Eigen::VectorXd& q) {
  const Eigen::Index n = q.size(), rows = static_cast<Eigen::Index>(s.size());
  Eigen::MatrixXd m(2 * rows, n - 1);
  Eigen::VectorXd rhs(2 * rows);
  for (Eigen::Index r = 0; r < rows; ++r) {
    const Complex inv_q = 1.0 / Poly(q, s[r], true);
    Complex power = s[r];
    for (Eigen::Index j = 0; j < n - 1; ++j, power *= s[r]) {
      m(2 * r, j) = (power * inv_q).real();
      m(2 * r + 1, j) = (power * inv_q).imag();
    }
    rhs[2 * r] = k[r].real();
    rhs[2 * r + 1] = k[r].imag();
  }
  return m.colPivHouseholderQr().solve(rhs);
}

struct Fit {
  Eigen::VectorXd p, q;  // p_1.., q_0..
  double error = std::numeric_limits<double>::infinity();
};

/// Order n on scaled s = i omega / omega_scale and K / max|K|.
Fit FitOrder(const std::vector<Complex>& s, const std::vector<Complex>& k, int n) {
  const Eigen::Index rows = static_cast<Eigen::Index>(s.size());
  Eigen::VectorXd q = Eigen::VectorXd::Zero(n);
  std::vector<double> weight(s.size(), 1.0);
  for (int iteration = 0; iteration < 30; ++iteration) {
    // Unknowns p_1..p_(n-1), q_0..q_(n-1): P(s) - K Q'(s) = K s^n, each row / |Q_previous|.
    Eigen::MatrixXd m(2 * rows, 2 * n - 1);
    Eigen::VectorXd rhs(2 * rows);
    for (Eigen::Index r = 0; r < rows; ++r) {
      const double w = weight[static_cast<size_t>(r)];
      Complex power = 1.0;
      for (int j = 0; j < n; ++j, power *= s[r]) {
        if (j > 0) {
          m(2 * r, j - 1) = w * power.real();
          m(2 * r + 1, j - 1) = w * power.imag();
        }
        const Complex kq = -k[r] * power;
        m(2 * r, n - 1 + j) = w * kq.real();
        m(2 * r + 1, n - 1 + j) = w * kq.imag();
      }
      const Complex target = k[r] * power;  // power = s^n here
      rhs[2 * r] = w * target.real();
      rhs[2 * r + 1] = w * target.imag();
    }
    const Eigen::VectorXd x = m.colPivHouseholderQr().solve(rhs);
    const Eigen::VectorXd next = Stabilised(x.tail(n));
    const double change = (next - q).norm() / std::max(1.0, next.norm());
    q = next;
    for (Eigen::Index r = 0; r < rows; ++r)
      weight[static_cast<size_t>(r)] = 1.0 / std::abs(Poly(q, s[r], true));
    if (change < 1e-12) break;
  }
  Fit fit{.p = FitNumerator(s, k, q), .q = q};
  fit.error = 0.0;
  for (Eigen::Index r = 0; r < rows; ++r) {
    Eigen::VectorXd p0(n);
    p0 << 0.0, fit.p;
    const double e = std::abs(Poly(p0, s[r], false) / Poly(q, s[r], true) - k[r]);
    // std::max would drop a NaN: a fit that is not finite anywhere is no fit.
    fit.error = std::isfinite(e) ? std::max(fit.error, e) : std::numeric_limits<double>::infinity();
  }
  return fit;
}

}  // namespace

double RetardationFunction(const std::vector<double>& omegas, const std::vector<double>& b,
                           double t) {
  assert(omegas.size() == b.size());
  double sum = 0.0, w0 = 0.0, f0 = 0.0;  // B(0) = 0
  for (size_t i = 0; i < omegas.size(); ++i) {
    const double f = b[i] * std::cos(omegas[i] * t);
    sum += 0.5 * (f0 + f) * (omegas[i] - w0);
    w0 = omegas[i];
    f0 = f;
  }
  return 2.0 / std::numbers::pi * sum;
}

double OgilvieInfiniteAddedMass(const std::vector<double>& omegas, const std::vector<double>& a,
                                const std::vector<double>& b, double memory) {
  // Ten samples per period of the highest frequency resolve both K and sin(omega t).
  const double dt = 2.0 * std::numbers::pi / omegas.back() / 10.0;
  const int steps = std::max(1, static_cast<int>(std::ceil(memory / dt)));
  std::vector<double> k(static_cast<size_t>(steps) + 1);
  for (int n = 0; n <= steps; ++n)
    k[static_cast<size_t>(n)] = RetardationFunction(omegas, b, n * dt);
  double sum = 0.0;
  for (size_t i = 0; i < omegas.size(); ++i) {
    double integral = 0.0;
    for (int n = 0; n < steps; ++n) {
      integral += 0.5 * dt *
                  (k[static_cast<size_t>(n)] * std::sin(omegas[i] * n * dt) +
                   k[static_cast<size_t>(n) + 1] * std::sin(omegas[i] * (n + 1) * dt));
    }
    sum += a[i] + integral / omegas[i];
  }
  return sum / static_cast<double>(omegas.size());
}

std::complex<double> RadiationStateSpace::At(double omega) const {
  const Eigen::Index n = a.rows();
  const Eigen::MatrixXcd m =
      Complex(0.0, omega) * Eigen::MatrixXcd::Identity(n, n) - a.cast<Complex>();
  return c.cast<Complex>().dot(m.partialPivLu().solve(b.cast<Complex>()));
}

RadiationStateSpace FitRadiation(const std::vector<double>& omegas,
                                 const std::vector<std::complex<double>>& k, double tolerance) {
  assert(omegas.size() == k.size() && !omegas.empty());
  // Scaled: s' = s / omega_max (|s'| <= 1 keeps the powers bounded), K' = K / max|K|.
  const double omega_scale = omegas.back();
  double k_scale = 0.0;
  for (const Complex& v : k) k_scale = std::max(k_scale, std::abs(v));
  if (k_scale == 0.0) k_scale = 1.0;
  std::vector<Complex> s, kn;
  for (size_t i = 0; i < omegas.size(); ++i) {
    s.emplace_back(0.0, omegas[i] / omega_scale);
    kn.push_back(k[i] / k_scale);
  }
  Fit best;
  // At most (points - 1) / 2 unknown pairs: the fit needs more equations than unknowns.
  const int max_order = std::max(2, std::min(kMaxFitOrder, static_cast<int>(omegas.size())));
  for (int n = 2; n <= max_order; ++n) {
    const Fit fit = FitOrder(s, kn, n);
    if (n == 2 || fit.error < best.error) best = fit;  // Order 2 at least, even if not finite.
    if (best.error <= tolerance) break;
  }
  // Controllable canonical realisation of the scaled fit, then s = omega_scale s':
  // c (s / w - A')^-1 b' = c (s - w A')^-1 (w b').
  const Eigen::Index n = best.q.size();
  RadiationStateSpace ss;
  ss.a = omega_scale * Companion(best.q);
  ss.b = Eigen::VectorXd::Zero(n);
  ss.b[n - 1] = omega_scale;
  ss.c = Eigen::VectorXd::Zero(n);
  ss.c.tail(n - 1) = k_scale * best.p;
  ss.error = best.error;
  return ss;
}

}  // namespace hawser
