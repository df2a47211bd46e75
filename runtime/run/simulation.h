// Running a model: integrate from the start to the end time, evaluating and writing outputs at
// each output time. A failure or interruption keeps every row written so far.
#pragma once

#include <atomic>
#include <functional>

#include "runtime/model/model.h"
#include "runtime/output/sink.h"

namespace hawser {

struct RunOptions {
  /// Set (e.g. by a SIGINT handler) to stop the run at the next output time or RHS call.
  const std::atomic<bool>* interrupt = nullptr;
  /// What set `interrupt`, for the message ("SIGTERM"); "the user" when empty or unset.
  std::function<std::string()> interrupt_cause;
  /// Called after each output time with (t, end time).
  std::function<void(double, double)> progress;
  RunInfo info;
};

/// Runs `model` with `settings`; never throws for solver failures (the result says failed, with
/// the message), but ScenarioError for bad settings (e.g. an unknown FileOutput selector) and
/// IoError from sinks propagate. A sink that fails to write a row (full disk) is still finished
/// with status failed, so that its file says so, before the IoError is passed on.
RunResult Simulate(Model& model, const EngineSettings& settings, Sink& sink,
                   const RunOptions& options = {});

/// Convenience for tests and sweeps: load XML text, assemble with `registry`, run in memory.
/// Throws ScenarioErrors for bad input.
MemorySink RunScenarioText(const std::string& xml_text, const Registry& registry,
                           const VariableOverrides& overrides = {});

}  // namespace hawser
