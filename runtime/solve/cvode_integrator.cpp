#include "runtime/solve/cvode_integrator.h"

#include <cvode/cvode.h>
#include <fmt/format.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <utility>

#include "hawser/errors.h"
#include "hawser/log.h"
#include "runtime/solve/cvode_sundials.h"
#include "runtime/solve/linear/condensed_solver.h"

namespace hawser {

namespace {

// CVodeGetReturnFlagName returns a malloc'ed string (SUNDIALS 6.x) that the caller frees.
std::string FlagName(int flag) {
  char* name = CVodeGetReturnFlagName(flag);
  if (name == nullptr) return fmt::format("CVODE flag {}", flag);
  std::string s(name);
  std::free(name);
  return s;
}

}  // namespace

int CvodeCallbacks::Rhs(sunrealtype t, N_Vector y, N_Vector ydot, void* user_data) {
  auto* self = static_cast<CvodeIntegrator*>(user_data);
  try {
    if (self->Stalled()) return -1;  // AdvanceTo reports it; see Stalled().
    const double* x = N_VGetArrayPointer(y);
    double* xdot = N_VGetArrayPointer(ydot);
    if (!self->system_.Rhs(t, x, xdot)) {
      std::string why = self->system_.Diagnose();
      if (why.empty()) why = "the right-hand side returned a non-finite value";
      self->non_finite_text_ = fmt::format("non-finite value at t = {}: {}", t, why);
      return 1;  // Recoverable: CVODE retries with a smaller step.
    }
    return 0;  // Finite: OdeSystem::Rhs returns false otherwise (Model checks every entry).
  } catch (...) {
    self->rhs_exception_ = std::current_exception();
    return -1;  // Unrecoverable: CVode returns CV_RHSFUNC_FAIL and AdvanceTo rethrows.
  }
}

void CvodeCallbacks::Error(int code, const char* /*module*/, const char* function, char* msg,
                           void* user_data) {
  auto* self = static_cast<CvodeIntegrator*>(user_data);
  try {
    if (code < 0) {
      self->cvode_message_ = msg;  // Becomes part of the SimulationError.
    } else {
      Warn(fmt::format("CVODE {}: {}", function, msg));
    }
  } catch (...) {
    // Out of memory while keeping a message: the flag name still reaches the user.
  }
}

CvodeIntegrator::CvodeIntegrator(OdeSystem& system, const EngineSettings& settings)
    : system_(system),
      settings_(settings),
      n_(system.size()),
      stop_time_(settings.output.end > settings.output.start
                     ? settings.output.end
                     : std::numeric_limits<double>::infinity()) {
  const SourceLocation& loc = settings.loc;
  if (settings.integrator != IntegratorKind::kCvodeBdf &&
      settings.integrator != IntegratorKind::kCvodeAdams) {
    throw std::invalid_argument(
        "CvodeIntegrator: integrator must be cvode-bdf or cvode-adams, not " +
        ToString(settings.integrator));
  }
  if (!(settings.abs_tol >= 0) || !(settings.rel_tol >= 0) ||
      (settings.abs_tol == 0 && settings.rel_tol == 0)) {
    throw ScenarioError(loc, fmt::format("AbsTol={} and RelTol={} cannot be used; expected both >= "
                                         "0 and at least one > 0, e.g. AbsTol=\"1e-6\"",
                                         settings.abs_tol, settings.rel_tol));
  }
  if (!(settings.h_max >= 0) || !(settings.h_min >= 0) || !(settings.step_size >= 0)) {
    throw ScenarioError(loc, fmt::format("HMax={}, HMin={}, stepsize={}: expected values >= 0 (0 = "
                                         "no limit or CVODE's own estimate)",
                                         settings.h_max, settings.h_min, settings.step_size));
  }
  if (settings.h_max > 0 && settings.h_min > settings.h_max) {
    throw ScenarioError(loc, fmt::format("HMin={} is greater than HMax={}; expected HMin <= HMax",
                                         settings.h_min, settings.h_max));
  }
}

CvodeIntegrator::~CvodeIntegrator() = default;

bool CvodeIntegrator::Stalled() {
  // Once the model has returned a non-finite value, CVODE shrinks the step until t + h == t and
  // then "succeeds" with steps of zero length until MaxSteps: with an expensive model that looks
  // like a hang. Give up after kStallLimit evaluations without progress.
  constexpr int kStallLimit = 50;
  if (stalled_) return true;
  if (non_finite_text_.empty() || !sun_) return false;
  double tn = 0.0, h = 0.0;
  if (CVodeGetCurrentTime(sun_->mem, &tn) != CV_SUCCESS ||
      CVodeGetCurrentStep(sun_->mem, &h) != CV_SUCCESS || tn + h != tn) {
    return false;
  }
  stalled_ = ++stalled_calls_ > kStallLimit;
  return stalled_;
}

void CvodeIntegrator::Check(int flag, const char* call) const {
  if (flag >= 0) return;
  throw SimulationError(fmt::format("CVODE set-up failed: {} returned {}{}", call, FlagName(flag),
                                    cvode_message_.empty() ? "" : " (" + cvode_message_ + ")"));
}

void CvodeIntegrator::Reset(double t0, std::span<const double> x0) {
  if (static_cast<int>(x0.size()) != n_) {
    throw std::invalid_argument(
        fmt::format("CvodeIntegrator::Reset: state has {} values, the system {}", x0.size(), n_));
  }
  for (int i = 0; i < n_; ++i) {
    if (!std::isfinite(x0[i])) {
      throw SimulationError(fmt::format("initial state {} is {} at t = {}", i, x0[i], t0));
    }
  }
  rhs_exception_ = nullptr;
  non_finite_text_.clear();
  cvode_message_.clear();
  initialised_ = false;
  t_ = t0;
  if (n_ == 0) {
    initialised_ = true;
    return;
  }
  if (!sun_) {
    CreateSolver(t0, x0);
  } else {
    std::copy(x0.begin(), x0.end(), N_VGetArrayPointer(sun_->y));
    Check(CVodeReInit(sun_->mem, t0, sun_->y), "CVodeReInit");
  }
  initialised_ = true;
}

void CvodeIntegrator::AdvanceTo(double t_out, std::span<double> x) {
  if (!initialised_) throw std::logic_error("CvodeIntegrator::AdvanceTo called before Reset");
  if (static_cast<int>(x.size()) != n_) {
    throw std::invalid_argument(fmt::format(
        "CvodeIntegrator::AdvanceTo: state has {} values, the system {}", x.size(), n_));
  }
  if (!(t_out >= t_)) {
    throw std::invalid_argument(fmt::format(
        "CvodeIntegrator::AdvanceTo: t_out = {} is before the current time {}", t_out, t_));
  }
  if (n_ == 0) {
    t_ = t_out;
    return;
  }
  double* y = N_VGetArrayPointer(sun_->y);
  if (t_out > t_) {
    rhs_exception_ = nullptr;
    non_finite_text_.clear();
    cvode_message_.clear();
    stalled_ = false;
    stalled_calls_ = 0;
    // The stop time is one-shot in SUNDIALS 6.4.1 (cleared once reached), so it is set before
    // every call. It keeps CVODE from evaluating the model past the end of the scenario.
    if (std::isfinite(stop_time_)) {
      Check(CVodeSetStopTime(sun_->mem, std::max(stop_time_, t_out)), "CVodeSetStopTime");
    }
    if (system_.HasEvents()) {
      StepThroughEvents(t_out);
      std::copy_n(y, n_, x.begin());
      return;
    }
    double t_reached = t_;
    const int flag = CVode(sun_->mem, t_out, sun_->y, &t_reached, CV_NORMAL);
    RethrowFromRhs();
    if (flag < 0) ThrowSolverFailure(flag, t_reached);
    // CV_SUCCESS interpolates to exactly t_out; CV_TSTOP_RETURN only when the stop time is t_out.
    if (t_reached != t_out) {
      throw SimulationError(fmt::format("solver returned at t = {} instead of t = {} ({})",
                                        t_reached, t_out, FlagName(flag)));
    }
    t_ = t_out;
  }
  std::copy_n(y, n_, x.begin());
}

void CvodeIntegrator::RethrowFromRhs() {
  if (rhs_exception_) {
    std::exception_ptr e = std::exchange(rhs_exception_, nullptr);
    std::rethrow_exception(e);
  }
}

void CvodeIntegrator::StepThroughEvents(double t_out) {
  // One step at a time (CV_ONE_STEP), never past t_out or the next scheduled event (a stop
  // time, which CVODE lands on exactly), so that the system sees every accepted step's state.
  // A step after which the discrete state changed ends CVODE's history: its interpolating
  // polynomial and step-size estimates are of the old equations, so CVODE restarts there
  // (CVodeReInit, first order, a fresh initial step). An event inside a step is thus found to
  // the step; a scheduled one exactly.
  while (t_ < t_out) {
    const double stop = std::min({t_out, stop_time_, system_.NextEventTime(t_)});
    Check(CVodeSetStopTime(sun_->mem, stop), "CVodeSetStopTime");
    double t_reached = t_;
    const int flag = CVode(sun_->mem, stop, sun_->y, &t_reached, CV_ONE_STEP);
    RethrowFromRhs();
    if (flag < 0) ThrowSolverFailure(flag, t_reached);
    t_ = t_reached;
    if (system_.AfterStep(t_, N_VGetArrayPointer(sun_->y))) {
      restarted_ = stats();  // CVodeReInit zeroes CVODE's counters: keep the totals so far
      restarted_.rhs_evals -= jacobian_rhs_evals_;  // (this one counts on by itself).
      Check(CVodeReInit(sun_->mem, t_, sun_->y), "CVodeReInit");
    }
  }
  if (t_ != t_out) {
    throw SimulationError(fmt::format("solver returned at t = {} instead of t = {}", t_, t_out));
  }
}

void CvodeIntegrator::ThrowSolverFailure(int flag, double t) {
  double h = 0.0;
  if (CVodeGetCurrentStep(sun_->mem, &h) != CV_SUCCESS) {
    h = std::numeric_limits<double>::quiet_NaN();
  }
  std::string detail = cvode_message_.empty() ? "" : " (" + cvode_message_ + ")";
  if (stalled_) detail = " (the step size fell below the resolution of t)";
  std::string diagnose = non_finite_text_.empty() ? "" : "; " + non_finite_text_;
  throw SimulationError(fmt::format("solver failed at t = {} (step size {:.6g}): {}{}{}", t, h,
                                    FlagName(flag), detail, diagnose));
}

SolverStats CvodeIntegrator::stats() const {
  SolverStats s;
  if (!sun_) return s;
  void* mem = sun_->mem;
  long rhs = 0, lin_rhs = 0;
  Check(CVodeGetNumSteps(mem, &s.steps), "CVodeGetNumSteps");
  Check(CVodeGetNumRhsEvals(mem, &rhs), "CVodeGetNumRhsEvals");
  Check(CVodeGetNumLinRhsEvals(mem, &lin_rhs), "CVodeGetNumLinRhsEvals");
  s.rhs_evals = rhs + lin_rhs + jacobian_rhs_evals_;
  Check(CVodeGetNumJacEvals(mem, &s.jacobian_evals), "CVodeGetNumJacEvals");
  Check(CVodeGetNumLinSolvSetups(mem, &s.linear_setups), "CVodeGetNumLinSolvSetups");
  Check(CVodeGetNumErrTestFails(mem, &s.error_test_failures), "CVodeGetNumErrTestFails");
  Check(CVodeGetNumNonlinSolvIters(mem, &s.nonlinear_iterations), "CVodeGetNumNonlinSolvIters");
  Check(CVodeGetNumNonlinSolvConvFails(mem, &s.nonlinear_conv_failures),
        "CVodeGetNumNonlinSolvConvFails");
  Check(CVodeGetLastStep(mem, &s.last_step), "CVodeGetLastStep");
  s.steps += restarted_.steps;
  s.rhs_evals += restarted_.rhs_evals;
  s.jacobian_evals += restarted_.jacobian_evals;
  s.linear_setups += restarted_.linear_setups;
  s.error_test_failures += restarted_.error_test_failures;
  s.nonlinear_iterations += restarted_.nonlinear_iterations;
  s.nonlinear_conv_failures += restarted_.nonlinear_conv_failures;
  return s;
}

std::string CvodeIntegrator::name() const { return ToString(settings_.integrator); }

std::string CvodeIntegrator::linear_solver() const {
  std::string text = linear_solver_text_;
  if (jacobian_ != nullptr) {
    text += ", " + jacobian_->Describe();
    if (!condensed_) text += "; factored by SUNDIALS' KLU";
  }
  if (!condensed_ || sun_ == nullptr) return text;
  const std::string condensed = CondensedSummary(sun_->linear_solver);
  const long full = CondensedFullFactorizations(sun_->linear_solver);
  if (condensed.empty()) return text;
  return fmt::format("{}; {}{}", text, condensed,
                     full > 0 ? fmt::format(", {} full factorisations (a zero pivot)", full) : "");
}

}  // namespace hawser
