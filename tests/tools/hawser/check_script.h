// The Python checks of the CLI tests (tests/tools/hawser/*_check.py and the like), run by
// /usr/bin/python3, which has h5py, numpy and scipy (the default python3 may not).
#pragma once

#include <string>

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

}  // namespace hawser::testing
