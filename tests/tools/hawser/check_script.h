// The Python checks of the CLI tests (tests/tools/hawser/*_check.py and the like), and the
// generators of committed data (tools/*.py), run by /usr/bin/python3, which has h5py, numpy and
// scipy (the default python3 may not).
#pragma once

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {

/// `/usr/bin/python3 tests/tools/hawser/SCRIPT ARGS` in `workdir`; ARGS are shell-quoted by the
/// caller.
inline CommandResult RunCheckScript(const std::string& script, const std::string& args,
                                    const std::string& workdir = ".") {
  return RunCommand(
      "/usr/bin/python3 '" HAWSER_SOURCE_DIR "/tests/tools/hawser/" + script + "' " + args,
      workdir);
}

/// Runs the command of tools/SCRIPT's docstring, `--output BASE` with BASE = NAME in the test's
/// temporary folder (same numpy and libm as the committed files), and checks each BASE + suffix
/// it writes equals `data` + suffix byte for byte. Removes what it wrote.
inline void CheckRegenerated(const std::string& script, const std::string& name,
                             const std::string& data, const std::vector<std::string>& suffixes) {
  const std::string probe = WriteTempFile(name + ".probe", "");
  const std::string base = probe.substr(0, probe.rfind('/')) + "/" + name;
  const CommandResult r = RunCommand("/usr/bin/python3 '" HAWSER_SOURCE_DIR "/tools/" + script +
                                     "' --output '" + base + "'");
  REQUIRE_MESSAGE(r.exit_code == 0, r.output);
  for (const std::string& e : suffixes) {
    CAPTURE(e);
    CHECK(ReadFile(base + e) == ReadFile(data + e));
    std::filesystem::remove(base + e);
  }
  std::filesystem::remove(probe);
}

}  // namespace hawser::testing
