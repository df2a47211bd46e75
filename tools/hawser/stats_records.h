// What `hawser stats` (stats_command.cpp) and its design statistics (stats_extremes.cpp,
// stats_fatigue.cpp) share: finding a run in a result file, its rows in a window and a column's
// finite samples.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "runtime/analysis/hdf5_reader.h"
#include "runtime/analysis/statistics.h"
#include "runtime/analysis/stats_spec.h"

namespace hawser::cli {

/// Whether any of `specs` chooses a column of `s` (every signal when there are none).
bool Wanted(const std::vector<std::string>& specs, const SignalShape& s);

/// The group of a run in `file`: "/" for a run's file, "/case_0000N" for a sweep's case
/// `case_number` (--case's text, "" for none), once the two agree. Throws ScenarioError.
std::string RunGroup(const std::string& file, const std::string& case_number);

/// The rows of `run` in `window`; throws ScenarioError when they are too few for statistics.
/// `source` names the run in messages ("'run.h5'", "'sweep.h5' case_00002").
std::vector<size_t> WindowRows(const RecordedRun& run, const TimeWindow& window,
                               const std::string& source);

/// Column `c` of `run` over `rows`, split into its finite values and the others; a warning for
/// the others.
FiniteSamples ColumnSamples(const RecordedRun& run, const ChosenColumn& c,
                            const std::vector<size_t>& rows, bool windowed);

/// The records in `files`: each run's file as (file, "/"), each case of a sweep's file as (file,
/// "/case_0000N"). Throws ScenarioError for a sweep's file with no cases.
std::vector<std::pair<std::string, std::string>> Records(const std::vector<std::string>& files);

/// Each case's value of `column` in the /cases table of sweep file `file`, as text, in case
/// order. Throws ScenarioError "'FILE' holds one run, not a sweep's cases" or "'FILE' /cases has
/// no column 'C'; it has A, B, ...".
std::vector<std::string> CasesColumn(const std::string& file, const std::string& column);

/// The duration [s] that `rows` of `run` span: the last row's time minus the first's.
double RowsDuration(const RecordedRun& run, const std::vector<size_t>& rows);

/// The number `text` that option `option` ("--duration") gave, which must lie in (lo, hi).
/// Throws ScenarioError naming the option, the text and what is expected (`expected`).
double OptionNumber(const std::string& option, const std::string& text, double lo, double hi,
                    const std::string& expected);

}  // namespace hawser::cli
