// Engine settings: the <Engine> element of a scenario, parsed and checked.
#pragma once

#include <limits>
#include <string>
#include <vector>

#include "hawser/errors.h"

namespace hawser {

enum class IntegratorKind {
  kCvodeBdf,
  kCvodeAdams,
  kRk4,
  kEuler,
  kSemiExplicitEuler,
  kLeapfrog,
  kNewmark
};
enum class LinearSolverKind { kAuto, kDense, kBand, kSparse, kGmres };
/// How the sparse solver factors the condensed system (Engine Factorization).
enum class FactorizationKind { kAuto, kBand, kKlu };

/// "cvode-bdf", "cvode-adams", "rk4", "euler", "semi-explicit-euler", "leapfrog", "newmark".
std::string ToString(IntegratorKind k);
std::string ToString(LinearSolverKind k);  ///< "auto", "dense", "band", "sparse", "gmres"
/// True for the fixed-step methods (euler, rk4, semi-explicit-euler, leapfrog, newmark), which need
/// stepsize.
bool IsFixedStep(IntegratorKind k);

/// When results are written. Times are sorted, unique and inside [start, end].
struct OutputTimes {
  double start = 0.0;
  double end = 0.0;
  std::vector<double> times;
};

/// Parses the TOutput grammar (docs/design.md, "Scenario format"): comma-separated tokens, the
/// first the start time, the last the end time, those between output times as numbers or
/// `from:step:to` ranges (`to` may be `Inf`, meaning the end time). Exactly three plain numbers
/// `t0, h, t1` mean an output every h from t0 to t1 inclusive. Throws ScenarioError at `loc`.
OutputTimes ParseOutputTimes(const std::string& text, const SourceLocation& loc);

struct EngineSettings {
  IntegratorKind integrator = IntegratorKind::kCvodeBdf;
  LinearSolverKind linear_solver = LinearSolverKind::kAuto;
  double abs_tol = 1e-6;
  double rel_tol = 1e-6;
  double h_max = 0.0;  ///< 0 = no limit.
  double h_min = 0.0;  ///< 0 = no limit.
  double step_size =
      0.0;  ///< CVODE's initial step (0 = its own estimate); the fixed-step methods' step.
  int max_steps = 500000;  ///< CVODE steps allowed between two output times (extension MaxSteps).
  /// Extension MaxOrder: the highest order CVODE may use (0 = its own: 5 for BDF, 12 for Adams).
  /// Models with non-smooth parts (seabed contact, slack segments) often run faster capped at 3.
  int max_order = 0;
  /// Extension NewmarkBeta: Newmark's beta, 1/4 (the default: the implicit part unconditionally
  /// stable) down to 1/6. Below 1/4 the period error h^2 w^2 (beta / 2 - 1/24) is smaller, and
  /// the implicit part is stable to h w < 1 / sqrt(1/4 - beta) (4.47 at 0.2).
  double newmark_beta = 0.25;
  bool log_states = false;  ///< LogStates: every object's states too, whatever FileOutput says.
  std::vector<std::string> file_output{"objects:all"};  ///< FileOutput selectors.
  int num_cores = 1;                                    ///< Accepted for FhSim compatibility.
  bool use_rss_norm = false;  ///< UseRSSNormInsteadOfInfNorm: accepted; CVODE uses its WRMS norm.
  /// Extension Settle: bring the model to static equilibrium before the run (runtime/settle.h).
  bool settle = false;
  /// Extension Jacobian="exact" (true, the default): the sparse Jacobian takes the exact entries
  /// objects give; "differences": every column by colored finite differences.
  bool exact_jacobian = true;
  /// Extension Factorization: the condensed sparse system as a band when narrow, else by KLU
  /// ("auto"), or always "band" (where it is one) or "klu".
  FactorizationKind factorization = FactorizationKind::kAuto;
  /// Extension Operations="sundials": SUNDIALS' own vector and matrix operations and its KLU on
  /// the whole system, not condensed: the baseline hawser's own ("hawser") are measured against.
  bool sundials_operations = false;
  /// Extension SettleIterations: the Jacobians Settle may form before it gives up.
  int settle_iterations = 200;
  /// Extension SettleTolerance: Settle has converged when the weighted RMS norm of a Newton
  /// step, each state weighted by 1 / (RelTol |x| + AbsTol), is below this.
  double settle_tolerance = 1e-3;
  OutputTimes output;
  SourceLocation loc;  ///< The <Engine> element.
};

}  // namespace hawser
