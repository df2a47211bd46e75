// Running the built `hawser` program from tests, as a user would.
#pragma once

#include <filesystem>
#include <string>

namespace hawser::testing {

struct CommandResult {
  int exit_code = -1;
  std::string output;  ///< stdout and stderr together.
};

/// Runs a shell command in `workdir`, capturing stdout and stderr together. The exit code is
/// 128 + the signal number when a signal ended it.
CommandResult RunCommand(const std::string& command, const std::string& workdir = ".");

/// Runs `hawser ARGS` (a shell-quoted argument string) in `workdir`.
CommandResult RunHawser(const std::string& args, const std::string& workdir = ".");

/// "ulimit -v KILOBYTES && ", a shell prefix that bounds a command's address space; "" in an
/// AddressSanitizer build, whose programs reserve terabytes of address space and cannot start
/// under such a limit (the Release suite asserts the bound; the sanitized one what is refused).
std::string MemoryLimit(long kilobytes);

/// "timeout 60 ", a shell prefix that turns a hang (a FIFO without a writer, a read of
/// /dev/zero) into exit 124 within a minute; "timeout 600 " in an AddressSanitizer build, whose
/// CI options (full stack unwinding on every allocation) made the Release build's 1-s case of a
/// million table rows take 48-79 s there (the sanitized suite's own limit is 900 s per test).
std::string HangTimeout();

/// Writes `text` to a fresh file in the test's temporary directory and returns its path.
std::string WriteTempFile(const std::string& name, const std::string& text);

/// A scenario of unconnected objects with no initial conditions: "<Contents>", `variables` (one
/// line, e.g. "<VARIABLES>...</VARIABLES>", or "" for none), "<OBJECTS>", then `objects` (<Lib>
/// lines, each ending in a newline, from line 3, or line 4 after variables), empty
/// INTERCONNECTIONS and INITIALIZATION, and "<Engine ENGINE/>" with `engine` its attributes.
std::string UnconnectedScenario(const std::string& objects, const std::string& engine,
                                const std::string& variables = "");

/// The contents of a file ("" if it cannot be read).
std::string ReadFile(const std::string& path);

/// A fresh, empty folder hawser_<name>_<pid> in the temporary directory, removed with everything
/// in it when the test ends.
struct ScratchFolder {
  explicit ScratchFolder(const std::string& name);
  ~ScratchFolder();
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  std::filesystem::path path;
};

}  // namespace hawser::testing
