#include "runtime/plugins/plugin_loader.h"

#include <dlfcn.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>

#include "hawser/plugin.h"

namespace hawser {

namespace fs = std::filesystem;

std::vector<std::string> PluginSearchPath(const std::vector<std::string>& option_dirs,
                                          const std::string& scenario_file) {
  std::vector<std::string> dirs = option_dirs;
  if (const char* env = std::getenv("HAWSER_PLUGIN_PATH")) {
    std::stringstream entries(env);
    std::string dir;
    while (std::getline(entries, dir, ':'))
      if (!dir.empty()) dirs.push_back(dir);
  }
  if (!scenario_file.empty()) {
    const fs::path folder = fs::path(scenario_file).parent_path();
    dirs.push_back(folder.empty() ? "." : folder.string());
  }
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const fs::path prefix = exe.parent_path().parent_path();
    dirs.push_back((prefix / "lib" / "hawser").string());
    dirs.push_back((prefix / "lib").string());
  }
  return dirs;
}

namespace {

/// The first DIR/libNAME.so or DIR/NAME.so that exists, or "".
std::string FindLibrary(const std::string& name, const std::vector<std::string>& search_path) {
  for (const std::string& dir : search_path) {
    for (const std::string& file : {"lib" + name + ".so", name + ".so"}) {
      const fs::path candidate = fs::path(dir) / file;
      std::error_code ec;
      if (fs::is_regular_file(candidate, ec)) return candidate.string();
    }
  }
  return {};
}

}  // namespace

void LoadPlugin(const std::string& name, const std::vector<std::string>& search_path,
                const SourceLocation& loc, Registry& registry) {
  if (registry.HasLibrary(name)) return;
  const std::string file = FindLibrary(name, search_path);
  if (file.empty()) {
    throw ScenarioError(
        loc, fmt::format("unknown LibName '{}': no SimObject library lib{}.so or {}.so in {}{}",
                         name, name, name, fmt::join(search_path, ", "),
                         SuggestionText(name, registry.library_names(), "known libraries")));
  }
  const std::string what = fmt::format("LibName '{}': {}", name, file);
  // RTLD_NOW: a missing symbol is an error here, not a crash in the middle of a run. RTLD_LOCAL:
  // plugins do not see each other's symbols; they share the one hawser API library.
  void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = dlerror();
    throw ScenarioError(loc, fmt::format("{}: cannot load the library: {}", what,
                                         why != nullptr ? why : "unknown reason"));
  }
  using VersionFn = int();
  auto* version = reinterpret_cast<VersionFn*>(dlsym(handle, HAWSER_PLUGIN_VERSION_SYMBOL));
  auto* register_fn =
      reinterpret_cast<RegisterFunction*>(dlsym(handle, HAWSER_PLUGIN_REGISTER_SYMBOL));
  if (version == nullptr || register_fn == nullptr) {
    throw ScenarioError(
        loc, fmt::format("{}: not a hawser SimObject library: it defines no {}(); a plugin "
                         "defines its entry points with HAWSER_PLUGIN(RegisterFn) from "
                         "hawser/plugin.h",
                         what,
                         version == nullptr ? HAWSER_PLUGIN_VERSION_SYMBOL
                                            : HAWSER_PLUGIN_REGISTER_SYMBOL));
  }
  const int plugin_version = version();
  if (plugin_version != HAWSER_PLUGIN_API_VERSION) {
    throw ScenarioError(
        loc, fmt::format("{}: built against hawser plugin API version {}, but this hawser has "
                         "version {}; rebuild the library against this hawser's installed "
                         "package",
                         what, plugin_version, HAWSER_PLUGIN_API_VERSION));
  }
  // Register into a registry of its own first, so that a failure adds nothing.
  Registry staged;
  staged.SetLibrary(name, file);
  staged.AddLibraryName(name);
  try {
    register_fn(staged);
    registry.Merge(staged);
  } catch (const RegistrationError& e) {
    throw ScenarioError(loc, fmt::format("{}: {}", what, e.what()));
  } catch (const std::exception& e) {
    throw ScenarioError(loc,
                        fmt::format("{}: its registration function threw: {}", what, e.what()));
  } catch (...) {
    throw ScenarioError(loc, fmt::format("{}: its registration function threw an exception", what));
  }
}

void LoadScenarioPlugins(const Scenario& scenario, const std::vector<std::string>& option_dirs,
                         Registry& registry) {
  ErrorCollector errors;
  std::set<std::string> tried;
  std::vector<std::string> search_path;
  for (const ObjectDecl& decl : scenario.objects) {
    if (registry.HasLibrary(decl.lib_name) || !tried.insert(decl.lib_name).second) continue;
    if (search_path.empty()) search_path = PluginSearchPath(option_dirs, scenario.file);
    errors.Try([&] { LoadPlugin(decl.lib_name, search_path, decl.loc, registry); });
  }
  errors.ThrowIfAny();
}

}  // namespace hawser
