// Running a model: integrate from the start to the end time, evaluating and writing outputs at
// each output time. A failure or interruption keeps every row written so far.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <span>
#include <vector>

#include "runtime/model/model.h"
#include "runtime/output/sink.h"

namespace hawser {

/// Where a continued run starts (`hawser run --restart`): a time and the state there.
struct StartState {
  double time = 0.0;  ///< [s]
  std::vector<double> x;
  /// Model::DiscreteStates() at that time (e.g. a line already broken).
  std::map<std::string, std::vector<double>> discrete;
};

struct RunOptions {
  /// Set (e.g. by a SIGINT handler) to stop the run at the next output time or RHS call.
  const std::atomic<bool>* interrupt = nullptr;
  /// What set `interrupt`, for the message ("SIGTERM"); "the user" when empty or unset.
  std::function<std::string()> interrupt_cause;
  /// Called after each output time with (t, end time).
  std::function<void(double, double)> progress;
  RunInfo info;
  /// Continue from this state instead of the initial conditions (and without Settle); output
  /// times before its time are skipped. Its time must lie within the output times' range.
  const StartState* start = nullptr;
  /// Called after each output time with (t, the state there), e.g. to save it (--save-state).
  std::function<void(double, std::span<const double>)> at_output;
};

/// Runs `model` with `settings`; never throws for solver failures (the result says failed, with
/// the message), but ScenarioError for bad settings (e.g. an unknown FileOutput selector) and
/// IoError from sinks propagate. A sink that fails to write a row (full disk) is still finished
/// with status failed, so that its file says so, before the IoError is passed on.
RunResult Simulate(Model& model, const EngineSettings& settings, Sink& sink,
                   const RunOptions& options = {});

/// Brings `x` (the state at t0) to static equilibrium (solve/settle.h) through `system` (the
/// model, or a wrapper of it), noting the result and the settle report (settle_report.h). Throws
/// SimulationError, naming the largest residual, when it does not converge.
void SettleOrThrow(Model& model, OdeSystem& system, const EngineSettings& settings, double t0,
                   std::vector<double>& x);

/// Convenience for tests and sweeps: load XML text, assemble with `registry`, run in memory.
/// Throws ScenarioErrors for bad input.
MemorySink RunScenarioText(const std::string& xml_text, const Registry& registry,
                           const VariableOverrides& overrides = {});

}  // namespace hawser
