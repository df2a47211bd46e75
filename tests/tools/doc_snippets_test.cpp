// Every command, Python snippet and scenario of README.md and docs/*.md runs as written
// (tests/tools/doc_snippets.py says how, and which set-up scripts it leaves to CI).
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {

TEST_CASE("README and docs: every documented command and Python snippet runs") {
  const std::string source = HAWSER_SOURCE_DIR;
  // The build tree this test belongs to (build/ or build-sanitize/): <build>/tools/hawser.
  const std::string build =
      std::filesystem::path(HAWSER_BINARY).parent_path().parent_path().string();
  const CommandResult r =
      RunCommand("/usr/bin/python3 '" + source + "/tests/tools/doc_snippets.py' '" + source +
                 "' '" + build + "'");
  CHECK_MESSAGE(r.exit_code == 0, r.output);
  CHECK(r.output.find(" 0 failed") != std::string::npos);
}

}  // namespace hawser::testing
