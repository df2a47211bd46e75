// `hawser eval`: one configuration's outputs at the start time, without a run: load, assemble,
// take the initial state (after Settle when asked), evaluate every output once, print a table
// or write one row.
#include <fmt/format.h>

#include <algorithm>
#include <memory>

#include "hawser/text.h"
#include "runtime/run/simulation.h"
#include "tools/hawser/commands.h"
#include "tools/hawser/prepared_run.h"
#include "tools/hawser/signals.h"

namespace hawser::cli {

namespace {

/// Keeps the one row as text lines "Obj.Port = v0, v1 [unit]", names padded to one column.
class TableSink final : public Sink {
 public:
  void Begin(const std::vector<LoggedSignal>& signals, const RunInfo&) override {
    signals_ = signals;
  }
  void Write(double) override {
    size_t width = 0;
    for (const LoggedSignal& s : signals_) width = std::max(width, s.qualified_name().size());
    lines_.clear();
    for (const LoggedSignal& s : signals_) {
      std::string values;
      // -0 reads as 0 here (the CSV and HDF5 files keep the sign bit).
      for (double v : s.values) values += (values.empty() ? "" : ", ") + NumberText(v + 0.0);
      lines_.push_back(fmt::format("{:<{}} = {} [{}]", s.qualified_name(), width, values,
                                   s.unit.empty() ? "-" : s.unit));
    }
  }
  void Finish(const RunResult&) override {}
  const std::vector<std::string>& lines() const { return lines_; }

 private:
  std::vector<LoggedSignal> signals_;
  std::vector<std::string> lines_;
};

}  // namespace

int Eval(const RunRequest& request) {
  PreparedRun run;
  PrepareRun(request, run);
  const Scenario& scenario = run.scenario;

  // One output time, the start; every output and state, whatever FileOutput and LogStates say.
  EngineSettings settings = scenario.engine;
  settings.output.times = {settings.output.start};
  settings.output.end = settings.output.start;
  settings.file_output = {"objects:all"};
  settings.log_states = true;

  DeferStopsToRun();  // The evaluation finishes its file as interrupted.
  std::unique_ptr<Sink> file = request.output.empty() ? nullptr : MakeSink(request.output, 1);
  TableSink table;
  RunOptions options;
  options.interrupt = &StopRequested();
  options.interrupt_cause = StopCause;
  options.info = {scenario.file, scenario.xml_text, request.command_line, settings};
  const RunResult result = Simulate(*run.model, settings, file ? *file : table, options);

  const double t0 = settings.output.start;
  switch (result.status) {
    case RunStatus::kCompleted:
      break;
    case RunStatus::kInterrupted:
      fmt::print(stderr, "hawser: {}\n", result.message);
      return kInterrupted;
    case RunStatus::kFailed:
      fmt::print(stderr, "{}: error: {}\n", scenario.file, result.message);
      return kSimulationFailed;
  }
  const std::string when = fmt::format("t = {}{}", NumberText(t0),
                                       settings.settle ? " (after Settle)" : " (initial state)");
  if (file) {
    if (!request.quiet) fmt::print("hawser eval: {}: one row -> {}\n", when, request.output);
    return kOk;
  }
  if (!request.quiet) fmt::print("{}\n", when);
  for (const std::string& line : table.lines()) fmt::print("{}\n", line);
  return kOk;
}

}  // namespace hawser::cli
