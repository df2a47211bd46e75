#include "runtime/solve/cvode_integrator.h"

#include <cvode/cvode.h>
#include <fmt/format.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunlinsol/sunlinsol_band.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunlinsol/sunlinsol_klu.h>
#include <sunlinsol/sunlinsol_spgmr.h>
#include <sunmatrix/sunmatrix_band.h>
#include <sunmatrix/sunmatrix_dense.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <utility>

#include "hawser/errors.h"
#include "runtime/solve/colored_jacobian.h"

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

/// The SUNDIALS objects of one integrator, freed in the reverse order of their creation.
struct CvodeIntegrator::Sundials {
  SUNContext ctx = nullptr;
  N_Vector y = nullptr;
  void* mem = nullptr;
  SUNMatrix matrix = nullptr;
  SUNLinearSolver linear_solver = nullptr;

  Sundials() = default;
  Sundials(const Sundials&) = delete;
  Sundials& operator=(const Sundials&) = delete;
  ~Sundials() {
    // Nothing useful can be done with a failure to free; a destructor must not throw.
    if (mem != nullptr) CVodeFree(&mem);
    if (linear_solver != nullptr) static_cast<void>(SUNLinSolFree(linear_solver));
    if (matrix != nullptr) SUNMatDestroy(matrix);
    if (y != nullptr) N_VDestroy(y);
    if (ctx != nullptr) static_cast<void>(SUNContext_Free(&ctx));
  }
};

/// The C callbacks. No C++ exception may cross them: CVODE's C frames would be skipped.
struct CvodeCallbacks {
  static int Rhs(sunrealtype t, N_Vector y, N_Vector ydot, void* user_data) {
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

  /// The sparse Jacobian (LinearSolver="sparse"): colored forward differences on the model's
  /// pattern, with CVODE's own increments (cvLsBandDQJac): inc_j = max(sqrt(uround) |y_j|,
  /// min_inc / ewt_j), min_inc = 1000 |h| uround n |f|_wrms (1 when f = 0).
  static int Jacobian(sunrealtype t, N_Vector y, N_Vector fy, SUNMatrix jac, void* user_data,
                      N_Vector tmp1, N_Vector /*tmp2*/, N_Vector /*tmp3*/) {
    auto* self = static_cast<CvodeIntegrator*>(user_data);
    try {
      const int n = self->n_;
      const SparsityPattern& p = self->colored_->pattern();
      // CVODE zeroes the matrix, structure included, before each call: restore it.
      sunindextype* starts = SUNSparseMatrix_IndexPointers(jac);
      sunindextype* rows = SUNSparseMatrix_IndexValues(jac);
      for (int j = 0; j <= n; ++j) starts[j] = p.column_start[j];
      for (long k = 0; k < p.nonzeros(); ++k) rows[k] = p.rows[k];

      void* mem = self->sun_->mem;
      if (CVodeGetErrWeights(mem, tmp1) != CV_SUCCESS) return -1;
      double h = 0.0;
      if (CVodeGetCurrentStep(mem, &h) != CV_SUCCESS) return -1;
      const double uround = std::numeric_limits<double>::epsilon();
      const double fnorm = N_VWrmsNorm(fy, tmp1);
      const double min_inc = fnorm != 0.0 ? 1000.0 * std::abs(h) * uround * n * fnorm : 1.0;
      const double* yv = N_VGetArrayPointer(y);
      const double* ewt = N_VGetArrayPointer(tmp1);
      std::vector<double>& inc = self->increments_;
      for (int j = 0; j < n; ++j) {
        inc[j] = std::max(std::sqrt(uround) * std::abs(yv[j]), min_inc / ewt[j]);
      }
      const auto f = [&](const double* x, double* fx) {
        ++self->jacobian_rhs_evals_;
        return self->system_.Rhs(t, x, fx);
      };
      const bool ok = self->colored_->Evaluate(
          f, std::span<const double>(yv, n), std::span<const double>(N_VGetArrayPointer(fy), n),
          inc, std::span<double>(SUNSparseMatrix_Data(jac), p.nonzeros()));
      if (ok) return 0;
      std::string why = self->system_.Diagnose();
      if (why.empty()) why = "the right-hand side returned a non-finite value";
      self->non_finite_text_ = fmt::format("non-finite value at t = {} (Jacobian): {}", t, why);
      return 1;  // Recoverable: CVODE retries with a smaller step.
    } catch (...) {
      self->rhs_exception_ = std::current_exception();
      return -1;
    }
  }

  static void Error(int code, const char* /*module*/, const char* function, char* msg,
                    void* user_data) {
    auto* self = static_cast<CvodeIntegrator*>(user_data);
    try {
      if (code < 0) {
        self->cvode_message_ = msg;  // Becomes part of the SimulationError.
      } else {
        fmt::print(stderr, "warning: CVODE {}: {}\n", function, msg);
      }
    } catch (...) {
      // Out of memory while keeping a message: the flag name still reaches the user.
    }
  }
};

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

LinearSolverKind CvodeIntegrator::ChooseLinearSolver() const {
  if (settings_.linear_solver != LinearSolverKind::kAuto) {
    if (settings_.linear_solver == LinearSolverKind::kSparse && system_.Sparsity() == nullptr) {
      return LinearSolverKind::kDense;  // No pattern known: every entry may be nonzero.
    }
    return settings_.linear_solver;
  }
  // KLU pays off once the matrix is mostly empty and not tiny; below that dense elimination is
  // as fast and needs no pattern. Measured on the reference mooring line (bench/cable_bench):
  // KLU matches CVODE's band solver at 20 segments and is 1.3-1.5x faster at 100 and 200.
  const SparsityPattern* p = system_.Sparsity();
  constexpr int kSparseFrom = 32;  // States.
  if (p != nullptr && n_ >= kSparseFrom && 4 * p->nonzeros() < static_cast<long>(n_) * n_) {
    return LinearSolverKind::kSparse;
  }
  return LinearSolverKind::kDense;
}

void CvodeIntegrator::CreateSolver(double t0, std::span<const double> x0) {
  // Built aside and kept only when complete, so that a failure leaves no half-made solver.
  auto sun = std::make_unique<Sundials>();
  if (SUNContext_Create(nullptr, &sun->ctx) != 0 || sun->ctx == nullptr) {
    throw SimulationError("CVODE set-up failed: SUNContext_Create");
  }
  sun->y = N_VNew_Serial(n_, sun->ctx);
  if (sun->y == nullptr) throw SimulationError("CVODE set-up failed: N_VNew_Serial");
  // CVodeInit copies y into CVODE's history, so y must hold x0 first.
  std::copy(x0.begin(), x0.end(), N_VGetArrayPointer(sun->y));

  const int lmm = settings_.integrator == IntegratorKind::kCvodeAdams ? CV_ADAMS : CV_BDF;
  sun->mem = CVodeCreate(lmm, sun->ctx);
  if (sun->mem == nullptr) throw SimulationError("CVODE set-up failed: CVodeCreate");
  Check(CVodeSetErrHandlerFn(sun->mem, &CvodeCallbacks::Error, this), "CVodeSetErrHandlerFn");
  Check(CVodeSetUserData(sun->mem, this), "CVodeSetUserData");
  Check(CVodeInit(sun->mem, &CvodeCallbacks::Rhs, t0, sun->y), "CVodeInit");
  Check(CVodeSStolerances(sun->mem, settings_.rel_tol, settings_.abs_tol), "CVodeSStolerances");
  if (settings_.max_steps > 0) {
    Check(CVodeSetMaxNumSteps(sun->mem, settings_.max_steps), "CVodeSetMaxNumSteps");
  }
  if (settings_.h_max > 0) Check(CVodeSetMaxStep(sun->mem, settings_.h_max), "CVodeSetMaxStep");
  if (settings_.h_min > 0) Check(CVodeSetMinStep(sun->mem, settings_.h_min), "CVodeSetMinStep");
  if (settings_.step_size > 0) {
    Check(CVodeSetInitStep(sun->mem, settings_.step_size), "CVodeSetInitStep");
  }

  // Newton iteration (CVODE's default) for both methods, with a direct linear solver: sparse
  // (KLU on colored differences over the model's pattern, one right-hand side per column
  // group), band (CVODE's finite-difference Jacobian: lower + upper + 1 right-hand sides,
  // O(n (lower + upper)^2) per factorisation) or dense (n right-hand sides, O(n^3)); or
  // matrix-free GMRES.
  const LinearSolverKind kind = ChooseLinearSolver();
  if (kind == LinearSolverKind::kBand) {
    auto [lower, upper] = system_.Bandwidth();
    lower = std::clamp(lower, 0, n_ - 1);
    upper = std::clamp(upper, 0, n_ - 1);
    sun->matrix = SUNBandMatrix(n_, upper, lower, sun->ctx);
    if (sun->matrix == nullptr) throw SimulationError("CVODE set-up failed: SUNBandMatrix");
    sun->linear_solver = SUNLinSol_Band(sun->y, sun->matrix, sun->ctx);
    if (sun->linear_solver == nullptr) throw SimulationError("CVODE set-up failed: SUNLinSol_Band");
    linear_solver_text_ = fmt::format("band, half-bandwidths {} and {}", lower, upper);
  } else if (kind == LinearSolverKind::kSparse) {
    colored_ = std::make_unique<ColoredJacobian>(*system_.Sparsity());
    increments_.assign(n_, 0.0);
    const long nnz = colored_->pattern().nonzeros();
    sun->matrix = SUNSparseMatrix(n_, n_, nnz, CSC_MAT, sun->ctx);
    if (sun->matrix == nullptr) throw SimulationError("CVODE set-up failed: SUNSparseMatrix");
    sun->linear_solver = SUNLinSol_KLU(sun->y, sun->matrix, sun->ctx);
    if (sun->linear_solver == nullptr) throw SimulationError("CVODE set-up failed: SUNLinSol_KLU");
    linear_solver_text_ =
        fmt::format("sparse (KLU), {} nonzeros, {} column groups", nnz, colored_->groups());
  } else if (kind == LinearSolverKind::kGmres) {
    // Matrix-free: CVODE's difference-quotient Jacobian-times-vector, no preconditioner, so it
    // suits large systems that are only mildly stiff.
    sun->linear_solver = SUNLinSol_SPGMR(sun->y, SUN_PREC_NONE, 0, sun->ctx);
    if (sun->linear_solver == nullptr)
      throw SimulationError("CVODE set-up failed: SUNLinSol_SPGMR");
    linear_solver_text_ = "GMRES, matrix-free, no preconditioner";
  } else {
    sun->matrix = SUNDenseMatrix(n_, n_, sun->ctx);
    if (sun->matrix == nullptr) throw SimulationError("CVODE set-up failed: SUNDenseMatrix");
    sun->linear_solver = SUNLinSol_Dense(sun->y, sun->matrix, sun->ctx);
    if (sun->linear_solver == nullptr) {
      throw SimulationError("CVODE set-up failed: SUNLinSol_Dense");
    }
    linear_solver_text_ = "dense";
  }
  Check(CVodeSetLinearSolver(sun->mem, sun->linear_solver, sun->matrix), "CVodeSetLinearSolver");
  if (kind == LinearSolverKind::kSparse) {
    Check(CVodeSetJacFn(sun->mem, &CvodeCallbacks::Jacobian), "CVodeSetJacFn");
  }
  sun_ = std::move(sun);
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
    double t_reached = t_;
    const int flag = CVode(sun_->mem, t_out, sun_->y, &t_reached, CV_NORMAL);
    if (rhs_exception_) {
      std::exception_ptr e = std::exchange(rhs_exception_, nullptr);
      std::rethrow_exception(e);
    }
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
  return s;
}

std::string CvodeIntegrator::name() const { return ToString(settings_.integrator); }

}  // namespace hawser
