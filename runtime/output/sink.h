// Sinks receive results at output times: CSV, HDF5, memory. A sink reads the logged signals'
// views itself, so nothing is copied on the way.
#pragma once

#include <array>
#include <span>
#include <string>
#include <vector>

#include "hawser/declarations.h"
#include "hawser/ocean.h"
#include "runtime/scenario/engine_settings.h"
#include "runtime/solve/integrator.h"

namespace hawser {

class Model;

/// One logged port or state: a view into the model's buffers, valid while the model lives.
struct LoggedSignal {
  std::string object;
  std::string name;  ///< Port or state name.
  bool is_state = false;
  std::string unit;
  std::string description;
  std::string simobject_type;
  std::span<const double> values;
  std::vector<PortDimension> dims;  ///< As declared (PortSpec::dims); empty: one of indices.
  /// "M.ForceA" for a port, "M:Pos" for a state (CSV column stem, docs/design.md, "Output").
  std::string qualified_name() const { return object + (is_state ? ":" : ".") + name; }
};

/// The signals FileOutput and LogStates select, in model order. Throws ScenarioError at the
/// Engine element for a selector naming an unknown object or port.
std::vector<LoggedSignal> SelectLoggedSignals(const Model& model, const EngineSettings& settings);

enum class RunStatus { kCompleted, kFailed, kInterrupted };
std::string ToString(RunStatus s);  ///< "completed", "failed", "interrupted"

/// What a run did, for summaries and result files.
struct RunResult {
  RunStatus status = RunStatus::kCompleted;
  std::string message;
  SolverStats stats;
  std::string integrator;
  std::string linear_solver;  ///< Integrator::linear_solver(): empty for fixed-step methods.
  double wall_seconds = 0.0;
  long rows = 0;
  double end_time = 0.0;              ///< Last time written.
  std::vector<DiscreteEvent> events;  ///< What the objects recorded (a cable's break).
};

/// Provenance for result files.
struct RunInfo {
  std::string scenario_file;
  std::string scenario_text;
  std::string command_line;
  EngineSettings settings;
  /// The ocean's wave components (hawser/ocean.h; empty without waves) and its ramp factor
  /// r(t) at the output times while it is below 1 and at the first where it is 1 ((t, r)
  /// pairs): the sea surface a result file keeps (hdf5_sea.h). Filled by Simulate.
  std::vector<WaveComponentInfo> wave_components;
  std::vector<std::array<double, 2>> wave_ramp;
};

class Sink {
 public:
  virtual ~Sink() = default;
  virtual void Begin(const std::vector<LoggedSignal>& signals, const RunInfo& info) = 0;
  /// Called at each output time, after the model's outputs were evaluated there.
  virtual void Write(double t) = 0;
  /// Called once at the end of every run, whatever its status.
  virtual void Finish(const RunResult& result) = 0;
};

/// Keeps every row in memory (tests, sweeps' summaries).
class MemorySink final : public Sink {
 public:
  void Begin(const std::vector<LoggedSignal>& signals, const RunInfo& info) override;
  void Write(double t) override;
  void Finish(const RunResult& result) override { result_ = result; }

  const std::vector<double>& times() const { return times_; }
  /// Column names as in CSV: "M.ForceA[2]", "Clock.SimTime", "Body:Pos[0]".
  const std::vector<std::string>& columns() const { return columns_; }
  /// The values of one column over time. Aborts on an unknown name (a test bug).
  std::vector<double> Column(const std::string& name) const;
  const std::vector<std::vector<double>>& rows() const { return rows_; }
  const RunResult& result() const { return result_; }

 private:
  std::vector<LoggedSignal> signals_;
  std::vector<std::string> columns_;
  std::vector<double> times_;
  std::vector<std::vector<double>> rows_;
  RunResult result_;
};

/// Column names of the signals, CSV style (docs/design.md, "Output").
std::vector<std::string> ColumnNames(const std::vector<LoggedSignal>& signals);

}  // namespace hawser
