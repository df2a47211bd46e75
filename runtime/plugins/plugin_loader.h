// SimObject libraries (plugins) loaded by LibName (docs/design.md, "Plugins and API versioning"): a
// <Lib LibName="NAME"> whose NAME no loaded library has loads libNAME.so or NAME.so from the search
// path, checks its API version stamp, then calls its registration function (hawser/plugin.h).
#pragma once

#include <string>
#include <vector>

#include "hawser/errors.h"
#include "hawser/registry.h"
#include "runtime/scenario/scenario.h"

namespace hawser {

/// The folders searched for a library, in this order: `option_dirs` (--plugin-path), the
/// entries of the HAWSER_PLUGIN_PATH environment variable (colon-separated), the folder of
/// `scenario_file` (when it is not empty), then the install prefix's lib/hawser and lib, where
/// the prefix is the folder above the one holding the running executable (bin/hawser).
std::vector<std::string> PluginSearchPath(const std::vector<std::string>& option_dirs,
                                          const std::string& scenario_file);

/// Loads SimObject library `name` into `registry`, unless the registry knows that LibName
/// already: the first of DIR/libNAME.so, DIR/NAME.so that exists, over `search_path`. Throws
/// ScenarioError at `loc` when no such file exists (listing every folder searched), the file
/// cannot be loaded, it lacks the entry points (not a hawser plugin), it was built against
/// another plugin API version, its registration throws, or it registers a type that is
/// registered already (naming both libraries). Nothing is registered then.
///
/// A loaded library is never unloaded (no dlclose): the registry keeps its factories, objects
/// keep its vtables, and unloading would also hide its allocations from LeakSanitizer's
/// symbolizer. The process ends soon after a run anyway.
void LoadPlugin(const std::string& name, const std::vector<std::string>& search_path,
                const SourceLocation& loc, Registry& registry);

/// Loads the library of every <Lib> whose LibName `registry` does not know yet, each error at
/// the first <Lib> line naming it; throws them together (ScenarioErrors).
void LoadScenarioPlugins(const Scenario& scenario, const std::vector<std::string>& option_dirs,
                         Registry& registry);

}  // namespace hawser
