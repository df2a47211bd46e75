#include "tools/hawser/stats_records.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <stdexcept>

#include "hawser/errors.h"
#include "hawser/log.h"
#include "runtime/sweep/sweep_file.h"

namespace hawser::cli {

bool Wanted(const std::vector<std::string>& specs, const SignalShape& s) {
  return specs.empty() || std::any_of(specs.begin(), specs.end(), [&](const std::string& spec) {
           try {
             return !ChooseColumns({spec}, {s}, "").empty();
           } catch (const std::invalid_argument&) {  // Names another signal.
             return false;
           }
         });
}

std::string RunGroup(const std::string& file, const std::string& case_number) {
  std::optional<long> index;
  if (!case_number.empty()) {
    try {
      index = ParseCaseNumber(case_number);
    } catch (const std::invalid_argument& e) {
      throw ScenarioError({}, fmt::format("--case {}", e.what()));
    }
  }
  const ResultFileInfo info = InspectResultFile(file);
  if (!info.sweep && index) {
    throw ScenarioError({}, fmt::format("--case {}: '{}' holds one run, not a sweep's cases; "
                                        "leave out --case",
                                        *index, file));
  }
  if (info.sweep && info.n_cases == 0)
    throw ScenarioError({}, fmt::format("'{}' is a sweep's file with no cases", file));
  if (info.sweep && !index) {
    throw ScenarioError(
        {}, fmt::format("'{}' is a sweep's file of {} case{}: choose one with "
                        "--case N, N from 0 to {}",
                        file, info.n_cases, info.n_cases == 1 ? "" : "s", info.n_cases - 1));
  }
  if (info.sweep && *index >= info.n_cases) {
    throw ScenarioError({},
                        fmt::format("--case {}: '{}' has {} case{}, numbered 0 to {}", *index, file,
                                    info.n_cases, info.n_cases == 1 ? "" : "s", info.n_cases - 1));
  }
  return index ? fmt::format("/case_{:05d}", *index) : std::string("/");
}

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

double OptionNumber(const std::string& option, const std::string& text, double lo, double hi,
                    const std::string& expected) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !(v > lo && v < hi)) {
    throw ScenarioError({}, fmt::format("{} '{}': expected {}", option, text, expected));
  }
  return v;
}

std::vector<std::pair<std::string, std::string>> Records(const std::vector<std::string>& files) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const std::string& file : files) {
    const ResultFileInfo info = InspectResultFile(file);
    if (!info.sweep) {
      out.emplace_back(file, "/");
      continue;
    }
    if (info.n_cases == 0)
      throw ScenarioError({}, fmt::format("'{}' is a sweep's file with no cases", file));
    for (long c = 0; c < info.n_cases; ++c) out.emplace_back(file, fmt::format("/case_{:05d}", c));
  }
  return out;
}

std::vector<std::string> CasesColumn(const std::string& file, const std::string& column) {
  if (!InspectResultFile(file).sweep)
    throw ScenarioError({}, fmt::format("'{}' holds one run, not a sweep's cases", file));
  const CasesTable table = ReadCasesTable(file);
  if (std::find(table.columns.begin(), table.columns.end(), column) == table.columns.end()) {
    std::string names;
    for (const std::string& c : table.columns) names += (names.empty() ? "" : ", ") + c;
    throw ScenarioError(
        {}, fmt::format("'{}' /cases has no column '{}'; it has {}", file, column, names));
  }
  std::vector<std::string> values;
  for (size_t r = 0; r < table.rows.size(); ++r) values.push_back(table.at(r, column));
  return values;
}

double RowsDuration(const RecordedRun& run, const std::vector<size_t>& rows) {
  return run.time[rows.back()] - run.time[rows.front()];
}

}  // namespace hawser::cli
