#include "runtime/solve/fixed_step_integrator.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "hawser/errors.h"
#include "runtime/model/non_finite.h"
#include "runtime/solve/elementwise_clones.h"

namespace hawser {

namespace {

// The steps' vector work over the n states, for AVX2 and the baseline (elementwise_clones.h):
// the same operations in the same order as the formulas written per element, so the same bits.

/// s = x + a k.
HAWSER_ELEMENTWISE void Stage(const double* __restrict x, double a, const double* __restrict k,
                              int n, double* __restrict s) {
  for (int i = 0; i < n; ++i) s[i] = x[i] + a * k[i];
}

/// xn = x + h k (Euler); returns the OR of NonFiniteBit over xn.
HAWSER_ELEMENTWISE uint64_t EulerUpdate(const double* __restrict x, double h,
                                        const double* __restrict k, int n, double* __restrict xn) {
  uint64_t non_finite = 0;
  for (int i = 0; i < n; ++i) {
    xn[i] = x[i] + h * k[i];
    non_finite |= NonFiniteBit(xn[i]);
  }
  return non_finite;
}

/// xn = x + c (k1 + 2 k2 + 2 k3 + k4) (RK4's combination, c = h / 6); returns the OR of
/// NonFiniteBit over xn.
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

/// Semi-explicit Euler over a span of the state: xn = x + h k + h^2 mask k_rate, where
/// k_rate[i] = k[i + d] and mask[i] is 1 at a position whose rate is state i + d, else 0. A
/// position's rate k[p] is exactly the old velocity, so this is x[p] + h (v + h a) =
/// x[p] + h v_new; other states get Euler's x + h k. Returns the OR of NonFiniteBit over xn.
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

/// The leapfrog's update over a span of the state: a position (mask 1) moves with its new
/// velocity, x[p] + h (v + h a) with v = x_rate[i], a = k_rate[i]; every other state (mask 0)
/// x + h k. The blend by the mask is exact for finite values (k 0 + w = w, k 1 + 0 w = k).
/// Returns the OR of NonFiniteBit over xn.
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

/// fed = x + mask (x - previous) / 2: the velocities (mask 1) extrapolated half a step.
HAWSER_ELEMENTWISE void Extrapolate(const double* __restrict x, const double* __restrict previous,
                                    const double* __restrict mask, int n, double* __restrict fed) {
  for (int i = 0; i < n; ++i) fed[i] = x[i] + 0.5 * mask[i] * (x[i] - previous[i]);
}

/// half = k with the velocities' entries (mask 1) halved.
HAWSER_ELEMENTWISE void HalveVelocities(const double* __restrict k, const double* __restrict mask,
                                        int n, double* __restrict half) {
  for (int i = 0; i < n; ++i) half[i] = k[i] * (1.0 - 0.5 * mask[i]);
}

/// d = a - b.
HAWSER_ELEMENTWISE void Difference(const double* __restrict a, const double* __restrict b, int n,
                                   double* __restrict d) {
  for (int i = 0; i < n; ++i) d[i] = a[i] - b[i];
}

/// s = a + b.
HAWSER_ELEMENTWISE void Add(const double* __restrict a, const double* __restrict b, int n,
                            double* __restrict s) {
  for (int i = 0; i < n; ++i) s[i] = a[i] + b[i];
}

}  // namespace

FixedStepIntegrator::FixedStepIntegrator(OdeSystem& system, const EngineSettings& settings)
    : system_(system), kind_(settings.integrator), h_(settings.step_size), n_(system.size()) {
  if (!IsFixedStep(kind_)) {
    throw std::invalid_argument("FixedStepIntegrator: not a fixed-step integrator: " +
                                ToString(kind_));
  }
  if (kind_ == IntegratorKind::kSemiExplicitEuler || kind_ == IntegratorKind::kLeapfrog)
    PairPositions(settings);
  if (!(h_ > 0) || !std::isfinite(h_)) {
    throw ScenarioError(settings.loc,
                        fmt::format("stepsize={} cannot be used by the fixed-step integrator '{}'; "
                                    "expected a step > 0 in seconds, e.g. stepsize=\"0.001\"",
                                    h_, ToString(kind_)));
  }
}

void FixedStepIntegrator::PairPositions(const EngineSettings& settings) {
  const std::vector<std::string> unpaired = system_.UnpairedVelocities();
  if (!unpaired.empty()) {
    throw ScenarioError(
        settings.loc,
        fmt::format("Engine Integrator {} moves a position with its new velocity, so every "
                    "velocity state must say which position it is the rate of; {} {} not (today "
                    "only Cable nodes do): use rk4 or cvode-bdf",
                    ToString(kind_), fmt::join(unpaired, ", "),
                    unpaired.size() == 1 ? "does" : "do"));
  }
  // The pairs as spans of one offset d = rate - position (a cable's: 3, x -> vx), so that the
  // update is one pass per span without an index per value; states inside a span that are not
  // paired positions (a cable's velocities) have mask 0.
  const std::vector<int> rate = system_.PositionRates();
  position_mask_.assign(rate.size(), 0.0);
  velocity_mask_.assign(rate.size(), 0.0);
  for (int p = 0; p < static_cast<int>(rate.size()); ++p) {
    const int v = rate[static_cast<size_t>(p)];
    if (v < 0) continue;
    position_mask_[static_cast<size_t>(p)] = 1.0;
    velocity_mask_[static_cast<size_t>(v)] = 1.0;
    if (!spans_.empty() && spans_.back().offset == v - p)
      spans_.back().end = p + 1;
    else
      spans_.push_back({p, p + 1, v - p});
  }
}

void FixedStepIntegrator::Reset(double t0, std::span<const double> x0) {
  if (static_cast<int>(x0.size()) != n_) {
    throw std::invalid_argument(fmt::format(
        "FixedStepIntegrator::Reset: state has {} values, the system {}", x0.size(), n_));
  }
  for (int i = 0; i < n_; ++i) {
    if (!std::isfinite(x0[i])) {
      throw SimulationError(fmt::format("initial state {} is {} at t = {}", i, x0[i], t0));
    }
  }
  x_.assign(x0.begin(), x0.end());
  for (auto* v : {&x_new_, &k1_, &k2_, &k3_, &k4_, &stage_, &k_previous_}) v->assign(n_, 0.0);
  history_ = staggered_ = false;
  t_ = t0;
  stats_ = SolverStats{};
  initialised_ = true;
}

void FixedStepIntegrator::AdvanceTo(double t_out, std::span<double> x) {
  if (!initialised_) throw std::logic_error("FixedStepIntegrator::AdvanceTo called before Reset");
  if (static_cast<int>(x.size()) != n_) {
    throw std::invalid_argument(fmt::format(
        "FixedStepIntegrator::AdvanceTo: state has {} values, the system {}", x.size(), n_));
  }
  if (!(t_out >= t_)) {
    throw std::invalid_argument(fmt::format(
        "FixedStepIntegrator::AdvanceTo: t_out = {} is before the current time {}", t_out, t_));
  }
  if (kind_ == IntegratorKind::kLeapfrog) {
    LeapfrogTo(t_out, x);
    return;
  }
  // Full steps, counted from the start of this interval (t_begin + i*h, not a running sum, so
  // rounding does not accumulate), while one more leaves more than a rounding margin; then one
  // step of at most h (1 + 1e-12) lands exactly on t_out.
  const double t_begin = t_;
  for (long i = 1; t_begin + static_cast<double>(i) * h_ < t_out - 1e-12 * h_; ++i) {
    const double t_next = t_begin + static_cast<double>(i) * h_;
    Step(t_next - t_);
    t_ = t_next;
    AfterStep();
  }
  if (t_out > t_) {
    Step(t_out - t_);
    t_ = t_out;
    AfterStep();
  }
  std::copy(x_.begin(), x_.end(), x.begin());
}

void FixedStepIntegrator::LeapfrogTo(double t_out, std::span<double> x) {
  // Equal steps that divide the interval: a shortened last step would break the staggering of
  // velocities and positions (its kick would need the mean of two steps), costing an order.
  const double span = t_out - t_;
  const long steps = std::max(1L, static_cast<long>(std::ceil(span / h_ - 1e-9)));
  const double h = span / static_cast<double>(steps);
  const double t_begin = t_;
  for (long i = 1; span > 0.0 && i <= steps; ++i) {
    const double t_next = i == steps ? t_out : t_begin + static_cast<double>(i) * h;
    Step(t_next - t_);
    t_ = t_next;
    AfterStep();
  }
  std::copy(x_.begin(), x_.end(), x.begin());
  // The velocity state lags its position by half a step: the output gets v + (v - v_prev) / 2,
  // the velocity at the output time to second order (the integration carries on from x_).
  if (history_) Extrapolate(x_.data(), x_new_.data(), velocity_mask_.data(), n_, x.data());
}

void FixedStepIntegrator::AfterStep() {
  // A one-step method has no history to restart: an event changes the next step's equations
  // only (found to the step; a scheduled time is not landed on). The leapfrog's velocity and
  // acceleration of the step before are of the old equations then, and are dropped.
  if (system_.HasEvents() && system_.AfterStep(t_, x_.data())) {
    history_ = false;
    std::fill(k_previous_.begin(), k_previous_.end(), 0.0);
  }
}

const double* FixedStepIntegrator::LeapfrogStep(double h) {
  // Forces at the velocity extrapolated to the step's start, v~ = v + (v - v_prev) / 2 (the
  // velocity state lags by half a step); the objects' linear damping centred implicitly on the
  // change of acceleration since the step before, (M + h/2 C) (a - a_prev) = M (a~ - a_prev)
  // (SimObject::DampImplicitly; a_prev is 0 on the first step). The state of the step before
  // is x_new_ (swapped out by Step), until the update overwrites it.
  const double* x = x_.data();
  double* k = k1_.data();
  double* change = k2_.data();
  Extrapolate(x, history_ ? x_new_.data() : x, velocity_mask_.data(), n_, stage_.data());
  Derivative(t_, stage_.data(), k, h);
  Difference(k, k_previous_.data(), n_, change);
  system_.DampImplicitly(0.5 * h, change);
  // Entries no object damps come back as k - k_prev: k again, to rounding.
  Add(k_previous_.data(), change, n_, k);
  history_ = true;
  if (staggered_) return k;
  // The first step from a state whose velocity is at its time, v(t0): half a kick, to
  // v(t0 + h/2), staggers the velocity behind the position from then on (an order otherwise).
  staggered_ = true;
  HalveVelocities(k, velocity_mask_.data(), n_, stage_.data());
  return stage_.data();
}

void FixedStepIntegrator::Derivative(double t, const double* x, double* xdot, double h) {
  ++stats_.rhs_evals;
  if (!system_.Rhs(t, x, xdot)) {
    std::string why = system_.Diagnose();
    if (why.empty()) why = "the right-hand side returned a non-finite value";
    throw SimulationError(fmt::format("non-finite value at t = {} (step {:.6g}): {}", t, h, why));
  }
}

template <class PairedUpdate>
uint64_t FixedStepIntegrator::UpdateBySpans(double h, const double* k, double* xn,
                                            const PairedUpdate& paired) const {
  const double* x = x_.data();
  uint64_t non_finite = 0;
  int done = 0;
  for (const PositionSpan& s : spans_) {
    non_finite |= EulerUpdate(x + done, h, k + done, s.begin - done, xn + done);
    non_finite |= paired(s);
    done = s.end;
  }
  return non_finite | EulerUpdate(x + done, h, k + done, n_ - done, xn + done);
}

void FixedStepIntegrator::Step(double h) {
  if (n_ == 0) return;
  const double t = t_;
  const double* x = x_.data();
  double* xn = x_new_.data();
  uint64_t non_finite = 0;
  if (kind_ == IntegratorKind::kEuler) {
    Derivative(t, x, k1_.data(), h);
    non_finite = EulerUpdate(x, h, k1_.data(), n_, xn);
  } else if (kind_ == IntegratorKind::kSemiExplicitEuler) {
    // Semi-explicit (symplectic) Euler: v_new = v + h a(t, x), then p_new = p + h v_new for
    // each position whose rate is a velocity; every other state as explicit Euler (the gaps
    // between the spans).
    const double* k = k1_.data();
    Derivative(t, x, k1_.data(), h);
    non_finite = UpdateBySpans(h, k, xn, [&](const PositionSpan& s) {
      return SemiExplicitUpdate(x + s.begin, h, k + s.begin, position_mask_.data() + s.begin,
                                k + s.begin + s.offset, s.end - s.begin, xn + s.begin);
    });
  } else if (kind_ == IntegratorKind::kLeapfrog) {
    const double* k = LeapfrogStep(h);
    non_finite = UpdateBySpans(h, k, xn, [&](const PositionSpan& s) {
      return LeapfrogUpdate(x + s.begin, h, k + s.begin, position_mask_.data() + s.begin,
                            x + s.begin + s.offset, k + s.begin + s.offset, s.end - s.begin,
                            xn + s.begin);
    });
    k_previous_.swap(k1_);
  } else {
    // Classical RK4: k1 = f(t, x), k2 = f(t + h/2, x + h/2 k1), k3 = f(t + h/2, x + h/2 k2),
    // k4 = f(t + h, x + h k3), x_new = x + h/6 (k1 + 2 k2 + 2 k3 + k4).
    double* s = stage_.data();
    Derivative(t, x, k1_.data(), h);
    Stage(x, 0.5 * h, k1_.data(), n_, s);
    Derivative(t + 0.5 * h, s, k2_.data(), h);
    Stage(x, 0.5 * h, k2_.data(), n_, s);
    Derivative(t + 0.5 * h, s, k3_.data(), h);
    Stage(x, h, k3_.data(), n_, s);
    Derivative(t + h, s, k4_.data(), h);
    non_finite = Rk4Update(x, h / 6.0, k1_.data(), k2_.data(), k3_.data(), k4_.data(), n_, xn);
  }
  // A finite derivative can still give a non-finite state (overflow of an unstable step):
  // tested above in the loop that forms the state, without a branch per value; the first
  // offender is looked for only when there is one.
  if ((non_finite & kNonFinite) != 0) {
    for (int i = 0; i < n_; ++i) {
      if (!std::isfinite(xn[i])) {
        throw SimulationError(
            fmt::format("non-finite value at t = {} (step {:.6g}): state {} became {}; the step "
                        "is probably too large for this system",
                        t + h, h, i, xn[i]));
      }
    }
  }
  x_.swap(x_new_);
  ++stats_.steps;
  stats_.last_step = h;
}

}  // namespace hawser
