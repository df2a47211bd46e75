#include "tests/tools/hawser/view_test_support.h"

#include <doctest/doctest.h>

#include <filesystem>

namespace hawser::testing {

std::string TempDir() {
  return std::filesystem::path(WriteTempFile("view_marker", "")).parent_path().string();
}

std::string RunScenario(const std::string& scenario_text, const std::string& name,
                        const std::string& extra_args) {
  const std::string scenario = WriteTempFile(name + ".xml", scenario_text);
  const std::string out = TempDir() + "/" + name;
  const CommandResult r =
      RunHawser("run -q " + Quote(scenario) + " -o " + Quote(out) + " " + extra_args);
  REQUIRE_MESSAGE(r.exit_code == 0, r.output);
  std::filesystem::remove(scenario);
  return out;
}

}  // namespace hawser::testing
