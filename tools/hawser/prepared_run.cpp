#include "tools/hawser/prepared_run.h"

#include <fmt/format.h>

#include "runtime/output/csv_sink.h"
#include "runtime/output/hdf5_sink.h"
#include "runtime/sweep/sweep.h"
#include "tools/hawser/signals.h"

namespace hawser::cli {

namespace {

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// Signals only set a flag (tools/hawser/signals.h): look at it between the stages.
bool Stopped(const char* stage) {
  if (!StopRequested().load()) return false;
  fmt::print(stderr, "hawser: interrupted by {} while {}; no results written\n", StopCause(),
             stage);
  return true;
}

}  // namespace

bool PrepareRun(const RunRequest& request, PreparedRun& out) {
  if (Stopped("starting")) return false;
  out.scenario = LoadScenario(request.scenario, request.variables);
  if (!request.sets.empty()) {
    out.scenario = ScenarioWithSettings(out.scenario.file, out.scenario.xml_text, request.variables,
                                        request.sets);
  }
  if (request.settle) out.scenario.engine.settle = true;
  if (Stopped("loading the scenario")) return false;
  // The built-in types and the SimObject libraries the scenario's LibNames name.
  out.registry = RegistryForScenario(out.scenario, request.plugin_path);
  out.model = Model::Assemble(out.scenario, out.registry);
  ReportUnitMismatches(*out.model, request.strict_units);
  return !Stopped("assembling the model");
}

std::unique_ptr<Sink> MakeSink(const std::string& path, size_t n_times) {
  if (EndsWith(path, ".h5") || EndsWith(path, ".hdf5")) {
    return std::make_unique<Hdf5Sink>(path, n_times);
  }
  return std::make_unique<CsvSink>(path);
}

}  // namespace hawser::cli
