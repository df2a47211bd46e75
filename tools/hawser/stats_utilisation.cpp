// `hawser stats INTACT.h5 ... --utilisation COLUMN[=MBL],... [--mbl N] [--damaged FILE,...]
// [--factors SET] [--damaged-factors SET] [--strength F] [--duration T] [--window FROM:TO]
// [--damaged-window FROM:TO] [-o summary.h5]`: each line's design tension T_d = gamma_mean T_c,mean
// + gamma_dyn T_c,dyn and utilisation T_d / S_C (runtime/analysis/design_tension.h), for the intact
// case and the damaged one (one line broken). A case of one record takes its MPM (over --duration T
// if given) as the characteristic maximum; of 3 or more (seeds) the mode of the maximum-likelihood
// Gumbel fit of their maxima, and the mean of their means.
#include <fmt/format.h>

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "hawser/log.h"
#include "runtime/analysis/extremes.h"
#include "runtime/analysis/utilisation_file.h"
#include "tools/hawser/commands.h"
#include "tools/hawser/stats_records.h"

namespace hawser::cli {
namespace {

struct LineSpec {
  std::string column;
  double mbl = 0;
};

std::vector<std::string> SplitCommas(const std::string& text) {
  std::vector<std::string> out;
  size_t from = 0;
  while (true) {
    const size_t comma = text.find(',', from);
    out.push_back(text.substr(from, comma - from));
    if (comma == std::string::npos) return out;
    from = comma + 1;
  }
}

/// --utilisation's COLUMN[=MBL] items, each with its MBL (or --mbl's).
std::vector<LineSpec> ParseLines(const StatsRequest& request) {
  const double inf = std::numeric_limits<double>::infinity();
  const double fallback =
      request.mbl.empty() ? 0 : OptionNumber("--mbl", request.mbl, 0, inf, "an MBL in N > 0");
  std::vector<LineSpec> lines;
  for (const std::string& item : SplitCommas(request.utilisation)) {
    const size_t eq = item.find('=');
    LineSpec line{item.substr(0, eq), fallback};
    if (line.column.empty()) {
      throw ScenarioError({}, fmt::format("--utilisation '{}': an empty column; expected "
                                          "COLUMN[=MBL],... e.g. Line1.TensionB=6.0e6",
                                          request.utilisation));
    }
    if (eq != std::string::npos) {
      line.mbl = OptionNumber("--utilisation " + line.column + "=", item.substr(eq + 1), 0, inf,
                              "an MBL in N > 0");
    } else if (line.mbl == 0) {
      throw ScenarioError({}, fmt::format("--utilisation {}: no MBL for this line; give {}=MBL "
                                          "(N) or --mbl N for every line without one",
                                          line.column, line.column));
    }
    lines.push_back(line);
  }
  return lines;
}

/// One line's statistics over a record.
struct LineRecord {
  double mean = 0, max = 0, mpm = 0;
};

/// The statistics of each of `lines` in record (`file`, `group`).
std::vector<LineRecord> ReadLines(const std::string& file, const std::string& group,
                                  const std::vector<LineSpec>& lines, const TimeWindow& window,
                                  double duration, std::vector<std::string>* objects) {
  std::vector<std::string> specs;
  for (const LineSpec& l : lines) specs.push_back(l.column);
  const RecordedRun run =
      ReadRecordedRun(file, group, [&](const SignalShape& s) { return Wanted(specs, s); });
  const std::string source =
      group == "/" ? fmt::format("'{}'", file) : fmt::format("'{}' {}", file, group.substr(1));
  const std::vector<size_t> rows = WindowRows(run, window, source);
  const std::vector<SignalShape> shapes(run.signals.begin(), run.signals.end());
  std::vector<LineRecord> out;
  objects->clear();
  for (const LineSpec& line : lines) {
    std::vector<ChosenColumn> chosen;
    try {
      chosen = ChooseColumns({line.column}, shapes, file);
    } catch (const std::invalid_argument& e) {
      throw ScenarioError({}, fmt::format("--utilisation: {}", e.what()));
    }
    const RecordedSignal& s = run.signals[chosen[0].signal];
    if (chosen.size() != 1) {
      throw ScenarioError(
          {}, fmt::format("--utilisation {}: {} columns; choose one ({} .. {})", line.column,
                          chosen.size(), s.Column(0), s.Column(s.width - 1)));
    }
    const FiniteSamples x = ColumnSamples(run, chosen[0], rows, !window.whole());
    if (x.values.empty()) {
      throw ScenarioError(
          {}, fmt::format("--utilisation {}: {} has no finite value", line.column, source));
    }
    const Statistics st = Summarise(x.values);
    out.push_back({st.mean, st.max,
                   duration > 0 ? RayleighMpm(st.mean, st.std, st.upcrossings,
                                              RowsDuration(run, rows), duration)
                                : st.mpm});
    objects->push_back(s.name.substr(0, s.name.find_first_of(".:")));
  }
  return out;
}

/// The summary of one case: its records' statistics, then each line's check.
UtilisationCase CheckCase(const std::string& name, const std::vector<std::string>& files,
                          const std::string& factors_option, const std::string& factors_text,
                          const std::vector<LineSpec>& lines, double strength_factor,
                          const TimeWindow& window, double duration) {
  UtilisationCase c;
  c.name = name;
  c.strength_factor = strength_factor;
  try {
    c.factors = ParseDesignFactors(factors_text);
  } catch (const std::invalid_argument& e) {
    throw ScenarioError({}, fmt::format("{} {}", factors_option, e.what()));
  }
  const auto records = Records(files);
  c.records = static_cast<long>(records.size());
  if (records.size() == 2) {
    throw ScenarioError({},
                        fmt::format("{} case: 2 records; give 1 (its MPM is the "
                                    "characteristic maximum) or at least {} seeds (a Gumbel fit "
                                    "of their maxima)",
                                    name, kMinGumbelSamples));
  }
  c.characteristic = records.size() == 1 ? "mpm" : "gumbel";
  std::vector<std::vector<LineRecord>> stats;  // [record][line]
  std::vector<bool> broken(lines.size(), false);
  for (const auto& record : records) {
    std::vector<std::string> objects;
    stats.push_back(ReadLines(record.first, record.second, lines, window, duration, &objects));
    for (size_t l = 0; l < lines.size(); ++l) {  // Broken if it broke before the window ends.
      const std::optional<double> t = BreakTime(record.first, record.second, objects[l]);
      if (t && *t <= window.to) broken[l] = true;
    }
  }
  for (size_t l = 0; l < lines.size(); ++l) {
    UtilisationRow row{lines[l].column, lines[l].mbl, broken[l], {}};
    double mean = 0;
    std::vector<double> maxima;
    for (const auto& r : stats) {
      mean += r[l].mean / static_cast<double>(stats.size());
      maxima.push_back(r[l].max);
    }
    const double characteristic =
        stats.size() == 1 ? stats[0][l].mpm : GumbelMaximumLikelihood(maxima).mu;
    row.check = CheckLine(mean, characteristic, lines[l].mbl, strength_factor, c.factors);
    c.rows.push_back(row);
  }
  return c;
}

void PrintCase(const UtilisationCase& c) {
  fmt::print(
      "{} case: {} record{}, T_c,max = {}, factors {} (gamma_mean {}, gamma_dyn {}), "
      "S_C = {} MBL\n",
      c.name, c.records, c.records == 1 ? "" : "s",
      c.characteristic == "mpm" ? "MPM" : "Gumbel mode of the maxima", c.factors.name,
      c.factors.gamma_mean, c.factors.gamma_dyn, c.strength_factor);
  fmt::print("{:<24} {:>12} {:>12} {:>12} {:>12} {:>12} {:>12} {:>8} {:>7}\n", "line", "T_c,mean",
             "T_c,dyn", "T_c,max", "T_d", "MBL", "S_C", "T_d/S_C", "check");
  for (const UtilisationRow& r : c.rows) {
    const LineCheck& k = r.check;
    const std::string result = r.Result();
    fmt::print(
        "{:<24} {:>12.6g} {:>12.6g} {:>12.6g} {:>12.6g} {:>12.6g} {:>12.6g} {:>8.4f} {:>7}\n",
        r.line, k.mean, k.dynamic, k.characteristic, k.design, r.mbl, k.strength,
        r.broken ? std::numeric_limits<double>::quiet_NaN() : k.utilisation,
        result == "fail" ? "FAIL" : result);
    if (result == "unknown") {
      Warn(
          fmt::format("{} case, {}: no characteristic maximum (a record with fewer than 2 "
                      "up-crossings of its mean has no MPM): not checked; give a longer record "
                      "or --window, or 3 or more seeds",
                      c.name, r.line));
    }
  }
}

}  // namespace

int StatsUtilisation(const StatsRequest& request) {
  if (!request.case_number.empty()) {
    throw ScenarioError({},
                        "--case with --utilisation: every case of a sweep's file is a seed; "
                        "leave out --case");
  }
  TimeWindow window, damaged_window;
  try {
    if (!request.window.empty()) window = TimeWindow::Parse(request.window);
  } catch (const std::invalid_argument& e) {
    throw ScenarioError({}, fmt::format("--window: {}", e.what()));
  }
  damaged_window = window;
  try {
    if (!request.damaged_window.empty()) damaged_window = TimeWindow::Parse(request.damaged_window);
  } catch (const std::invalid_argument& e) {
    throw ScenarioError({}, fmt::format("--damaged-window: {}", e.what()));
  }
  const double inf = std::numeric_limits<double>::infinity();
  const double duration = request.duration.empty() ? 0
                                                   : OptionNumber("--duration", request.duration, 0,
                                                                  inf, "a duration in s > 0");
  const double strength = OptionNumber("--strength", request.strength, 0, inf,
                                       "a factor > 0 (S_C = F MBL; 0.95 for chain, DNV-OS-E301)");
  const std::vector<LineSpec> lines = ParseLines(request);
  std::vector<std::string> intact{request.file};
  intact.insert(intact.end(), request.columns.begin(), request.columns.end());
  std::vector<UtilisationCase> cases{
      CheckCase("intact", intact, "--factors", request.factors, lines, strength, window, duration)};
  if (!request.damaged.empty()) {
    cases.push_back(CheckCase("damaged", SplitCommas(request.damaged), "--damaged-factors",
                              request.damaged_factors, lines, strength, damaged_window, duration));
  }
  bool all_pass = true;
  for (const UtilisationCase& c : cases) {
    PrintCase(c);
    for (const UtilisationRow& r : c.rows) {
      all_pass = all_pass && (r.Result() == std::string("pass") || r.broken);
    }
  }
  fmt::print("{}\n", all_pass ? "every line passes" : "a line FAILS its check or was not checked");
  if (!request.output.empty()) WriteUtilisationFile(request.output, cases);
  return kOk;
}

}  // namespace hawser::cli
