// `hawser stats RUN.h5 [--window FROM:TO] [--case N] [COLUMN ...]`: the statistics of a finished
// run's signals (runtime/analysis/statistics.h), one line per column. Each column's statistics are
// of its finite values in the window; a column with NaN or infinite values gets a warning that
// says how many were left out.
#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "hawser/log.h"
#include "runtime/analysis/extremes.h"
#include "runtime/analysis/hdf5_reader.h"
#include "runtime/analysis/statistics.h"
#include "runtime/analysis/stats_spec.h"
#include "tools/hawser/commands.h"
#include "tools/hawser/stats_records.h"

namespace hawser::cli {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

}  // namespace

int Stats(const StatsRequest& request) {
  // One analysis per call: with two, all but the first were silently not run.
  if (int{request.fatigue} + int{!request.extremes.empty()} + int{!request.utilisation.empty()} >
      1) {
    throw ScenarioError({},
                        "--fatigue, --extremes and --utilisation are separate analyses; give "
                        "one per call");
  }
  if (request.fatigue) return StatsFatigue(request);
  if (!request.extremes.empty()) return StatsExtremes(request);
  if (!request.group_by.empty()) {
    throw ScenarioError({}, "--group-by belongs to --extremes COLUMN; give it, or leave it out");
  }
  if (!request.utilisation.empty()) return StatsUtilisation(request);
  if (!request.damaged.empty() || !request.damaged_window.empty() || !request.mbl.empty() ||
      !request.output.empty()) {
    throw ScenarioError({},
                        "--damaged, --damaged-window, --mbl and -o belong to --utilisation "
                        "COLUMN[=MBL],...; give it, or leave them out");
  }
  const double duration = request.duration.empty() ? 0
                                                   : OptionNumber("--duration", request.duration, 0,
                                                                  kInf, "a duration in s > 0");
  TimeWindow window;
  try {
    if (!request.window.empty()) window = TimeWindow::Parse(request.window);
  } catch (const std::invalid_argument& e) {
    throw ScenarioError({}, fmt::format("--window: {}", e.what()));
  }
  const std::string group = RunGroup(request.file, request.case_number);
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
               "mean", "std", "min", "p50", "p99", "max",
               duration > 0 ? fmt::format("mpm({}s)", duration) : "mpm");
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
        Percentile(x.values, 99), st.max,
        duration > 0
            ? RayleighMpm(st.mean, st.std, st.upcrossings, RowsDuration(run, rows), duration)
            : st.mpm);
  }
  return kOk;
}

}  // namespace hawser::cli
