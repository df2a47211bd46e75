// Creating CVODE's objects for a CvodeIntegrator: tolerances and step limits, and the linear
// solver (dense, band, sparse KLU on exact columns and colored differences with the kinematic
// rows condensed, or matrix-free GMRES) with the sparse Jacobian callback.
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
#include <cstdlib>
#include <exception>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "hawser/errors.h"
#include "runtime/solve/compiled_sundials_ops.h"
#include "runtime/solve/cvode_integrator.h"
#include "runtime/solve/cvode_sundials.h"
#include "runtime/solve/linear/condensed_solver.h"

namespace hawser {

namespace {

/// The condensed matrix's factorisation (Engine Factorization).
CondensedFactorization ToCondensed(FactorizationKind kind) {
  switch (kind) {
    case FactorizationKind::kBand:
      return CondensedFactorization::kBand;
    case FactorizationKind::kKlu:
      return CondensedFactorization::kKlu;
    case FactorizationKind::kAuto:
      break;
  }
  return CondensedFactorization::kAuto;
}

}  // namespace

/// The sparse Jacobian (LinearSolver="sparse"): the system's exact columns, and colored forward
/// differences on the model's pattern for the others (SystemJacobian), with CVODE's own
/// increments (cvLsBandDQJac): inc_j = max(sqrt(uround) |y_j|, min_inc / ewt_j), min_inc = 1000
/// |h| uround n |f|_wrms (1 when f = 0).
int CvodeCallbacks::Jacobian(sunrealtype t, N_Vector y, N_Vector fy, SUNMatrix jac, void* user_data,
                             N_Vector tmp1, N_Vector tmp2, N_Vector /*tmp3*/) {
  auto* self = static_cast<CvodeIntegrator*>(user_data);
  try {
    const int n = self->n_;
    const SparsityPattern& p = self->jacobian_->pattern();
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
    // The base point first, as an ordinary evaluation: objects give their exact entries there
    // (SimObject::StateJacobian) and sample what they may reuse while the other columns are
    // estimated (SimObject::estimating_jacobian()). It is fy again (the same time and state);
    // the differences are taken from it so that both sides of each difference certainly saw
    // the same samples.
    double* base = N_VGetArrayPointer(tmp2);
    ++self->jacobian_rhs_evals_;
    bool ok = self->system_.Rhs(t, yv, base);
    if (ok) {
      const auto f = [&](const double* x, double* fx) {
        ++self->jacobian_rhs_evals_;
        return self->system_.Rhs(t, x, fx);
      };
      ok = self->jacobian_->Evaluate(f, std::span<const double>(yv, n),
                                     std::span<const double>(base, n), inc,
                                     std::span<double>(SUNSparseMatrix_Data(jac), p.nonzeros()));
    }
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

int CvodeCallbacks::LinearSystem(sunrealtype t, N_Vector y, N_Vector fy, SUNMatrix a,
                                 sunbooleantype jok, sunbooleantype* jcur, sunrealtype gamma,
                                 void* user_data, N_Vector tmp1, N_Vector tmp2, N_Vector tmp3) {
  const auto* self = static_cast<const CvodeIntegrator*>(user_data);
  SUNMatrix jacobian = self->sun_->jacobian;
  *jcur = jok ? SUNFALSE : SUNTRUE;
  if (!jok) {
    const int flag = Jacobian(t, y, fy, jacobian, user_data, tmp1, tmp2, tmp3);
    if (flag != 0) return flag;
  }
  if (CondensedSetJacobian(self->sun_->linear_solver, jacobian, gamma, !jok)) return 0;
  // A pattern without some diagonal entry: M formed here, as CVODE's own function does.
  if (SUNMatCopy(jacobian, a) != SUNMAT_SUCCESS || SUNMatScaleAddI(-gamma, a) != SUNMAT_SUCCESS) {
    return -1;
  }
  return 0;
}

int CvodeCallbacks::ErrorWeights(N_Vector y, N_Vector ewt, void* user_data) {
  const auto* self = static_cast<const CvodeIntegrator*>(user_data);
  hawser::ErrorWeights(self->settings_.rel_tol, self->settings_.abs_tol, y, ewt);
  return 0;
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
  // CVODE's vectors are clones of y: they inherit the operations.
  const bool compiled_operations = !settings_.sundials_operations;
  if (compiled_operations) UseCompiledSerialOperations(sun->y);
  // CVodeInit copies y into CVODE's history, so y must hold x0 first.
  std::copy(x0.begin(), x0.end(), N_VGetArrayPointer(sun->y));

  const int lmm = settings_.integrator == IntegratorKind::kCvodeAdams ? CV_ADAMS : CV_BDF;
  sun->mem = CVodeCreate(lmm, sun->ctx);
  if (sun->mem == nullptr) throw SimulationError("CVODE set-up failed: CVodeCreate");
  Check(CVodeSetErrHandlerFn(sun->mem, &CvodeCallbacks::Error, this), "CVodeSetErrHandlerFn");
  Check(CVodeSetUserData(sun->mem, this), "CVodeSetUserData");
  Check(CVodeInit(sun->mem, &CvodeCallbacks::Rhs, t0, sun->y), "CVodeInit");
  if (compiled_operations) {
    // The same weights as CVodeSStolerances', in one pass instead of CVODE's four.
    Check(CVodeWFtolerances(sun->mem, &CvodeCallbacks::ErrorWeights), "CVodeWFtolerances");
  } else {
    Check(CVodeSStolerances(sun->mem, settings_.rel_tol, settings_.abs_tol), "CVodeSStolerances");
  }
  if (settings_.max_order > 0) {
    Check(CVodeSetMaxOrd(sun->mem, settings_.max_order), "CVodeSetMaxOrd");
  }
  if (settings_.max_steps > 0) {
    Check(CVodeSetMaxNumSteps(sun->mem, settings_.max_steps), "CVodeSetMaxNumSteps");
  }
  if (settings_.h_max > 0) Check(CVodeSetMaxStep(sun->mem, settings_.h_max), "CVodeSetMaxStep");
  if (settings_.h_min > 0) Check(CVodeSetMinStep(sun->mem, settings_.h_min), "CVodeSetMinStep");
  if (settings_.step_size > 0) {
    Check(CVodeSetInitStep(sun->mem, settings_.step_size), "CVodeSetInitStep");
  }

  // Newton iteration (CVODE's default) for both methods, with a direct linear solver: sparse
  // (KLU, after condensing the kinematic rows, on the objects' exact columns and colored
  // differences over the model's pattern for the rest, one right-hand side per column group),
  // band (CVODE's finite-difference Jacobian: lower + upper + 1 right-hand sides, O(n (lower +
  // upper)^2) per factorisation) or dense (n right-hand sides, O(n^3)); or matrix-free GMRES.
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
    jacobian_ = std::make_unique<SystemJacobian>(system_, settings_.exact_jacobian);
    increments_.assign(n_, 0.0);
    const long nnz = jacobian_->pattern().nonzeros();
    sun->matrix = SUNSparseMatrix(n_, n_, nnz, CSC_MAT, sun->ctx);
    if (sun->matrix == nullptr) throw SimulationError("CVODE set-up failed: SUNSparseMatrix");
    // hawser's solver condenses the kinematic rows (Pos' = Vel) before KLU factors the rest
    // (condensed_solver.h); SUNDIALS' own KLU solver is the benchmarks' baseline.
    condensed_ = compiled_operations;
    if (condensed_) {
      UseCompiledSparseOperations(sun->matrix);
      sun->jacobian = SUNSparseMatrix(n_, n_, nnz, CSC_MAT, sun->ctx);
      if (sun->jacobian == nullptr) throw SimulationError("CVODE set-up failed: SUNSparseMatrix");
      UseCompiledSparseOperations(sun->jacobian);
      sun->linear_solver = CondensedSolver(sun->ctx, ToCondensed(settings_.factorization));
    } else {
      sun->linear_solver = SUNLinSol_KLU(sun->y, sun->matrix, sun->ctx);
    }
    if (sun->linear_solver == nullptr) throw SimulationError("CVODE set-up failed: KLU solver");
    // The Jacobian's part is added by linear_solver(), once Jacobians were formed.
    linear_solver_text_ = fmt::format("sparse, {} nonzeros", nnz);
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
  if (condensed_) {
    // J is kept here and M formed by the solver (LinearSystem), not copied and scaled by CVODE.
    Check(CVodeSetLinSysFn(sun->mem, &CvodeCallbacks::LinearSystem), "CVodeSetLinSysFn");
  } else if (kind == LinearSolverKind::kSparse) {
    Check(CVodeSetJacFn(sun->mem, &CvodeCallbacks::Jacobian), "CVodeSetJacFn");
  }
  sun_ = std::move(sun);
}

}  // namespace hawser
