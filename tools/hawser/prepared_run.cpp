#include "tools/hawser/prepared_run.h"

#include <fmt/format.h>
#include <sys/stat.h>

#include <cctype>

#include "runtime/output/csv_sink.h"
#include "runtime/output/hdf5_sink.h"
#include "runtime/sweep/sweep.h"

namespace hawser::cli {

namespace {

/// `path`'s extension in lower case ("" when its last part has none).
std::string Extension(const std::string& path) {
  const auto dot = path.rfind('.');
  const auto slash = path.rfind('/');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
  std::string ext = path.substr(dot);
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

}  // namespace

void PrepareRun(const RunRequest& request, PreparedRun& out) {
  if (!request.output.empty()) ResultFormatOf(request.output);  // A bad name: exit 2 at once.
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

ResultFormat ResultFormatOf(const std::string& path) {
  const std::string ext = Extension(path);
  if (ext == ".h5" || ext == ".hdf5") return ResultFormat::kHdf5;
  if (ext == ".csv") return ResultFormat::kCsv;
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))) {
    return ResultFormat::kCsv;  // A stream: rows as text.
  }
  throw ScenarioError({}, fmt::format("-o '{}': hawser writes results as CSV (name the file .csv) "
                                      "or HDF5 (.h5 or .hdf5); the extension chooses",
                                      path));
}

std::unique_ptr<Sink> MakeSink(const std::string& path, size_t n_times) {
  if (ResultFormatOf(path) == ResultFormat::kHdf5) {
    return std::make_unique<Hdf5Sink>(path, n_times);
  }
  return std::make_unique<CsvSink>(path);
}

}  // namespace hawser::cli
