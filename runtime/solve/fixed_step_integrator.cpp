#include "runtime/solve/fixed_step_integrator.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "hawser/errors.h"
#include "runtime/model/non_finite.h"
#include "runtime/solve/fixed_step_updates.h"

namespace hawser {

using fixed_step::EulerUpdate;
using fixed_step::Extrapolate;
using fixed_step::HalveVelocities;
using fixed_step::LeapfrogUpdate;
using fixed_step::NewmarkCorrect;
using fixed_step::NewmarkPredict;
using fixed_step::Rk4Update;
using fixed_step::SemiExplicitUpdate;
using fixed_step::Stage;
using fixed_step::TrapezoidUpdate;

FixedStepIntegrator::FixedStepIntegrator(OdeSystem& system, const EngineSettings& settings)
    : system_(system),
      kind_(settings.integrator),
      h_(settings.step_size),
      beta_(settings.newmark_beta),
      n_(system.size()) {
  if (!IsFixedStep(kind_)) {
    throw std::invalid_argument("FixedStepIntegrator: not a fixed-step integrator: " +
                                ToString(kind_));
  }
  if (kind_ == IntegratorKind::kSemiExplicitEuler || kind_ == IntegratorKind::kLeapfrog ||
      kind_ == IntegratorKind::kNewmark)
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
  // (SimObject::SolveImplicitPart; a_prev is 0 on the first step). The state of the step before
  // is x_new_ (swapped out by Step), until the update overwrites it.
  const double* x = x_.data();
  double* k = k1_.data();
  Extrapolate(x, history_ ? x_new_.data() : x, velocity_mask_.data(), n_, stage_.data());
  Derivative(t_, stage_.data(), k, h);
  system_.SolveImplicitPart(0.5 * h, 0.0, k_previous_.data(), k);
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

template <class GapUpdate, class PairedUpdate>
uint64_t FixedStepIntegrator::UpdateBySpans(const GapUpdate& gap,
                                            const PairedUpdate& paired) const {
  uint64_t non_finite = 0;
  int done = 0;
  for (const PositionSpan& s : spans_) {
    non_finite |= gap(done, s.begin - done);
    non_finite |= paired(s);
    done = s.end;
  }
  return non_finite | gap(done, n_ - done);
}

uint64_t FixedStepIntegrator::NewmarkStep(double h) {
  // Newmark (beta: 1/4 trapezoidal, the default; gamma 1/2), one evaluation per step, at the
  // predictor x~ = x + h v + h^2/2 a, v~ = v + h a (a of the step before: second order for the
  // forces taken explicitly, drag included). The corrector x_new = x + h v + h^2 ((1/2 - beta)
  // a + beta a_new), v_new = v + h/2 (a + a_new), so x_new - x~ = beta h^2 (a_new - a) and
  // v_new - v~ = h/2 (a_new - a): the objects' implicit part is solved on the change of
  // acceleration, (M + h/2 C + beta h^2 K) (a_new - a) = M (a~ - a)
  // (SimObject::SolveImplicitPart). States that are not paired positions take the trapezoidal
  // rule with the explicit predictor.
  const double* x = x_.data();
  const bool fresh = !history_;
  if (fresh) Derivative(t_, x, k_previous_.data(), h);  // a at the state itself.
  history_ = true;
  const double* k = k_previous_.data();
  const double* mask = position_mask_.data();
  double* predicted = stage_.data();
  // The step before left the predictor for its own step size in stage_.
  // Steps of one size differ by rounding (t_begin + i h - t_): a predictor 1e-9 h off in its
  // step is as good.
  if (fresh || std::abs(predicted_step_ - h) > 1e-9 * h) {
    UpdateBySpans(
        [&](int b, int count) {
          Stage(x + b, h, k + b, count, predicted + b);
          return uint64_t{0};
        },
        [&](const PositionSpan& s) {
          NewmarkPredict(x + s.begin, h, k + s.begin, mask + s.begin, x + s.begin + s.offset,
                         k + s.begin + s.offset, s.end - s.begin, predicted + s.begin);
          return uint64_t{0};
        });
  }
  double* k_new = k1_.data();
  Derivative(t_ + h, predicted, k_new, h);
  system_.SolveImplicitPart(0.5 * h, beta_ * h * h, k, k_new);
  double* xn = x_new_.data();
  const uint64_t non_finite = UpdateBySpans(
      [&](int b, int count) {
        const uint64_t bits = TrapezoidUpdate(x + b, h, k + b, k_new + b, count, xn + b);
        Stage(xn + b, h, k_new + b, count, predicted + b);
        return bits;
      },
      [&](const PositionSpan& s) {
        const int d = s.offset;
        return NewmarkCorrect(x + s.begin, h, beta_, k + s.begin, k_new + s.begin, mask + s.begin,
                              x + s.begin + d, k + s.begin + d, k_new + s.begin + d,
                              s.end - s.begin, xn + s.begin, predicted + s.begin);
      });
  predicted_step_ = h;
  k_previous_.swap(k1_);
  return non_finite;
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
    non_finite = UpdateBySpans(
        [&](int b, int count) { return EulerUpdate(x + b, h, k + b, count, xn + b); },
        [&](const PositionSpan& s) {
          return SemiExplicitUpdate(x + s.begin, h, k + s.begin, position_mask_.data() + s.begin,
                                    k + s.begin + s.offset, s.end - s.begin, xn + s.begin);
        });
  } else if (kind_ == IntegratorKind::kLeapfrog) {
    const double* k = LeapfrogStep(h);
    non_finite = UpdateBySpans(
        [&](int b, int count) { return EulerUpdate(x + b, h, k + b, count, xn + b); },
        [&](const PositionSpan& s) {
          return LeapfrogUpdate(x + s.begin, h, k + s.begin, position_mask_.data() + s.begin,
                                x + s.begin + s.offset, k + s.begin + s.offset, s.end - s.begin,
                                xn + s.begin);
        });
    k_previous_.swap(k1_);
  } else if (kind_ == IntegratorKind::kNewmark) {
    non_finite = NewmarkStep(h);
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
