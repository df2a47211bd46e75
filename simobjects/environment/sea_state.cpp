#include "simobjects/environment/sea_state.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <span>
#include <stdexcept>
#include <string>

#include "hawser/text.h"
#include "simobjects/environment/vector_math.h"

namespace hawser::ocean {
namespace {

// Beyond k h = 300, exp(-2 k h) < 1e-260 is negligible against 1 and the component is deep
// water; below it exp(-2 k h) / exp(k z')^2 stays a normal double for every z' >= -h.
constexpr double kDeepKh = 300.0;

void CheckComponent(const WaveComponent& c, std::size_t i, double depth, double gravity) {
  const std::string which = "wave component " + std::to_string(i) + ": ";
  if (!(c.amplitude >= 0.0) || !std::isfinite(c.amplitude)) {
    throw std::invalid_argument(which + "amplitude is " + NumberText(c.amplitude) +
                                " m; expected a finite value >= 0");
  }
  if (!std::isfinite(c.direction) || !std::isfinite(c.phase)) {
    throw std::invalid_argument(which + "direction and phase must be finite");
  }
  const double omega = AngularFrequency(c.wave_number, depth, gravity);
  if (!(c.omega >= 0.0) || std::abs(omega - c.omega) > 1e-9 * c.omega) {
    throw std::invalid_argument(which + "omega " + NumberText(c.omega) + " rad/s and k " +
                                NumberText(c.wave_number) +
                                " rad/m do not satisfy omega^2 = g k tanh(k h); expected k = " +
                                NumberText(WaveNumber(std::max(c.omega, 0.0), depth, gravity)));
  }
}

}  // namespace

double StretchedHeight(double z_point, double eta, double depth, Stretching stretching) {
  const bool deep = std::isinf(depth);
  const double z = deep ? z_point : std::max(z_point, -depth);
  switch (stretching) {
    case Stretching::kWheeler:
      return deep ? z - eta : (depth + eta > 0.0 ? depth * (z - eta) / (depth + eta) : -depth);
    case Stretching::kVerticalExtrapolation:
      return std::min(z, 0.0);
    case Stretching::kNone:
      break;
  }
  return z;
}

WaveComponent RegularWave(double height, double period, double direction, double phase,
                          double depth, double gravity) {
  if (!(height >= 0.0) || !std::isfinite(height)) {
    throw std::invalid_argument("wave height is " + NumberText(height) +
                                " m; expected a finite value >= 0");
  }
  if (!(period > 0.0) || !std::isfinite(period)) {
    throw std::invalid_argument("wave period is " + NumberText(period) +
                                " s; expected a finite value > 0");
  }
  const double omega = 2.0 * std::numbers::pi / period;
  return {0.5 * height, omega, WaveNumber(omega, depth, gravity), direction, phase};
}

SeaState::SeaState(std::vector<WaveComponent> components, double depth, double gravity,
                   Stretching stretching)
    : components_(std::move(components)),
      depth_(depth),
      gravity_(gravity),
      stretching_(stretching) {
  terms_.reserve(components_.size());
  for (std::size_t i = 0; i < components_.size(); ++i) {
    const WaveComponent& c = components_[i];
    CheckComponent(c, i, depth, gravity);
    const double kh = c.wave_number * depth;  // +inf in deep water
    const double e2kh = kh > kDeepKh ? 0.0 : std::exp(-2.0 * kh);
    // 1 - exp(-2 k h) by expm1: accurate in shallow water where it is small.
    const double sinh_den = kh > kDeepKh ? 1.0 : -std::expm1(-2.0 * kh);
    const double aw = c.amplitude * c.omega / sinh_den;
    terms_.push_back({c.wave_number * std::cos(c.direction), c.wave_number * std::sin(c.direction),
                      c.omega, c.phase, c.wave_number, c.amplitude, aw * std::cos(c.direction),
                      aw * std::sin(c.direction), aw, gravity * c.amplitude / (1.0 + e2kh), e2kh});
  }
}

double SeaState::Elevation(double t, double x, double y) const {
  double eta = 0.0;
  for (const Term& c : terms_) eta += c.a * std::cos(c.kx * x + c.ky * y - c.omega * t + c.phase);
  return eta;
}

double SeaState::Variance() const {
  double sum = 0.0;
  for (const WaveComponent& c : components_) sum += 0.5 * c.amplitude * c.amplitude;
  return sum;
}

WaveKinematics SeaState::At(double t, const Eigen::Vector3d& p) const {
  std::vector<double> scratch;
  WaveKinematics out;
  Evaluate(t, p, scratch, out);
  return out;
}

void SeaState::At(double t, const Eigen::Ref<const Eigen::Matrix3Xd>& points,
                  std::span<WaveKinematics> out) const {
  if (out.size() != static_cast<std::size_t>(points.cols())) {
    throw std::invalid_argument("SeaState::At: " + std::to_string(points.cols()) +
                                " points but room for " + std::to_string(out.size()) + " results");
  }
  std::vector<double> scratch;
  for (Eigen::Index i = 0; i < points.cols(); ++i) Evaluate(t, points.col(i), scratch, out[i]);
}

void SeaState::Evaluate(double t, const Eigen::Vector3d& p, std::vector<double>& scratch,
                        WaveKinematics& out) const {
  // Pass 1: the phase of every component, its cosine and sine (kept for pass 2, computed for
  // all components at once: vector_math.h), and eta.
  const std::size_t n = terms_.size();
  scratch.resize(3 * n);
  const std::span<double> cosine(scratch.data(), n), sine(scratch.data() + n, n),
      decay(scratch.data() + 2 * n, n);
  for (std::size_t i = 0; i < n; ++i) {
    const Term& c = terms_[i];
    cosine[i] = c.kx * p.x() + c.ky * p.y() - c.omega * t + c.phase;  // The phase, for now.
  }
  vector_math::SinCos(cosine, cosine, sine);
  double eta = 0.0;
  for (std::size_t i = 0; i < n; ++i) eta += terms_[i].a * cosine[i];
  out = WaveKinematics{};
  out.elevation = eta;
  if (p.z() > eta) return;  // Dry: above the instantaneous free surface.
  out.submerged = true;

  const double zs = StretchedHeight(p.z(), eta, depth_, stretching_);

  // Pass 2: e = exp(k z'), q = exp(-2 k (z' + h)) = E / e^2; the depth ratios are e (1 +- q)
  // over the denominators folded into the terms.
  for (std::size_t i = 0; i < n; ++i) decay[i] = terms_[i].k * zs;
  vector_math::Exp(decay, decay);
  double ux = 0.0, uy = 0.0, uz = 0.0, ax = 0.0, ay = 0.0, az = 0.0, pd = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const Term& c = terms_[i];
    const double e = decay[i];
    const double q = c.e2kh == 0.0 ? 0.0 : c.e2kh / (e * e);
    const double ch = e * (1.0 + q), sh = e * (1.0 - q);
    const double hc = ch * cosine[i], hs = ch * sine[i];
    ux += c.u_x * hc;
    uy += c.u_y * hc;
    uz += c.w * sh * sine[i];
    ax += c.omega * c.u_x * hs;
    ay += c.omega * c.u_y * hs;
    az -= c.omega * c.w * sh * cosine[i];
    pd += c.p * hc;
  }
  out.velocity = {ux, uy, uz};
  out.acceleration = {ax, ay, az};
  out.dynamic_pressure = pd;
}

}  // namespace hawser::ocean
