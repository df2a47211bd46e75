// Integrators: advance an OdeSystem to requested output times, exactly at those times.
#pragma once

#include <memory>
#include <span>
#include <string>

#include "runtime/model/ode_system.h"
#include "runtime/scenario/engine_settings.h"

namespace hawser {

/// Counters reported in the run summary and in result files.
struct SolverStats {
  long steps = 0;
  long rhs_evals = 0;  ///< Including those spent on finite-difference Jacobians.
  long jacobian_evals = 0;
  long linear_setups = 0;
  long error_test_failures = 0;
  long nonlinear_iterations = 0;
  long nonlinear_conv_failures = 0;
  double last_step = 0.0;
};

/// Calls f(name, value) for each member of `s`, under the names that results files and the
/// Python module give them ("steps", "rhs_evals", ..., "last_step").
template <class F>
void ForEachSolverStat(const SolverStats& s, F&& f) {
  f("steps", s.steps);
  f("rhs_evals", s.rhs_evals);
  f("jacobian_evals", s.jacobian_evals);
  f("linear_setups", s.linear_setups);
  f("error_test_failures", s.error_test_failures);
  f("nonlinear_iterations", s.nonlinear_iterations);
  f("nonlinear_conv_failures", s.nonlinear_conv_failures);
  f("last_step", s.last_step);
}

class Integrator {
 public:
  virtual ~Integrator() = default;
  /// Starts (or restarts) at t0 with state x0.
  virtual void Reset(double t0, std::span<const double> x0) = 0;
  /// Advances to t_out (> current time) and writes x(t_out) into x. Values are those of the
  /// solution at exactly t_out (CVODE's dense output; fixed-step methods land a step on t_out).
  /// Throws SimulationError with time, step size, the solver's flag name and the system's
  /// Diagnose() text.
  virtual void AdvanceTo(double t_out, std::span<double> x) = 0;
  virtual SolverStats stats() const = 0;
  virtual std::string name() const = 0;
  /// The linear solver in use, e.g. "band, half-bandwidths 11 and 8"; empty when none.
  virtual std::string linear_solver() const { return {}; }
};

/// The integrator the settings ask for, bound to `system` (which must outlive it).
std::unique_ptr<Integrator> MakeIntegrator(OdeSystem& system, const EngineSettings& settings);

}  // namespace hawser
