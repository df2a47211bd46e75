// `hawser stats RUN.h5 [--window FROM:TO] [--case N] [COLUMN ...]`: the statistics of a finished
// run's signals (runtime/analysis/statistics.h), one line per column. Each column's statistics are
// of its finite values in the window; a column with NaN or infinite values gets a warning that
// says how many were left out.
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "hawser/log.h"
#include "runtime/analysis/hdf5_reader.h"
#include "runtime/analysis/statistics.h"
#include "runtime/analysis/stats_spec.h"
#include "tools/hawser/commands.h"

namespace hawser::cli {
namespace {

/// Whether any of `specs` chooses a column of `s` (every signal when there are none).
bool Wanted(const std::vector<std::string>& specs, const SignalShape& s) {
  return specs.empty() || std::any_of(specs.begin(), specs.end(), [&](const std::string& spec) {
           try {
             return !ChooseColumns({spec}, {s}, "").empty();
           } catch (const std::invalid_argument&) {  // Names another signal.
             return false;
           }
         });
}

/// The group of `request`'s run: "/" for a run's file, "/case_0000N" for a sweep's case, once
/// --case and the file agree.
std::string RunGroup(const StatsRequest& request) {
  std::optional<long> index;
  if (!request.case_number.empty()) {
    try {
      index = ParseCaseNumber(request.case_number);
    } catch (const std::invalid_argument& e) {
      throw ScenarioError({}, fmt::format("--case {}", e.what()));
    }
  }
  const ResultFileInfo info = InspectResultFile(request.file);
  if (!info.sweep && index) {
    throw ScenarioError({}, fmt::format("--case {}: '{}' holds one run, not a sweep's cases; "
                                        "leave out --case",
                                        *index, request.file));
  }
  if (info.sweep && info.n_cases == 0)
    throw ScenarioError({}, fmt::format("'{}' is a sweep's file with no cases", request.file));
  if (info.sweep && !index) {
    throw ScenarioError({}, fmt::format("'{}' is a sweep's file of {} case{}: choose one with "
                                        "--case N, N from 0 to {}",
                                        request.file, info.n_cases, info.n_cases == 1 ? "" : "s",
                                        info.n_cases - 1));
  }
  if (info.sweep && *index >= info.n_cases) {
    throw ScenarioError(
        {}, fmt::format("--case {}: '{}' has {} case{}, numbered 0 to {}", *index, request.file,
                        info.n_cases, info.n_cases == 1 ? "" : "s", info.n_cases - 1));
  }
  return index ? fmt::format("/case_{:05d}", *index) : std::string("/");
}

/// The rows of `run` in `window`; throws ScenarioError when they are too few for statistics.
std::vector<size_t> WindowRows(const RecordedRun& run, const TimeWindow& window,
                               const std::string& source) {
  const std::vector<double>& t = run.time;
  if (t.empty()) {
    throw ScenarioError({}, fmt::format("{} holds no output rows (status {}{}{})", source,
                                        run.status.empty() ? "?" : run.status,
                                        run.message.empty() ? "" : ": ", run.message));
  }
  std::vector<size_t> rows;
  for (size_t r = 0; r < t.size(); ++r)
    if (window.Contains(t[r])) rows.push_back(r);
  if (rows.size() >= 2) return rows;
  const std::string record = fmt::format("{} holds t = {} .. {} s ({} row{})", source, t.front(),
                                         t.back(), t.size(), t.size() == 1 ? "" : "s");
  if (window.whole()) {
    throw ScenarioError({}, fmt::format("{}: statistics need at least 2 rows", record));
  }
  throw ScenarioError(
      {}, fmt::format("--window {}: {} in it; {}; statistics need at least 2 rows", window.Text(),
                      rows.empty() ? "no output time" : fmt::format("only t = {}", t[rows[0]]),
                      record));
}

/// Column `c` of `run` over `rows`, split into its finite values and the others; a warning for
/// the others.
FiniteSamples ColumnSamples(const RecordedRun& run, const ChosenColumn& c,
                            const std::vector<size_t>& rows, bool windowed) {
  const RecordedSignal& s = run.signals[c.signal];
  std::vector<double> x;
  x.reserve(rows.size());
  for (size_t r : rows) x.push_back(s.values[r * static_cast<size_t>(s.width) + c.component]);
  FiniteSamples f = SplitFinite(x);
  if (f.left_out() == 0) return f;
  const std::string in = windowed ? " in the window" : "";
  if (f.values.empty()) {
    Warn(fmt::format("{}: none of its {} values{} is finite ({}): no statistics",
                     s.Column(c.component), x.size(), in, f.Kinds()));
  } else {
    Warn(
        fmt::format("{}: {} of its {} values{} are not finite ({}): its statistics are of the {} "
                    "finite ones",
                    s.Column(c.component), f.left_out(), x.size(), in, f.Kinds(), f.values.size()));
  }
  return f;
}

}  // namespace

int Stats(const StatsRequest& request) {
  TimeWindow window;
  try {
    if (!request.window.empty()) window = TimeWindow::Parse(request.window);
  } catch (const std::invalid_argument& e) {
    throw ScenarioError({}, fmt::format("--window: {}", e.what()));
  }
  const std::string group = RunGroup(request);
  const RecordedRun run = ReadRecordedRun(
      request.file, group, [&](const SignalShape& s) { return Wanted(request.columns, s); });
  std::vector<ChosenColumn> columns;
  try {
    const std::vector<SignalShape> shapes(run.signals.begin(), run.signals.end());
    columns = ChooseColumns(request.columns, shapes, request.file);
  } catch (const std::invalid_argument& e) {
    throw ScenarioError({}, fmt::format("stats: {}", e.what()));
  }
  const std::string source = group == "/" ? fmt::format("'{}'", request.file)
                                          : fmt::format("'{}' {}", request.file, group.substr(1));
  const std::vector<size_t> rows = WindowRows(run, window, source);

  fmt::print("{} {}{}({}, {} of {} rows{}{})\n", request.file, group == "/" ? "" : group,
             group == "/" ? "" : " ", run.status.empty() ? "?" : run.status, rows.size(),
             run.time.size(), window.whole() ? "" : ", t in ", window.Text());
  if (request.range) {  // A range graph: min, mean and max per element of each chosen signal.
    fmt::print("{:<28} {:>10} {:>13} {:>13} {:>13}\n", "column", "unit", "min", "mean", "max");
  } else {
    fmt::print("{:<28} {:>10} {:>13} {:>12} {:>13} {:>13} {:>13} {:>13} {:>13}\n", "column", "unit",
               "mean", "std", "min", "p50", "p99", "max", "mpm");
  }
  for (const ChosenColumn& c : columns) {
    const RecordedSignal& s = run.signals[c.signal];
    const FiniteSamples x = ColumnSamples(run, c, rows, !window.whole());
    const Statistics st = Summarise(x.values);
    const std::string unit = s.unit.empty() ? "-" : s.unit;
    if (request.range) {
      fmt::print("{:<28} {:>10} {:>13.6g} {:>13.6g} {:>13.6g}\n", s.Column(c.component), unit,
                 st.min, st.mean, st.max);
      continue;
    }
    fmt::print(
        "{:<28} {:>10} {:>13.6g} {:>12.4g} {:>13.6g} {:>13.6g} {:>13.6g} {:>13.6g} {:>13.6g}\n",
        s.Column(c.component), unit, st.mean, st.std, st.min, Percentile(x.values, 50),
        Percentile(x.values, 99), st.max, st.mpm);
  }
  return kOk;
}

}  // namespace hawser::cli
