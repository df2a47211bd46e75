// A scenario that `hawser validate` must refuse, for the CLI tests of bad parameters
// (cable_point_test.cpp, end_break_test.cpp).
#pragma once

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {

/// What `hawser validate` said of a refused scenario, and the path it had (messages start with
/// it).
struct Refusal {
  std::string path, output;
};

/// Writes `text` to NAME in the test's temporary directory and runs `hawser validate` on it,
/// which must exit 2 (bad input); removes the file.
inline Refusal ValidateRefuses(const std::string& name, const std::string& text) {
  const std::string path = WriteTempFile(name, text);
  const CommandResult r = RunHawser("validate '" + path + "'");
  CHECK_MESSAGE(r.exit_code == 2, r.output);
  std::filesystem::remove(path);
  return {path, r.output};
}

}  // namespace hawser::testing
