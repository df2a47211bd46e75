#include "runtime/analysis/fatigue.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>

#include "hawser/text_file.h"
#include "hawser/value_parse.h"

namespace hawser {
namespace {

std::vector<std::string> Fields(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> out;
  for (std::string f; in >> f;) out.push_back(f);
  return out;
}

/// A number that must be > 0: `what` names it in the message, `why` says what it is.
double Positive(const std::string& text, const SourceLocation& loc, const std::string& what,
                const std::string& why) {
  const double v = ParseNumber(text, loc, what);
  if (!(v > 0)) throw ScenarioError(loc, fmt::format("{} = {}: must be > 0 ({})", what, text, why));
  return v;
}

void Expect(const std::vector<std::string>& f, size_t lo, size_t hi, const SourceLocation& loc,
            const char* form) {
  if (f.size() < lo || f.size() > hi) {
    throw ScenarioError(loc, fmt::format("'{}' has {} field{}; expected {}", f[0], f.size(),
                                         f.size() == 1 ? "" : "s", form));
  }
}

}  // namespace

FatigueSpec ReadFatigueSpec(const std::string& path) {
  const std::string text = ReadRegularFile(path, "fatigue table", {path, 0});
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  FatigueSpec spec;
  std::vector<std::pair<std::string, SourceLocation>> line_curves;
  SourceLocation life_loc;
  double total_p = 0;
  ForEachTextRow(text, path, "fatigue table", [&](int number, const std::string& row) {
    const SourceLocation loc{path, number};
    const std::vector<std::string> f = Fields(row);
    const std::string& key = f[0];
    if (key == "curve") {
      Expect(f, 5, 5, loc, "curve NAME A_D M AREA_MM2");
      for (const TnCurve& c : spec.curves) {
        if (c.name == f[1]) {
          throw ScenarioError(
              loc, fmt::format("curve '{}' is already given at line {}", f[1], c.loc.line));
        }
      }
      spec.curves.push_back(
          {f[1], Positive(f[2], loc, fmt::format("curve {}: a_D", f[1]), "n = a_D S^-m cycles"),
           Positive(f[3], loc, fmt::format("curve {}: m", f[1]),
                    "the T-N curve's slope; fewer cycles at larger ranges"),
           Positive(f[4], loc, fmt::format("curve {}: AREA", f[1]),
                    "the nominal area in mm^2 that gives S = tension range / AREA in MPa"),
           loc});
    } else if (key == "line") {
      Expect(f, 3, 3, loc, "line COLUMN CURVE");
      line_curves.emplace_back(f[2], loc);
      spec.lines.push_back({f[1], 0, loc});
    } else if (key == "state") {
      Expect(f, 3, 4, loc, "state PROBABILITY FILE [CASE]");
      const double p = ParseNumber(f[1], loc, "state: PROBABILITY");
      if (!(p >= 0 && p <= 1)) {
        throw ScenarioError(loc, fmt::format("state: PROBABILITY = {} is outside 0 .. 1", f[1]));
      }
      total_p += p;
      if (total_p > 1 + 1e-9) {  // 1e-9: rounding of probabilities typed to a few digits.
        throw ScenarioError(loc, fmt::format("the states' probabilities add up to {} (> 1) with "
                                             "this one",
                                             total_p));
      }
      SeaState s{p, (folder / f[2]).string(), -1, loc};
      if (std::filesystem::path(f[2]).is_absolute()) s.file = f[2];
      if (f.size() == 4) {
        s.case_number = ParseInteger(f[3], loc, "state: CASE");
        if (s.case_number < 0) throw ScenarioError(loc, "state: CASE is numbered from 0");
      }
      spec.states.push_back(s);
    } else if (key == "states") {
      Expect(f, 3, 3, loc, "states FILE COLUMN");
      const bool absolute = std::filesystem::path(f[1]).is_absolute();
      spec.state_sets.push_back({absolute ? f[1] : (folder / f[1]).string(), f[2], loc});
    } else if (key == "life") {
      Expect(f, 2, 2, loc, "life YEARS");
      if (life_loc.line != 0) {
        throw ScenarioError(loc, fmt::format("life is already given at line {}", life_loc.line));
      }
      spec.life_years = Positive(f[1], loc, "life", "the design life in years");
      life_loc = loc;
    } else {
      throw ScenarioError(
          loc, fmt::format(
                   "unknown keyword '{}'{}", key,
                   SuggestionText(key, {"curve", "line", "state", "states", "life"}, "keywords")));
    }
  });
  for (size_t i = 0; i < spec.lines.size(); ++i) {
    // Not a structured binding: clang 14 cannot capture one in the lambda below.
    const std::string& name = line_curves[i].first;
    const auto& loc = line_curves[i].second;
    const auto c = std::find_if(spec.curves.begin(), spec.curves.end(),
                                [&](const TnCurve& t) { return t.name == name; });
    if (c == spec.curves.end()) {
      std::vector<std::string> names;
      for (const TnCurve& t : spec.curves) names.push_back(t.name);
      throw ScenarioError(loc, fmt::format("line {}: no curve '{}'{}", spec.lines[i].column, name,
                                           SuggestionText(name, names, "curves")));
    }
    spec.lines[i].curve = static_cast<size_t>(c - spec.curves.begin());
  }
  const std::pair<bool, const char*> needed[] = {
      {spec.lines.empty(), "no line (line COLUMN CURVE)"},
      {spec.states.empty() && spec.state_sets.empty(),
       "no sea state (state PROBABILITY FILE [CASE], or states FILE COLUMN)"},
      {life_loc.line == 0, "no design life (life YEARS)"}};
  for (const auto& [missing, what] : needed)
    if (missing) throw ScenarioError({path, 0}, fmt::format("fatigue table: {}", what));
  return spec;
}

void ExpandStates(
    FatigueSpec& spec,
    const std::function<std::vector<std::string>(const SeaStateSet&)>& column_values) {
  double total_p = 0;
  for (const SeaState& s : spec.states) total_p += s.probability;
  for (const SeaStateSet& set : spec.state_sets) {
    const std::vector<std::string> values = column_values(set);
    for (size_t c = 0; c < values.size(); ++c) {
      const std::string what = fmt::format("states: case {}'s {}", c, set.column);
      const double p = ParseNumber(values[c], set.loc, what);
      if (!(p >= 0 && p <= 1)) {
        throw ScenarioError(set.loc, fmt::format("{} = {} is outside 0 .. 1", what, values[c]));
      }
      total_p += p;
      if (total_p > 1 + 1e-9) {  // 1e-9: as for `state`, the rounding of typed probabilities.
        throw ScenarioError(set.loc, fmt::format("the states' probabilities add up to {:.6g} (> 1) "
                                                 "with case {} of '{}'",
                                                 total_p, c, set.file));
      }
      spec.states.push_back({p, set.file, static_cast<long>(c), set.loc});
    }
  }
  spec.state_sets.clear();
}

double MinerDamage(std::span<const RainflowCycle> cycles, const TnCurve& curve) {
  double damage = 0;
  for (const RainflowCycle& c : cycles) damage += c.count * std::pow(c.range / curve.area, curve.m);
  return damage / curve.a_d;
}

}  // namespace hawser
