// `hawser run --restart FILE`, `--save-state FILE` and `--save-state-at T`: a run continued from
// a saved state, and the state saved at an output time or at the end (runtime/analysis/
// state_file.h holds the file's layout and the check that a state fits the scenario).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "runtime/run/simulation.h"
#include "tools/hawser/prepared_run.h"

namespace hawser::cli {

class RunStateFiles {
 public:
  /// Reads and checks --restart's file and --save-state-at's time against `run`; sets
  /// `options.start` and `options.at_output` (both point into this object, which must outlive the
  /// run). Throws ScenarioError (exit 2) for a state that does not fit, a time that is not an
  /// output time, or --save-state-at without --save-state.
  void Prepare(const RunRequest& request, const PreparedRun& run, RunOptions& options);
  /// Saves the last output time's state when no --save-state-at time was given; says where the
  /// state went (unless `quiet`). Throws IoError.
  void Finish(bool quiet);

 private:
  void Save(double t, std::span<const double> x);

  std::string path_;          ///< --save-state ("" = none).
  std::optional<double> at_;  ///< --save-state-at.
  std::optional<StartState> start_;
  const PreparedRun* run_ = nullptr;
  std::optional<double> last_t_;  ///< The last output time and its state, for a save at the end.
  std::vector<double> last_x_;
  std::optional<double> saved_at_;
};

}  // namespace hawser::cli
