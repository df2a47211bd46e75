#include "simobjects/body/drift_table.h"

#include <algorithm>
#include <cctype>
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

constexpr size_t kColumns = 8;

double ToRadPerSecond(double value, RaoFrequencyUnit unit) {
  if (unit == RaoFrequencyUnit::kHertz) return kRadPerHertz * value;
  if (unit == RaoFrequencyUnit::kPeriodSeconds) return kRadPerHertz / value;
  return value;
}

/// beta wrapped into [0, 360), as rao_table.cpp.
double WrapHeading(double degrees) {
  double b = std::fmod(degrees, 360.0);
  if (b < 0.0) b += 360.0;
  return b >= 360.0 ? 0.0 : b;
}

struct Row {
  RaoTable::Response d;
  int line = 0;
};

}  // namespace

RaoTable ParseDriftTable(const std::string& text, const std::string& path, RaoFrequencyUnit unit,
                         const SourceLocation& where) {
  std::map<std::pair<double, double>, Row> rows;
  ForEachTextRow(text, path, "drift file", [&](int line_no, const std::string& line) {
    const SourceLocation at{path, line_no};
    const bool numeric = std::isdigit(static_cast<unsigned char>(line[0])) || line[0] == '-' ||
                         line[0] == '+' || line[0] == '.';
    if (rows.empty() && !numeric) return;  // A header.
    const std::vector<double> v = ParseVector(line, at, "drift row");
    if (v.size() != kColumns) {
      throw ScenarioError(at, "drift row has " + std::to_string(v.size()) +
                                  " values; expected 8: frequency, heading_deg, then the mean "
                                  "drift coefficients of surge, sway, heave, roll, pitch, yaw");
    }
    if (!(v[0] > 0.0) || !std::isfinite(v[0])) {
      throw ScenarioError(at,
                          "drift frequency " + NumberText(v[0]) + " is not positive and finite");
    }
    Row row{.d = {}, .line = line_no};
    for (size_t i = 0; i < 6; ++i) {
      if (!std::isfinite(v[2 + i]))
        throw ScenarioError(at, "drift coefficient " + std::to_string(i + 1) + " is not finite");
      row.d[i] = v[2 + i];
    }
    const auto key = std::make_pair(ToRadPerSecond(v[0], unit), WrapHeading(v[1]));
    if (auto [it, inserted] = rows.emplace(key, row); !inserted) {
      throw ScenarioError(at, "drift row repeats frequency " + NumberText(v[0]) + " and heading " +
                                  NumberText(v[1]) + " deg of line " +
                                  std::to_string(it->second.line));
    }
  });
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

}  // namespace hawser
