#include "simobjects/body/drift_table.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>
#include <vector>

#include "hawser/common_declarations.h"
#include "hawser/text.h"
#include "hawser/text_file.h"
#include "hawser/value_parse.h"

namespace hawser {
namespace {

struct Row {
  RaoTable::Response d = {};
  int line = 0;
};
/// (frequency [rad/s], heading [deg]) -> row.
using Rows = std::map<std::pair<double, double>, Row>;

/// The grid of `rows`; every frequency at every heading, else an error at `where`.
RaoTable Grid(const Rows& rows, const std::string& path, const SourceLocation& where) {
  if (rows.empty()) throw ScenarioError(where, "drift file '" + path + "' has no rows");
  std::vector<double> frequencies, headings;
  for (const auto& [key, row] : rows) {
    frequencies.push_back(key.first);
    headings.push_back(key.second);
  }
  for (auto* axis : {&frequencies, &headings}) {
    std::sort(axis->begin(), axis->end());
    axis->erase(std::unique(axis->begin(), axis->end()), axis->end());
  }
  std::vector<RaoTable::Response> values;
  for (double f : frequencies) {
    for (double h : headings) {
      const auto it = rows.find({f, h});
      if (it == rows.end()) {
        throw ScenarioError(where, "drift file '" + path + "' has no row for frequency " +
                                       NumberText(f) + " rad/s at heading " + NumberText(h) +
                                       " deg; expected every frequency at every heading (" +
                                       std::to_string(frequencies.size()) + " x " +
                                       std::to_string(headings.size()) + " rows)");
      }
      values.push_back(it->second.d);
    }
  }
  return RaoTable(std::move(frequencies), std::move(headings), std::move(values));
}

}  // namespace

std::vector<double> WamitRowValues(const std::string& line, const SourceLocation& at) {
  std::string commas = line;
  std::replace(commas.begin(), commas.end(), '\t', ' ');
  std::string joined;
  for (size_t i = 0; i < commas.size(); ++i) {
    if (commas[i] == ' ' && (joined.empty() || joined.back() == ',')) continue;
    joined += commas[i] == ' ' ? ',' : commas[i];
  }
  if (!joined.empty() && joined.back() == ',') joined.pop_back();
  return ParseVector(joined, at, "WAMIT drift row");
}

RaoTable ParseDriftTable(const std::string& text, const std::string& path, RaoFrequencyUnit unit,
                         const SourceLocation& where) {
  Rows rows;
  const std::string layout =
      "frequency, heading_deg, then the mean drift coefficients of surge, sway, heave, roll, "
      "pitch, yaw";
  ForEachNumberRow(
      text, path, "drift", 8, layout, [&](const SourceLocation& at, const std::vector<double>& v) {
        if (!(v[0] > 0.0) || !std::isfinite(v[0])) {
          throw ScenarioError(
              at, "drift frequency " + NumberText(v[0]) + " is not positive and finite");
        }
        Row row{.d = {}, .line = at.line};
        for (size_t i = 0; i < 6; ++i) {
          if (!std::isfinite(v[2 + i]))
            throw ScenarioError(at,
                                "drift coefficient " + std::to_string(i + 1) + " is not finite");
          row.d[i] = v[2 + i];
        }
        const auto key =
            std::make_pair(RowRadPerSecond(v[0], unit, at, "drift frequency"), WrapHeading(v[1]));
        if (auto [it, inserted] = rows.emplace(key, row); !inserted) {
          throw ScenarioError(at, "drift row repeats frequency " + NumberText(v[0]) +
                                      " and heading " + NumberText(v[1]) + " deg of line " +
                                      std::to_string(it->second.line));
        }
      });
  return Grid(rows, path, where);
}

RaoTable ParseWamitDrift(const std::string& text, const std::string& path, bool qtf,
                         const SourceLocation& where) {
  const size_t columns = qtf ? 9 : 8;
  Rows rows;
  std::map<std::pair<std::pair<double, double>, int>, int> seen;  // ((omega, beta), mode) -> line
  ForEachTextRow(text, path, "drift file", [&](int line_no, const std::string& line) {
    const SourceLocation at{path, line_no};
    const std::vector<double> v = WamitRowValues(line, at);
    if (v.size() != columns) {
      throw ScenarioError(at, "WAMIT drift row has " + std::to_string(v.size()) +
                                  " values; expected " + std::to_string(columns) +
                                  (qtf ? ": PER1 PER2 BETA1 BETA2 I |F| phase Re Im (.12d)"
                                       : ": PER BETA1 BETA2 I |F| phase Re Im (.8, .9)"));
    }
    for (double x : v)
      if (!std::isfinite(x)) throw ScenarioError(at, "WAMIT drift row has a value not finite");
    const size_t b = qtf ? 2 : 1;  // BETA1's column
    if (!(v[0] > 0.0) || (qtf && !(v[1] > 0.0))) {
      throw ScenarioError(at, "WAMIT period " + NumberText(v[0]) +
                                  " s is not positive (zero and infinite frequency rows have "
                                  "no drift)");
    }
    if ((qtf && v[0] != v[1]) || v[b] != v[b + 1]) return;  // off-diagonal, bidirectional
    const double mode = v[b + 2];
    if (mode != std::floor(mode) || mode < 1.0 || mode > 6.0) {
      throw ScenarioError(at, "WAMIT mode I is " + NumberText(mode) + "; expected 1 to 6");
    }
    const int i = static_cast<int>(mode) - 1;
    const double omega =
        RowRadPerSecond(v[0], RaoFrequencyUnit::kPeriodSeconds, at, "WAMIT drift period");
    const auto key = std::make_pair(omega, WrapHeading(v[b]));
    if (auto [it, inserted] = seen.emplace(std::make_pair(key, i), line_no); !inserted) {
      throw ScenarioError(at, "WAMIT drift row repeats period " + NumberText(v[0]) +
                                  " s, heading " + NumberText(v[b]) + " deg, mode " +
                                  std::to_string(i + 1) + " of line " + std::to_string(it->second));
    }
    Row& row = rows[key];
    if (row.line == 0) row.line = line_no;
    row.d[static_cast<size_t>(i)] = v[b + 5];  // Re(F)
  });
  return Grid(rows, path, where);
}

std::array<double, 6> WamitDriftScale(double density, double gravity, double length) {
  const double force = density * gravity * length;
  return {force, force, force, force * length, force * length, force * length};
}

}  // namespace hawser
