// One instance of a hawser FMU (fmi2Instantiate to fmi2FreeInstance): the FMI 2.0
// co-simulation state machine over a Session (runtime/embed/session.h). The C functions of
// fmu_binary.cpp forward to it and turn what it throws into fmi2 statuses and logged messages.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "runtime/embed/session.h"
#include "runtime/fmu/fmu_variables.h"

namespace hawser::fmu {

class Instance {
 public:
  /// Reads resources/hawser_fmu.txt under `resource_dir` and checks `guid` against it. Throws
  /// std::runtime_error (or IoError) naming the file and the reason.
  Instance(std::string resource_dir, const std::string& guid);

  /// fmi2SetupExperiment: the start time (the scenario's own when not called).
  void SetupExperiment(double start_time);
  void EnterInitializationMode();
  /// Applies the inputs, creates the session if need be and advances it to the start time.
  void ExitInitializationMode();
  /// fmi2DoStep: from `t` (the model's time, to within rounding) to t + h.
  void DoStep(double t, double h);
  /// fmi2Reset: back to just after fmi2Instantiate, every value at its start.
  void Reset();
  void Terminate() { mode_ = Mode::kTerminated; }

  void GetReal(const unsigned* vr, size_t n, double* values);
  void SetReal(const unsigned* vr, size_t n, const double* values);

 private:
  enum class Mode { kInstantiated, kInitialization, kStepping, kTerminated };

  const Variable& At(unsigned vr) const;
  /// The scenario loaded with the parameters as --var overrides and the tunable ones as --set
  /// values, and `sets`.
  std::unique_ptr<Session> NewSession(std::vector<std::string> sets) const;
  /// NewSession, unless loaded already.
  Session& EnsureSession();
  /// Before a step after a tunable parameter changed: the model assembled again with its new
  /// value, continued from the current time and state. Throws ScenarioError naming the
  /// parameter when the state vector would change (e.g. a line's NumElements).
  void Retune();
  /// Passes every input's values to the session (a value that did not change is no restart).
  void ApplyInputs();

  std::string resource_dir_;
  Table table_;
  std::vector<double> values_;  ///< By value reference: inputs and parameters as last set.
  std::vector<double> tuned_;   ///< values_ when the session was made or last retuned.
  bool retune_ = false;         ///< A tunable parameter changed in step mode: Retune.
  std::unique_ptr<Session> session_;
  double start_time_ = 0.0;
  bool start_given_ = false;
  Mode mode_ = Mode::kInstantiated;
  bool inputs_set_ = false;  ///< An input was set since the last ApplyInputs.
  /// Outputs read at the current time, by hawser name; cleared by a step or a new input.
  std::map<std::string, std::vector<double>> outputs_;
};

}  // namespace hawser::fmu
