#include "tools/hawser/run_state.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "runtime/analysis/state_file.h"

namespace hawser::cli {

void RunStateFiles::Prepare(const RunRequest& request, const PreparedRun& run,
                            RunOptions& options) {
  run_ = &run;
  path_ = request.save_state;
  at_ = request.save_state_at;
  if (at_ && path_.empty()) {
    throw ScenarioError({}, "--save-state-at needs --save-state FILE (the file to save it to)");
  }
  namespace fs = std::filesystem;
  if (!path_.empty() && !request.output.empty() &&
      fs::weakly_canonical(fs::absolute(path_)) ==
          fs::weakly_canonical(fs::absolute(request.output))) {
    throw ScenarioError({}, fmt::format("--save-state '{}' is the result file (-o); name "
                                        "another file for the state",
                                        path_));
  }
  if (at_) {
    // The state is saved where the run writes a row: an extra stop would change a fixed-step
    // integrator's steps, and then a restart would no longer repeat the run bit for bit.
    const std::vector<double>& times = run.scenario.engine.output.times;
    const auto it = std::lower_bound(times.begin(), times.end(), *at_);
    if (it == times.end() || *it != *at_) {
      const std::string before = it == times.begin() ? "none" : fmt::format("{}", *(it - 1));
      const std::string after = it == times.end() ? "none" : fmt::format("{}", *it);
      throw ScenarioError({}, fmt::format("--save-state-at {}: not an output time of '{}'; the "
                                          "nearest are {} (before) and {} (after)",
                                          *at_, run.scenario.file, before, after));
    }
  }
  if (!request.restart.empty()) {
    SavedState saved = ReadStateFile(request.restart);
    CheckStateFits(saved, request.restart, run.scenario, *run.model);
    start_ = StartState{saved.time, std::move(saved.x), std::move(saved.discrete)};
    options.start = &*start_;
  }
  if (!path_.empty()) {
    options.at_output = [this](double t, std::span<const double> x) {
      if (at_) {
        if (t == *at_) Save(t, x);
        return;
      }
      last_t_ = t;
      last_x_.assign(x.begin(), x.end());
    };
  }
}

void RunStateFiles::Save(double t, std::span<const double> x) {
  SavedState state;
  state.time = t;
  state.x.assign(x.begin(), x.end());
  state.names = StateNames(*run_->model);
  state.model_hash = ModelHash(run_->scenario);
  state.scenario_file = run_->scenario.file;
  state.discrete = run_->model->DiscreteStates();
  WriteStateFile(path_, state, run_->scenario.xml_text);
  saved_at_ = t;
}

void RunStateFiles::Finish(bool quiet) {
  if (path_.empty()) return;
  if (!at_ && last_t_) Save(*last_t_, last_x_);
  if (saved_at_) {
    if (!quiet) fmt::print("  state at t = {} saved to {}\n", *saved_at_, path_);
  } else {
    fmt::print(stderr, "hawser: no state saved to {}: the run ended before t = {}\n", path_,
               at_ ? fmt::format("{}", *at_) : "its first output time");
  }
}

}  // namespace hawser::cli
