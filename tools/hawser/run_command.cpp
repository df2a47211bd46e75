// `hawser run`: load, assemble, integrate, write results, print a summary.
#include <fmt/format.h>

#include <atomic>
#include <csignal>
#include <memory>

#include "runtime/output/csv_sink.h"
#include "runtime/output/hdf5_sink.h"
#include "runtime/simulation.h"
#include "simobjects/register_base.h"
#include "tools/hawser/commands.h"
#include "tools/hawser/progress.h"

namespace hawser::cli {

namespace {

std::atomic<bool> g_interrupted{false};
extern "C" void OnSigint(int) { g_interrupted.store(true); }

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::unique_ptr<Sink> MakeSink(const std::string& path) {
  if (EndsWith(path, ".h5") || EndsWith(path, ".hdf5")) return std::make_unique<Hdf5Sink>(path);
  return std::make_unique<CsvSink>(path);
}

}  // namespace

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

int Run(const RunRequest& request) {
  Scenario scenario = LoadScenario(request.scenario, request.variables);
  if (request.settle) scenario.engine.settle = true;
  std::unique_ptr<Model> model = Model::Assemble(scenario, BuiltinRegistry());
  std::unique_ptr<Sink> sink = MakeSink(request.output);

  RunOptions options;
  options.interrupt = &g_interrupted;
  options.info = {scenario.file, scenario.xml_text, request.command_line, scenario.engine};
  ProgressReporter progress(!request.quiet);
  options.progress = [&](double t, double end) { progress.Update(t, end); };
  g_interrupted.store(false);
  auto previous = std::signal(SIGINT, OnSigint);
  RunResult result = Simulate(*model, scenario.engine, *sink, options);
  std::signal(SIGINT, previous);
  progress.Done();

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
      return kOk;
    case RunStatus::kInterrupted:
      fmt::print(stderr, "hawser: {}; results so far are in {}\n", result.message, request.output);
      return kInterrupted;
    case RunStatus::kFailed:
      fmt::print(stderr, "{}: error: {}; results up to t = {} are in {}\n", scenario.file,
                 result.message, result.end_time, request.output);
      return kSimulationFailed;
  }
  return kInternal;
}

}  // namespace hawser::cli
