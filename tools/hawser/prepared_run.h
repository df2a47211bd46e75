// What `hawser run` and `hawser eval` do before they evaluate anything: load the scenario (with
// --var), apply --set and --settle, load the SimObject libraries its LibNames name, assemble the
// model and check its connections' units; and the result file a path names.
#pragma once

#include <memory>
#include <string>

#include "hawser/registry.h"
#include "runtime/model/model.h"
#include "runtime/output/sink.h"
#include "runtime/scenario/scenario.h"
#include "tools/hawser/commands.h"

namespace hawser::cli {

struct PreparedRun {
  Scenario scenario;
  Registry registry;  ///< Before the model: the libraries' code must outlive its objects.
  std::unique_ptr<Model> model;
};

/// Loads and assembles `request`'s scenario into `out`. Load and assembly errors are thrown
/// (ScenarioError(s), IoError). A signal meanwhile ends the program (tools/hawser/signals.h).
void PrepareRun(const RunRequest& request, PreparedRun& out);

enum class ResultFormat { kCsv, kHdf5 };

/// The format `-o path` names by its extension, in any case: HDF5 for .h5 or .hdf5, CSV for .csv
/// or for an existing device or FIFO (/dev/null, /dev/stdout). Throws ScenarioError (exit 2)
/// for any other name, before anything is loaded, so that a typo never gets a file of the wrong
/// kind (or overwrites the scenario, `-o s.xml`).
ResultFormat ResultFormatOf(const std::string& path);

/// The result file `path` names (ResultFormatOf; HDF5 sized for `n_times` rows).
std::unique_ptr<Sink> MakeSink(const std::string& path, size_t n_times);

}  // namespace hawser::cli
