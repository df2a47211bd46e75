// SUNDIALS CVODE (BDF or Adams) behind the Integrator interface.
#pragma once

#include <exception>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "runtime/model/ode_system.h"
#include "runtime/scenario/engine_settings.h"
#include "runtime/solve/integrator.h"
#include "runtime/solve/system_jacobian.h"

namespace hawser {

/// CVODE with Newton iteration and a direct linear solver: band (OdeSystem::Bandwidth()) or
/// dense on CVODE's finite-difference Jacobian, sparse (condensed_solver.h: a band LU or KLU)
/// on the system's exact columns and colored finite differences over OdeSystem::Sparsity()
/// (system_jacobian.h), or matrix-free GMRES (SPGMR, no
/// preconditioner). Owns every SUNDIALS object it creates and frees them in reverse order. Output
/// values are CVODE's dense output at exactly the requested times; CVODE never steps past the
/// scenario's end time (settings.output.end). A system of size 0 is allowed: time just advances.
class CvodeIntegrator final : public Integrator {
 public:
  /// Checks the settings (tolerances, step limits, linear solver) and throws ScenarioError at
  /// settings.loc when they cannot be used. `system` must outlive the integrator.
  CvodeIntegrator(OdeSystem& system, const EngineSettings& settings);
  ~CvodeIntegrator() override;
  CvodeIntegrator(const CvodeIntegrator&) = delete;
  CvodeIntegrator& operator=(const CvodeIntegrator&) = delete;

  /// Creates the CVODE objects on the first call and re-initialises them (CVodeReInit) after.
  void Reset(double t0, std::span<const double> x0) override;
  /// Advances to t_out (>= the current time). Throws SimulationError naming the time, the step
  /// size, CVODE's flag and the system's Diagnose() text; an exception thrown by the system's
  /// Rhs is rethrown unchanged.
  void AdvanceTo(double t_out, std::span<double> x) override;
  SolverStats stats() const override;
  /// "cvode-bdf" or "cvode-adams".
  std::string name() const override;
  /// What CreateSolver attached; for the sparse solver, after a step, also how far it condensed
  /// the system ("595 unknowns condensed to 298 (297 rows with a single coupling eliminated)").
  std::string linear_solver() const override;

  /// The time CVODE must not step beyond [s]; defaults to settings.output.end when the output
  /// times are set (end > start), otherwise there is none. AdvanceTo past it is still allowed.
  void SetStopTime(double t_stop) { stop_time_ = t_stop; }

 private:
  struct Sundials;  // SUNDIALS handles; their headers stay out of ours.

  friend struct CvodeCallbacks;  // The C callbacks CVODE calls (cvode_sundials.h).

  /// The solver LinearSolver asks for; for auto: sparse when the system's pattern is known,
  /// it has 32 states or more and the pattern fills under a quarter of the matrix, else dense.
  LinearSolverKind ChooseLinearSolver() const;
  void CreateSolver(double t0, std::span<const double> x0);
  void Check(int flag, const char* call) const;
  [[noreturn]] void ThrowSolverFailure(int flag, double t);
  bool Stalled();
  /// AdvanceTo for a system with discrete events (OdeSystem::HasEvents): step by step.
  void StepThroughEvents(double t_out);
  /// Rethrows what the system's Rhs threw inside CVODE's last call, if anything.
  void RethrowFromRhs();

  OdeSystem& system_;
  EngineSettings settings_;
  int n_ = 0;
  double t_ = 0.0;  ///< Time of the last state handed out.
  double stop_time_;
  bool initialised_ = false;
  std::unique_ptr<Sundials> sun_;
  std::string linear_solver_text_;            ///< What CreateSolver attached.
  bool condensed_ = false;                    ///< The sparse solver is CondensedSolver.
  std::unique_ptr<SystemJacobian> jacobian_;  ///< LinearSolver="sparse" only.
  std::vector<double> increments_;            ///< Its finite-difference increments.
  long jacobian_rhs_evals_ = 0;               ///< Right-hand sides spent on jacobian_.
  SolverStats restarted_;  ///< The counts before the last restart at an event (CVodeReInit).

  // Filled inside callbacks, read after CVode returns.
  std::exception_ptr rhs_exception_;
  std::string non_finite_text_;  ///< Diagnose() of the last Rhs that returned false.
  std::string cvode_message_;    ///< CVODE's text for the last error it reported.
  bool stalled_ = false;         ///< No progress possible after a non-finite value.
  int stalled_calls_ = 0;
};

}  // namespace hawser
