// Parameter sweeps: what is swept, with which values (`--set`, `--summary`, sweep files) and the
// cases they make. What a swept name sets is in sweep.h.
//
// VALUES: a comma-separated list of numbers or words ("1, 2.5, 4", "rk4,cvode-bdf"), where a
// number may be a range from:step:to (end included when it is reached within 1e-9 of a step),
// or linspace(a, b, n) / logspace(a, b, n) (10^a .. 10^b). At most 1e6 values; every number, as
// written or generated, must be finite (a case with 10^400 could only fail).
// Cases are the cartesian product of all values (the last name varies fastest), or with --zip
// the i-th value of every name (all lists of equal length).
#pragma once

#include <string>
#include <vector>

#include "hawser/errors.h"
#include "runtime/analysis/statistics.h"

namespace hawser {

struct SweepParameter {
  std::string name;  ///< As written: "k", "M.Stiffness", "M:Pos[2]", "Engine.RelTol".
  std::vector<std::string> values;
  bool numeric = true;  ///< Every value is a number (a float64 column in /cases).
};

/// A scalar summary of one logged column per case: "M.ForceA[2]:max", or over a time window
/// "L.TensionB:p99@100:600" (runtime/analysis/statistics.h lists the statistics).
struct SummarySpec {
  std::string column;  ///< A CSV column name: "M.ForceA[2]", "Clock.SimTime", "B:Pos[0]".
  std::string stat;    ///< A statistic name (IsStatisticName): max, std, p99, mpm, ...
  TimeWindow window;   ///< The output times it is taken over (default: all).
  /// As written on the command line: "COLUMN:STAT" or "COLUMN:STAT@FROM:TO".
  std::string label() const;
};

enum class SweepMode { kProduct, kZip };

struct SweepDefinition {
  std::vector<SweepParameter> parameters;
  SweepMode mode = SweepMode::kProduct;
  std::vector<SummarySpec> summaries;
  /// A canonical text of everything above: `--resume` checks that it matches the file's.
  std::string Canonical() const;
};

/// Parses VALUES (see above). Throws ScenarioError naming `what` on bad text.
std::vector<std::string> ParseSweepValues(const std::string& text, const std::string& what);
/// Parses "NAME=VALUES".
SweepParameter ParseSweepSetting(const std::string& item);
/// Parses "COLUMN:STAT" (the stat follows the last ':').
SummarySpec ParseSummarySpec(const std::string& text);
/// Reads a sweep file: lines `NAME = VALUES`, `summary: COLUMN:STAT`, `mode: product|zip`;
/// `#` starts a comment. Adds to `def`. Throws ScenarioError (file:line) or IoError.
/// The file must be a regular file (hawser/text_file.h gives the limits).
void ReadSweepFile(const std::string& path, SweepDefinition& def);
/// The same from a sweep file's text (`path` for messages; the fuzzers call it).
void ParseSweepText(const std::string& text, const std::string& path, SweepDefinition& def);

struct SweepCase {
  long index = 0;
  std::vector<std::string> values;  ///< One per parameter.
};

/// The cases of `def`, numbered from 0. Throws ScenarioError for zip lists of unequal length, a
/// name set twice or an empty sweep.
std::vector<SweepCase> ExpandCases(const SweepDefinition& def);

}  // namespace hawser
