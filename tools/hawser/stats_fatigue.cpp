// `hawser stats TABLE --fatigue [--window FROM:TO]`: for each line of the fatigue table
// (runtime/analysis/fatigue.h), the rainflow cycles of its tension in each sea state's record,
// their Miner damage, the damage over the design life weighted by the states' probabilities, and
// the fatigue life it implies.
#include <fmt/format.h>

#include <limits>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "hawser/log.h"
#include "runtime/analysis/fatigue.h"
#include "runtime/analysis/rainflow.h"
#include "tools/hawser/commands.h"
#include "tools/hawser/stats_records.h"

namespace hawser::cli {
namespace {

struct StateDamage {
  double cycles = 0;  // Full cycles, a half cycle counting 1/2.
  double record = 0;  // Miner's damage over the record.
  double life = 0;    // p L / T times that.
};

/// The damage of each of `spec`'s lines in `state`'s record.
std::vector<StateDamage> StateDamages(const FatigueSpec& spec, const SeaState& state,
                                      const TimeWindow& window) {
  std::vector<std::string> columns;
  for (const FatigueLine& l : spec.lines) columns.push_back(l.column);
  std::string group;
  try {
    group = RunGroup(state.file, state.case_number < 0 ? "" : fmt::format("{}", state.case_number));
  } catch (const ScenarioError& e) {
    throw ScenarioError(state.loc, e.message());
  }
  const RecordedRun run =
      ReadRecordedRun(state.file, group, [&](const SignalShape& s) { return Wanted(columns, s); });
  const std::string source = group == "/" ? fmt::format("'{}'", state.file)
                                          : fmt::format("'{}' {}", state.file, group.substr(1));
  const std::vector<size_t> rows = WindowRows(run, window, source);
  const double record = RowsDuration(run, rows);
  const std::vector<SignalShape> shapes(run.signals.begin(), run.signals.end());
  std::vector<StateDamage> out;
  for (const FatigueLine& line : spec.lines) {
    std::vector<ChosenColumn> chosen;
    try {
      chosen = ChooseColumns({line.column}, shapes, state.file);
    } catch (const std::invalid_argument& e) {
      throw ScenarioError(line.loc, e.what());
    }
    const RecordedSignal& s = run.signals[chosen[0].signal];
    if (chosen.size() != 1) {
      throw ScenarioError(line.loc,
                          fmt::format("line {}: {} columns; choose one ({} .. {})", line.column,
                                      chosen.size(), s.Column(0), s.Column(s.width - 1)));
    }
    if (s.unit != "N") {
      Warn(line.loc, fmt::format("line {}: its unit is '{}', not N; S = range / AREA is in MPa "
                                 "only for tensions in N",
                                 line.column, s.unit));
    }
    const FiniteSamples x = ColumnSamples(run, chosen[0], rows, !window.whole());
    StateDamage d;
    const std::vector<RainflowCycle> cycles = Rainflow(x.values);
    for (const RainflowCycle& c : cycles) d.cycles += c.count;
    d.record = MinerDamage(cycles, spec.curves[line.curve]);
    d.life = state.probability * spec.life_years * kSecondsPerYear / record * d.record;
    out.push_back(d);
  }
  return out;
}

/// Each case's value of `set`'s /cases column, in case order.
std::vector<std::string> ColumnOfCases(const SeaStateSet& set) {
  try {
    return CasesColumn(set.file, set.column);
  } catch (const ScenarioError& e) {
    throw ScenarioError(set.loc, "states: " + e.message());
  }
}

}  // namespace

int StatsFatigue(const StatsRequest& request) {
  if (!request.case_number.empty() || !request.extremes.empty() || !request.columns.empty()) {
    throw ScenarioError({},
                        "--fatigue: the table names the lines, records and cases; leave out "
                        "--case, --extremes and columns");
  }
  TimeWindow window;
  try {
    if (!request.window.empty()) window = TimeWindow::Parse(request.window);
  } catch (const std::invalid_argument& e) {
    throw ScenarioError({}, fmt::format("--window: {}", e.what()));
  }
  FatigueSpec spec = ReadFatigueSpec(request.file);
  ExpandStates(spec, [](const SeaStateSet& set) { return ColumnOfCases(set); });
  std::vector<std::vector<StateDamage>> damage;  // [state][line]
  for (const SeaState& state : spec.states) damage.push_back(StateDamages(spec, state, window));
  fmt::print("fatigue over {} years, {} sea states ({}){}{}\n", spec.life_years, spec.states.size(),
             request.file, window.whole() ? "" : ", t in ", window.Text());
  fmt::print("{:<28} {:<16} {:>5} {:>10} {:>10} {:>15} {:>15}\n", "line", "curve", "state", "p",
             "cycles", "D record", "D life");
  for (size_t l = 0; l < spec.lines.size(); ++l) {
    const FatigueLine& line = spec.lines[l];
    double total = 0;
    for (size_t i = 0; i < spec.states.size(); ++i) {
      const StateDamage& d = damage[i][l];
      total += d.life;
      fmt::print("{:<28} {:<16} {:>5} {:>10.6g} {:>10.6g} {:>15.9g} {:>15.9g}\n", line.column,
                 spec.curves[line.curve].name, i, spec.states[i].probability, d.cycles, d.record,
                 d.life);
    }
    fmt::print("{:<28} total D = {:.9g}, fatigue life = {:.6g} years\n", line.column, total,
               total > 0 ? spec.life_years / total : std::numeric_limits<double>::infinity());
  }
  return kOk;
}

}  // namespace hawser::cli
