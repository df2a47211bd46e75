// Messages for the user from SimObjects and the runtime, one whole line each on stderr: notes
// (what was chosen, e.g. a cable's initial shape; `-q` silences them) and warnings (always). A
// sweep starts each line of a case with "case N: " (LogPrefix), so that the lines of cases
// running at the same time can be told apart. Part of the public SimObject API.
#pragma once

#include <string>

#include "hawser/errors.h"

namespace hawser {

/// An informational line ("Cable L1: initial shape: ..."), unless notes are off.
void Note(const std::string& line);
/// "warning: " + line.
void Warn(const std::string& line);
/// "file:line: warning: " + message (as a scenario error is located, FormatDiagnostic): for input
/// that a user could mean, which the run accepts.
void Warn(const SourceLocation& loc, const std::string& message);
/// Process-wide: whether Note prints (`-q` turns it off). Warnings always print.
void SetNotesEnabled(bool enabled);

/// While it lives, every line this thread prints starts with `prefix` (then the previous one
/// returns).
class LogPrefix {
 public:
  explicit LogPrefix(std::string prefix);
  ~LogPrefix();
  LogPrefix(const LogPrefix&) = delete;
  LogPrefix& operator=(const LogPrefix&) = delete;

 private:
  std::string previous_;
};

}  // namespace hawser
