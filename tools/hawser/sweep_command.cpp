// `hawser sweep SCENARIO --set NAME=VALUES ... -o sweep.h5`: many runs of one scenario, on
// threads (-j N) or MPI ranks (mpirun -n K), into one HDF5 file (runtime/sweep/sweep_file.h).
#include "tools/hawser/sweep_command.h"

#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>

#include "runtime/model/model.h"
#include "runtime/sweep/sweep_runner.h"
#include "tools/hawser/commands.h"
#include "tools/hawser/prepared_run.h"
#include "tools/hawser/signals.h"

namespace hawser::cli {

namespace {

double Now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

SweepPlan MakePlan(const SweepRequest& request) {
  SweepPlan plan;
  SweepSetup& s = plan.setup;
  s.scenario_file = request.scenario;
  s.scenario_text = ReadScenarioText(request.scenario);
  s.variables = request.variables;
  s.command_line = request.command_line;
  if (!request.sweep_file.empty()) ReadSweepFile(request.sweep_file, s.definition);
  for (const std::string& item : request.sets)
    s.definition.parameters.push_back(ParseSweepSetting(item));
  for (const std::string& item : request.summaries)
    s.definition.summaries.push_back(ParseSummarySpec(item));
  if (request.zip) s.definition.mode = SweepMode::kZip;
  plan.cases = ExpandCases(s.definition);
  // Bad names and bad summaries are input errors (exit 2), found before any case runs: build the
  // first case's model and check the summaries' columns are logged.
  Scenario first = ScenarioForCase(s, plan.cases.front());
  // Every case names the same libraries (a sweep changes values, not LibNames). Each MPI rank
  // loads them itself: every rank makes the plan.
  plan.registry = std::make_shared<const Registry>(RegistryForScenario(first, request.plugin_path));
  s.registry = plan.registry.get();
  std::unique_ptr<Model> model = Model::Assemble(first, *s.registry);
  ReportUnitMismatches(*model, request.strict_units);
  SummarySink check(s.definition.summaries, nullptr);
  check.Begin(SelectLoggedSignals(*model, first.engine), {});
  return plan;
}

}  // namespace

bool LaunchedWithMpi() {
  for (const char* var : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"}) {
    const char* v = std::getenv(var);
    if (v != nullptr && std::atoi(v) > 1) return true;
  }
  return false;
}

std::unique_ptr<SweepFile> OpenSweepFile(const SweepRequest& request, const SweepPlan& plan,
                                         std::vector<long>& todo) {
  std::unique_ptr<SweepFile> file;
  if (request.resume && std::filesystem::exists(request.output)) {
    file = SweepFile::Resume(request.output, plan.setup, plan.cases);
  } else {
    file = SweepFile::Create(request.output, plan.setup, plan.cases);
  }
  todo.clear();
  for (const SweepCase& c : plan.cases) {
    const std::string& st = file->statuses()[c.index];
    if (st != "completed" && st != "failed") todo.push_back(c.index);
  }
  return file;
}

SweepReport::SweepReport(size_t to_run, size_t total, bool quiet)
    : to_run_(to_run),
      total_(total),
      quiet_(quiet),
      tty_(isatty(fileno(stderr)) != 0),
      start_(Now()) {
  if (!quiet_ && to_run_ < total_) {
    fmt::print(stderr, "hawser sweep: resuming: {} of {} cases already done\n", total_ - to_run_,
               total_);
  }
}

void SweepReport::Add(const CaseResult& result) {
  // A case stopped by an interrupt is not done: it is run again by --resume.
  if (result.run.status == RunStatus::kInterrupted) return;
  ++done_;
  if (result.run.status == RunStatus::kFailed) {
    ++failed_;
    if (!quiet_) {
      if (tty_) fmt::print(stderr, "\r\033[K");
      fmt::print(stderr, "hawser sweep: case {} failed: {}\n", result.index, result.run.message);
    }
  }
  if (quiet_) return;
  const double elapsed = Now() - start_;
  const double fraction =
      static_cast<double>(done_) / static_cast<double>(std::max<size_t>(to_run_, 1));
  const double eta = elapsed * (1.0 - fraction) / std::max(fraction, 1e-9);
  if (tty_) {
    if (elapsed - last_draw_ < 0.1 && done_ < to_run_) return;
    last_draw_ = elapsed;
    const int filled = static_cast<int>(fraction * 30);
    fmt::print(stderr, "\r[{:<30}] {:3.0f}%  {} / {} cases, {} failed  ETA {:.0f} s ",
               std::string(filled, '#'), 100 * fraction, done_, to_run_, failed_, eta);
  } else if (elapsed - last_draw_ >= 2.0 || done_ == to_run_) {
    last_draw_ = elapsed;
    fmt::print(stderr, "progress: {} / {} cases, {} failed, ETA {:.0f} s\n", done_, to_run_,
               failed_, eta);
  }
}

int SweepReport::Finish(SweepFile& file, const std::string& path, bool interrupted) {
  if (!quiet_ && tty_ && last_draw_ >= 0) fmt::print(stderr, "\n");
  size_t completed = 0, failed = 0, stopped = 0;
  for (const std::string& s : file.statuses()) {
    completed += s == "completed";
    failed += s == "failed";
    stopped += s == "interrupted";
  }
  const size_t missing = total_ - completed - failed;
  const size_t not_started = missing - std::min(missing, stopped);
  std::string rest;
  if (stopped > 0) rest += fmt::format(", {} stopped part-way", stopped);
  if (not_started > 0) rest += fmt::format(", {} not started", not_started);
  if (missing > 0) rest += " (--resume runs them)";
  const std::string message =
      fmt::format("{} of {} cases completed, {} failed{}", completed, total_, failed, rest);
  const std::string status = interrupted || missing ? "interrupted" : "completed";
  file.Finish(status, message);
  if (!quiet_) {
    fmt::print("hawser sweep: {}: {} -> {} ({:.2f} s)\n", status, message, path, Now() - start_);
  }
  if (interrupted || missing) return kInterrupted;
  return failed > 0 ? kSimulationFailed : kOk;
}

int Sweep(const SweepRequest& request) {
  if (ResultFormatOf(request.output) != ResultFormat::kHdf5) {
    throw ScenarioError({}, fmt::format("-o '{}': a sweep writes one HDF5 file (its /cases table "
                                        "and every case's results); name it .h5 or .hdf5",
                                        request.output));
  }
  SweepPlan plan = MakePlan(request);
  // The flag is set by SIGINT, SIGTERM or SIGHUP (handlers installed first thing in main).
  std::atomic<bool>& interrupted = StopRequested();
  DeferStopsToRun();  // The sweep finishes its file: cases stop, their statuses are recorded.
#ifdef HAWSER_WITH_MPI
  if (LaunchedWithMpi()) return MpiSweep(request, plan, interrupted);
#else
  if (LaunchedWithMpi()) {
    throw ScenarioError({},
                        "hawser sweep: started by mpirun, but this hawser was built without MPI "
                        "(HAWSER_MPI=OFF); use -j N threads instead");
  }
#endif
  std::vector<long> todo;
  std::unique_ptr<SweepFile> file = OpenSweepFile(request, plan, todo);
  SweepReport report(todo.size(), plan.cases.size(), request.quiet);
  SweepRunOptions options;
  options.threads = request.threads;
  options.interrupt = &interrupted;
  options.on_case_done = [&](const CaseResult& r) { report.Add(r); };
  RunSweepThreads(plan.setup, plan.cases, todo, *file, options);
  return report.Finish(*file, request.output, interrupted.load());
}

}  // namespace hawser::cli
