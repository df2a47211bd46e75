// A run's state saved to a file (`hawser run --save-state`) and read back to continue it
// (`--restart`): the time, the state vector x with a name per entry, and a hash of the model it
// belongs to. In analysis/ because it reads an HDF5 file back as `hawser stats` does.
//
// What x holds is the whole of a run's memory: hawser's SimObjects keep no state outside their
// declared states (a time-varying input is a function of t), so (t, x) continues a run.
#pragma once

#include <map>
#include <span>
#include <string>
#include <vector>

#include "runtime/model/model.h"
#include "runtime/scenario/scenario.h"

namespace hawser {

struct SavedState {
  double time = 0.0;               ///< [s]
  std::vector<double> x;           ///< The state vector, in the model's order.
  std::vector<std::string> names;  ///< One per entry of x: "Obj:State" or "Obj:State[i]".
  std::string model_hash;          ///< ModelHash of the scenario that wrote it.
  std::string scenario_file;       ///< The path that scenario was read from, for messages.
  /// Model::DiscreteStates(): the group `discrete_state`, a dataset per object.
  std::map<std::string, std::vector<double>> discrete;
};

/// A 64-bit FNV-1a hash (16 hex digits) of what defines the equations: each object's library,
/// type, name and parameters (after ${variable} substitution and --set) and each connection.
/// Not the Engine (times, integrator, tolerances) nor the initial conditions, which a restart
/// replaces with the saved state: a run may be continued with a later end time or another step.
std::string ModelHash(const Scenario& scenario);

/// "Obj:State" (width 1) or "Obj:State[i]" for each entry of the model's state vector.
std::vector<std::string> StateNames(const Model& model);

/// Writes `state` (with the scenario's text for provenance) to `path`, replacing any file there
/// only once the new one is complete. Throws IoError.
void WriteStateFile(const std::string& path, const SavedState& state,
                    const std::string& scenario_text);

/// Reads a file WriteStateFile wrote. Throws ScenarioError (exit 2) naming the file and the
/// reason when it is missing, not HDF5, damaged or not a state file; IoError for a system error.
SavedState ReadStateFile(const std::string& path);

/// Throws ScenarioError unless `state` (read from `path`) was saved from a scenario with the same
/// ModelHash as `scenario` and has one value per entry of `model`'s state.
void CheckStateFits(const SavedState& state, const std::string& path, const Scenario& scenario,
                    const Model& model);

}  // namespace hawser
