// `hawser stats RUN.h5 [--window FROM:TO] [--case N] [COLUMN ...]`: the statistics of a finished
// run's signals (runtime/output/statistics.h), one line per column.
#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "runtime/output/hdf5_reader.h"
#include "runtime/output/statistics.h"
#include "runtime/sweep/sweep_values.h"
#include "tools/hawser/commands.h"

namespace hawser::cli {
namespace {

/// Whether `column` asks for signal s component i: its CSV name, or the signal's stem.
bool Selected(const std::vector<std::string>& columns, const RecordedSignal& s, int i) {
  if (columns.empty()) return true;
  return std::any_of(columns.begin(), columns.end(),
                     [&](const std::string& c) { return c == s.Column(i) || c == s.name; });
}

/// The range graph: for each element of each chosen signal, min, mean and max over `rows`.
void PrintRange(const RecordedRun& run, const std::vector<size_t>& rows,
                const std::vector<std::string>& columns) {
  fmt::print("{:<28} {:>10} {:>13} {:>13} {:>13}\n", "column", "unit", "min", "mean", "max");
  std::vector<double> x;
  for (const RecordedSignal& s : run.signals) {
    for (int i = 0; i < s.width; ++i) {
      if (!Selected(columns, s, i)) continue;
      x.clear();
      for (size_t r : rows) x.push_back(s.values[r * static_cast<size_t>(s.width) + i]);
      const Statistics st = Summarise(x);
      fmt::print("{:<28} {:>10} {:>13.6g} {:>13.6g} {:>13.6g}\n", s.Column(i),
                 s.unit.empty() ? "-" : s.unit, st.min, st.mean, st.max);
    }
  }
}

}  // namespace

int Stats(const StatsRequest& request) {
  TimeWindow window;
  try {
    if (!request.window.empty()) window = TimeWindow::Parse(request.window);
  } catch (const std::invalid_argument& e) {
    throw ScenarioError({}, fmt::format("--window: {}", e.what()));
  }
  const std::string group =
      request.case_index < 0 ? std::string("/") : fmt::format("/case_{:05d}", request.case_index);
  const RecordedRun run = ReadRecordedRun(request.file, group);
  std::vector<size_t> rows;
  for (size_t r = 0; r < run.time.size(); ++r)
    if (window.Contains(run.time[r])) rows.push_back(r);

  std::vector<std::string> names;
  for (const RecordedSignal& s : run.signals)
    for (int i = 0; i < s.width; ++i) names.push_back(s.Column(i));
  for (const std::string& c : request.columns) {
    const bool known = std::any_of(run.signals.begin(), run.signals.end(), [&](const auto& s) {
      for (int i = 0; i < s.width; ++i)
        if (Selected({c}, s, i)) return true;
      return false;
    });
    if (!known) {
      throw ScenarioError({}, fmt::format("stats: no column '{}' in {}{}", c, request.file,
                                          SuggestionText(c, names, "columns")));
    }
  }

  fmt::print("{} {}({}, {} of {} rows{})\n", request.file, group == "/" ? "" : group + " ",
             run.status.empty() ? "?" : run.status, rows.size(), run.time.size(),
             window.whole() ? "" : ", t in " + window.Text());
  if (request.range) {
    PrintRange(run, rows, request.columns);
    return kOk;
  }
  fmt::print("{:<28} {:>10} {:>13} {:>12} {:>13} {:>13} {:>13} {:>13} {:>13}\n", "column", "unit",
             "mean", "std", "min", "p50", "p99", "max", "mpm");
  std::vector<double> x;
  for (const RecordedSignal& s : run.signals) {
    for (int i = 0; i < s.width; ++i) {
      if (!Selected(request.columns, s, i)) continue;
      x.clear();
      for (size_t r : rows) x.push_back(s.values[r * static_cast<size_t>(s.width) + i]);
      const Statistics st = Summarise(x);
      fmt::print(
          "{:<28} {:>10} {:>13.6g} {:>12.4g} {:>13.6g} {:>13.6g} {:>13.6g} {:>13.6g} "
          "{:>13.6g}\n",
          s.Column(i), s.unit.empty() ? "-" : s.unit, st.mean, st.std, st.min, Percentile(x, 50),
          Percentile(x, 99), st.max, st.mpm);
    }
  }
  return kOk;
}

}  // namespace hawser::cli
