// `hawser run`: load, assemble, integrate, write results, print a summary.
#include <fmt/format.h>

#include <memory>

#include "runtime/model/connection_units.h"
#include "runtime/run/simulation.h"
#include "tools/hawser/commands.h"
#include "tools/hawser/prepared_run.h"
#include "tools/hawser/progress.h"
#include "tools/hawser/run_state.h"
#include "tools/hawser/signals.h"
#include "tools/hawser/view_command.h"

namespace hawser::cli {

VariableOverrides ParseVariableOverrides(const std::vector<std::string>& items) {
  VariableOverrides out;
  for (const std::string& item : items) {
    auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0) {
      throw ScenarioError({},
                          fmt::format("--var '{}': expected name=value, e.g. --var k=20", item));
    }
    out[item.substr(0, eq)] = item.substr(eq + 1);
  }
  return out;
}

void ReportUnitMismatches(const Model& model, bool strict) {
  const std::vector<UnitMismatch> found = FindUnitMismatches(model);
  if (strict && !found.empty()) {
    std::vector<ScenarioError> errors;
    for (const UnitMismatch& m : found)
      errors.emplace_back(m.loc, m.message + " (an error with --strict-units)");
    throw ScenarioErrors(std::move(errors));
  }
  for (const UnitMismatch& m : found) {
    fmt::print(stderr, "{}:{}: warning: {}\n", m.loc.file, m.loc.line, m.message);
  }
}

int Run(const RunRequest& request) {
  // --vtk reads the run back from its HDF5 file: refused before any work when there is none.
  if (!request.vtk_dir.empty() && ResultFormatOf(request.output) != ResultFormat::kHdf5) {
    throw ScenarioError({}, fmt::format("--vtk '{}': the VTK files are made from the run's HDF5 "
                                        "result, and '{}' is a CSV result (it keeps no cable's "
                                        "shape); write the run with -o RUN.h5",
                                        request.vtk_dir, request.output));
  }
  PreparedRun run;
  PrepareRun(request, run);
  const Scenario& scenario = run.scenario;
  DeferStopsToRun();  // The run finishes its file as interrupted.
  RunOptions options;
  RunStateFiles states;  // Before the result file is made: a bad state file creates none.
  states.Prepare(request, run, options);
  std::unique_ptr<Sink> sink = MakeSink(request.output, scenario.engine.output.times.size());
  options.interrupt = &StopRequested();
  options.interrupt_cause = StopCause;
  options.info = {scenario.file, scenario.xml_text, request.command_line, scenario.engine};
  ProgressReporter progress(!request.quiet);
  options.progress = [&](double t, double end) { progress.Update(t, end); };
  RunResult result = Simulate(*run.model, scenario.engine, *sink, options);
  progress.Done();
  states.Finish(request.quiet);
  sink.reset();  // The result file closed: --vtk reads it back.

  const SolverStats& st = result.stats;
  if (!request.quiet) {
    fmt::print("hawser: {} t = {} .. {}, {} rows -> {}\n", ToString(result.status),
               scenario.engine.output.start, result.end_time, result.rows, request.output);
    fmt::print(
        "  {}{}: {} steps, {} RHS evaluations, {} Jacobians, {} linear-solver setups, "
        "{} error-test failures; wall time {:.3f} s\n",
        result.integrator,
        result.linear_solver.empty() ? "" : " (linear solver: " + result.linear_solver + ")",
        st.steps, st.rhs_evals, st.jacobian_evals, st.linear_setups, st.error_test_failures,
        result.wall_seconds);
  }
  switch (result.status) {
    case RunStatus::kCompleted:
      return request.vtk_dir.empty() ? kOk : Vtk({request.output, request.vtk_dir, ""});
    case RunStatus::kInterrupted:
      fmt::print(stderr, "hawser: {}; results so far are in {}{}\n", result.message, request.output,
                 request.vtk_dir.empty() ? "" : " (no VTK files: not completed)");
      return kInterrupted;
    case RunStatus::kFailed:
      fmt::print(stderr, "{}: error: {}; results up to t = {} are in {}{}\n", scenario.file,
                 result.message, result.end_time, request.output,
                 request.vtk_dir.empty() ? "" : " (no VTK files: not completed)");
      return kSimulationFailed;
  }
  return kInternal;
}

}  // namespace hawser::cli
