// The sweep's value grammar: `--set NAME=VALUES` (lists, from:step:to ranges, linspace and
// logspace), `--summary COLUMN:STAT`, sweep files, and the cases they make (product or zip).
#include "runtime/sweep/sweep_values.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "hawser/errors.h"
#include "hawser/text_file.h"
#include "hawser/value_parse.h"
#include "runtime/sweep/sweep_number.h"

namespace hawser {

namespace {

using sweep::Number;

bool IsNumber(const std::string& text, double* value = nullptr) {
  const std::string t = Trim(text);
  if (t.empty()) return false;
  char* end = nullptr;
  const double v = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size()) return false;
  if (value != nullptr) *value = v;
  return true;
}

/// Shortest text that reads back to the same double.
std::string Text(double v) { return fmt::format("{}", v); }

/// Splits at `sep` outside parentheses and double quotes (a quoted value is one item).
std::vector<std::string> SplitTopLevel(const std::string& text, char sep) {
  std::vector<std::string> parts;
  int depth = 0;
  bool quoted = false;
  std::string cur;
  for (char ch : text) {
    if (ch == '"') quoted = !quoted;
    if (!quoted && ch == '(') ++depth;
    if (!quoted && ch == ')') --depth;
    if (ch == sep && depth == 0 && !quoted) {
      parts.push_back(Trim(cur));
      cur.clear();
    } else {
      cur += ch;
    }
  }
  parts.push_back(Trim(cur));
  return parts;
}

/// The most values one parameter and the most cases one sweep may have: far beyond any sweep a
/// machine or cluster runs, and small enough that a typo (linspace(0, 1, 2e9)) fails at once
/// instead of filling memory.
constexpr long kMaxSweepValues = 1000000;

const char* const kValuesForm =
    "expected a list such as \"1, 2, 5\", a range from:step:to such as \"0:0.5:2\", "
    "linspace(a, b, n) or logspace(a, b, n)";

/// `x`, the i-th value (from 0) that `item` makes, when finite; a value that overflowed
/// (logspace(0, 400, 3) makes 1e400) would fail every case that uses it, so it is refused before
/// any case runs.
double Finite(double x, long i, const std::string& item, const std::string& what) {
  if (!std::isfinite(x)) {
    throw ScenarioError({}, fmt::format("{}: '{}' makes {} (value {}, counting from 0); expected "
                                        "every value between -1.8e308 and 1.8e308",
                                        what, item, x, i));
  }
  return x;
}

void AppendSpace(const std::string& item, const std::string& what, std::vector<std::string>& out) {
  const bool log = item.rfind("logspace(", 0) == 0;
  const std::string inner = item.substr(9, item.size() - 10);
  const std::vector<std::string> args = SplitTopLevel(inner, ',');
  if (item.back() != ')' || args.size() != 3) {
    throw ScenarioError(
        {}, fmt::format("{}: '{}' has no three arguments; {}", what, item, kValuesForm));
  }
  const double a = Number(args[0], what), b = Number(args[1], what);
  const double nd = Number(args[2], what);
  if (nd < 1 || nd != std::floor(nd)) {
    throw ScenarioError(
        {}, fmt::format("{}: '{}': the count {} is not a whole number >= 1", what, item, args[2]));
  }
  if (nd > static_cast<double>(kMaxSweepValues)) {
    throw ScenarioError({}, fmt::format("{}: '{}' asks for {} values; expected at most {}", what,
                                        item, Trim(args[2]), kMaxSweepValues));
  }
  const long n = static_cast<long>(nd);
  for (long i = 0; i < n; ++i) {
    // a + (b - a) i / (n - 1), written so that b - a cannot overflow (linspace(-1e308, 1e308, 3)).
    const double f = n == 1 ? 0.0 : static_cast<double>(i) / static_cast<double>(n - 1);
    const double x = i == n - 1 ? b : a * (1.0 - f) + b * f;
    out.push_back(Text(Finite(log ? std::pow(10.0, x) : x, i, item, what)));
  }
}

void AppendRange(const std::string& item, const std::string& what, std::vector<std::string>& out) {
  const std::vector<std::string> p = SplitTopLevel(item, ':');
  if (p.size() != 3) {
    throw ScenarioError({}, fmt::format("{}: '{}' is not a range; {}", what, item, kValuesForm));
  }
  const double from = Number(p[0], what), step = Number(p[1], what), to = Number(p[2], what);
  if (step == 0 || (to - from) / step < 0) {
    throw ScenarioError({}, fmt::format("{}: range '{}' never reaches {}; expected a step with "
                                        "the sign of to - from",
                                        what, item, p[2]));
  }
  const double count = std::floor((to - from) / step + 1e-9) + 1.0;
  if (!(count <= static_cast<double>(kMaxSweepValues))) {
    // Whole up to 1e15; beyond, the digits a double prints are noise (0:1e-300:1).
    const std::string n =
        count < 1e15 ? fmt::format("{:.0f}", count) : fmt::format("{:.3g}", count);
    throw ScenarioError({}, fmt::format("{}: range '{}' has {} values; expected at most {}", what,
                                        item, n, kMaxSweepValues));
  }
  const long n = static_cast<long>(count);
  for (long i = 0; i < n; ++i)
    out.push_back(Text(Finite(from + static_cast<double>(i) * step, i, item, what)));
}

}  // namespace

double sweep::Number(const std::string& text, const std::string& what) {
  double v = 0;
  if (!IsNumber(text, &v)) {
    throw ScenarioError({}, fmt::format("{}: '{}' is not a number", what, Trim(text)));
  }
  if (!std::isfinite(v)) {
    throw ScenarioError({}, fmt::format("{}: '{}' is not a finite number; expected a value "
                                        "between -1.8e308 and 1.8e308",
                                        what, Trim(text)));
  }
  return v;
}

std::string SweepDefinition::Canonical() const {
  std::string s = mode == SweepMode::kZip ? "zip" : "product";
  for (const SweepParameter& p : parameters) {
    std::vector<std::string> items;  // As ParseSweepValues reads them back.
    for (const std::string& v : p.values) {
      items.push_back(v.find_first_of(",:\"") == std::string::npos ? v : "\"" + v + "\"");
    }
    s += fmt::format("\n{} = {}", p.name, fmt::join(items, ", "));
  }
  for (const SummarySpec& m : summaries) s += "\nsummary: " + m.label();
  return s;
}

std::vector<std::string> ParseSweepValues(const std::string& text, const std::string& what) {
  std::vector<std::string> out;
  const std::string t = Trim(text);
  if (t.empty()) throw ScenarioError({}, fmt::format("{}: no values; {}", what, kValuesForm));
  for (const std::string& item : SplitTopLevel(t, ',')) {
    if (item.empty()) {
      throw ScenarioError({}, fmt::format("{}: '{}' has an empty value; {}", what, t, kValuesForm));
    }
    if (item.size() >= 2 && item.front() == '"' && item.back() == '"') {
      out.push_back(item.substr(1, item.size() - 2));  // Verbatim: commas and colons kept.
    } else if (item.find('"') != std::string::npos) {
      throw ScenarioError({}, fmt::format("{}: '{}' has an unmatched or misplaced quote; expected "
                                          "a whole value in double quotes, e.g. \"0, 0.1, 10\"",
                                          what, item));
    } else if (item.rfind("linspace(", 0) == 0 || item.rfind("logspace(", 0) == 0) {
      AppendSpace(item, what, out);
    } else if (item.find(':') != std::string::npos) {
      AppendRange(item, what, out);
    } else {
      out.push_back(item);
    }
    // A word (rk4) is kept as text; a number, quoted or not, must be finite as a generated one.
    if (double x = 0; IsNumber(out.back(), &x) && !std::isfinite(x)) {
      throw ScenarioError({}, fmt::format("{}: value {} (counting from 0), '{}', is not finite; "
                                          "expected every value between -1.8e308 and 1.8e308",
                                          what, out.size() - 1, item));
    }
    if (out.size() > static_cast<size_t>(kMaxSweepValues)) {  // Several items, each in bounds.
      throw ScenarioError({}, fmt::format("{}: '{}' makes more than {} values; expected at most {}",
                                          what, t, kMaxSweepValues, kMaxSweepValues));
    }
  }
  return out;
}

SweepParameter ParseSweepSetting(const std::string& item) {
  const auto eq = item.find('=');
  if (eq == std::string::npos || Trim(item.substr(0, eq)).empty()) {
    throw ScenarioError({}, fmt::format("--set '{}': expected NAME=VALUES, e.g. --set k=1,2,3 or "
                                        "--set M.Stiffness=linspace(1,10,4)",
                                        item));
  }
  SweepParameter p;
  p.name = Trim(item.substr(0, eq));
  p.values = ParseSweepValues(item.substr(eq + 1), "--set " + p.name);
  for (const std::string& v : p.values) p.numeric = p.numeric && IsNumber(v);
  return p;
}

std::string SummarySpec::label() const {
  return window.whole() ? fmt::format("{}:{}", column, stat)
                        : fmt::format("{}:{}@{}", column, stat, window.Text());
}

SummarySpec ParseSummarySpec(const std::string& text) {
  const std::string t = Trim(text);
  SummarySpec s;
  std::string head = t;
  if (const auto at = t.find_last_of('@'); at != std::string::npos) {
    head = Trim(t.substr(0, at));
    try {
      s.window = TimeWindow::Parse(Trim(t.substr(at + 1)));
    } catch (const std::invalid_argument& e) {
      throw ScenarioError({}, fmt::format("--summary '{}': {}", t, e.what()));
    }
  }
  const auto colon = head.find_last_of(':');
  if (colon != std::string::npos) {
    s.column = Trim(head.substr(0, colon));
    s.stat = Trim(head.substr(colon + 1));
  }
  if (colon == std::string::npos || s.column.empty() || !IsStatisticName(s.stat)) {
    throw ScenarioError({}, fmt::format("--summary '{}': expected COLUMN:STAT[@FROM:TO] with STAT "
                                        "one of {}, e.g. M.ForceA[2]:max or L.TensionB:p99@100:",
                                        t, StatisticNames()));
  }
  return s;
}

void ReadSweepFile(const std::string& path, SweepDefinition& def) {
  ParseSweepText(ReadRegularFile(path, "sweep file", {}), path, def);
}

void ParseSweepText(const std::string& text, const std::string& path, SweepDefinition& def) {
  ForEachTextRow(text, path, "sweep file", [&](int number, std::string line) {
    const SourceLocation loc{path, number};
    if (auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    line = Trim(line);
    try {
      if (line.rfind("summary:", 0) == 0) {
        def.summaries.push_back(ParseSummarySpec(line.substr(8)));
      } else if (line.rfind("mode:", 0) == 0) {
        const std::string mode = Trim(line.substr(5));
        if (mode != "zip" && mode != "product") {
          throw ScenarioError(loc, fmt::format("mode '{}': expected product or zip", mode));
        }
        def.mode = mode == "zip" ? SweepMode::kZip : SweepMode::kProduct;
      } else {
        def.parameters.push_back(ParseSweepSetting(line));
      }
    } catch (const ScenarioError& e) {
      if (e.location().file.empty()) throw ScenarioError(loc, e.message());
      throw;
    }
  });
}

std::vector<SweepCase> ExpandCases(const SweepDefinition& def) {
  const auto& ps = def.parameters;
  if (ps.empty()) {
    throw ScenarioError({}, "sweep: nothing to sweep; expected --set NAME=VALUES or a sweep file");
  }
  for (size_t i = 0; i < ps.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if (ps[j].name == ps[i].name) {
        throw ScenarioError({},
                            fmt::format("'{}' is set twice; expected each name once", ps[i].name));
      }
    }
  }
  std::vector<SweepCase> cases;
  if (def.mode == SweepMode::kZip) {
    for (const SweepParameter& p : ps) {
      if (p.values.size() != ps[0].values.size()) {
        throw ScenarioError({},
                            fmt::format("--zip: '{}' has {} values but '{}' has {}; zipped "
                                        "lists must have equal length",
                                        p.name, p.values.size(), ps[0].name, ps[0].values.size()));
      }
    }
    for (size_t i = 0; i < ps[0].values.size(); ++i) {
      SweepCase c{static_cast<long>(i), {}};
      for (const SweepParameter& p : ps) c.values.push_back(p.values[i]);
      cases.push_back(std::move(c));
    }
    return cases;
  }
  size_t total = 1;
  for (const SweepParameter& p : ps) {
    // Checked before multiplying, so that the product can neither overflow nor fill memory.
    if (p.values.size() > static_cast<size_t>(kMaxSweepValues) / total) {
      throw ScenarioError({}, fmt::format("sweep: the product of every parameter's values has "
                                          "more than {} cases (at '{}'); expected fewer values "
                                          "or --zip",
                                          kMaxSweepValues, p.name));
    }
    total *= p.values.size();
  }
  for (size_t i = 0; i < total; ++i) {
    SweepCase c{static_cast<long>(i), std::vector<std::string>(ps.size())};
    size_t rest = i;
    for (size_t k = ps.size(); k-- > 0;) {  // Last parameter varies fastest.
      c.values[k] = ps[k].values[rest % ps[k].values.size()];
      rest /= ps[k].values.size();
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

}  // namespace hawser
