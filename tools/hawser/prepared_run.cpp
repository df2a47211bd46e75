#include "tools/hawser/prepared_run.h"

#include "runtime/output/csv_sink.h"
#include "runtime/output/hdf5_sink.h"
#include "runtime/sweep/sweep.h"

namespace hawser::cli {

namespace {

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

void PrepareRun(const RunRequest& request, PreparedRun& out) {
  out.scenario = LoadScenario(request.scenario, request.variables);
  if (!request.sets.empty()) {
    out.scenario = ScenarioWithSettings(out.scenario.file, out.scenario.xml_text, request.variables,
                                        request.sets);
  }
  if (request.settle) out.scenario.engine.settle = true;
  // The built-in types and the SimObject libraries the scenario's LibNames name.
  out.registry = RegistryForScenario(out.scenario, request.plugin_path);
  out.model = Model::Assemble(out.scenario, out.registry);
  ReportUnitMismatches(*out.model, request.strict_units);
}

std::unique_ptr<Sink> MakeSink(const std::string& path, size_t n_times) {
  if (EndsWith(path, ".h5") || EndsWith(path, ".hdf5")) {
    return std::make_unique<Hdf5Sink>(path, n_times);
  }
  return std::make_unique<CsvSink>(path);
}

}  // namespace hawser::cli
