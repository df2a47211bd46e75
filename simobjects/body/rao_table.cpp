#include "simobjects/body/rao_table.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <stdexcept>
#include <utility>

#include "hawser/common_declarations.h"
#include "hawser/text.h"
#include "hawser/text_file.h"
#include "hawser/value_parse.h"

namespace hawser {
namespace {

constexpr size_t kColumns = 14;

RaoTable::Response Lerp(const RaoTable::Response& a, const RaoTable::Response& b, double f) {
  RaoTable::Response r;
  for (size_t i = 0; i < r.size(); ++i) r[i] = a[i] + f * (b[i] - a[i]);
  return r;
}

struct Row {
  RaoTable::Response response;
  int line = 0;
};

/// Adds the row `v` (kColumns values, at `at`) to `rows`.
void AddRow(const std::vector<double>& v, const SourceLocation& at, RaoFrequencyUnit unit,
            std::map<std::pair<double, double>, Row>& rows) {
  if (!(v[0] > 0.0) || !std::isfinite(v[0])) {
    throw ScenarioError(at, "RAO frequency " + NumberText(v[0]) + " is not positive and finite");
  }
  Row row{.response = {}, .line = at.line};
  for (size_t i = 0; i < 6; ++i) {
    const double amplitude = v[2 + 2 * i], phase = v[3 + 2 * i];
    if (!(amplitude >= 0.0) || !std::isfinite(amplitude) || !std::isfinite(phase)) {
      throw ScenarioError(at, "RAO amplitude " + NumberText(amplitude) + " or phase " +
                                  NumberText(phase) +
                                  " is invalid; expected an amplitude >= 0 and a finite phase");
    }
    row.response[i] = std::polar(amplitude, phase * kDegree);
  }
  const auto key =
      std::make_pair(RowRadPerSecond(v[0], unit, at, "RAO frequency"), WrapHeading(v[1]));
  if (auto [it, inserted] = rows.emplace(key, row); !inserted) {
    throw ScenarioError(at, "RAO row repeats frequency " + NumberText(v[0]) + " and heading " +
                                NumberText(v[1]) + " deg of line " +
                                std::to_string(it->second.line));
  }
}

}  // namespace

/// beta wrapped into [0, 360).
double WrapHeading(double degrees) {
  double b = std::fmod(degrees, 360.0);
  if (b < 0.0) b += 360.0;
  return b >= 360.0 ? 0.0 : b;  // fmod of -1e-17 + 360 rounds to 360
}

double ToRadPerSecond(double value, RaoFrequencyUnit unit) {
  switch (unit) {
    case RaoFrequencyUnit::kHertz:
      return kRadPerHertz * value;
    case RaoFrequencyUnit::kPeriodSeconds:
      return kRadPerHertz / value;
    case RaoFrequencyUnit::kRadPerSecond:
      break;
  }
  return value;
}

double RowRadPerSecond(double value, RaoFrequencyUnit unit, const SourceLocation& at,
                       const std::string& what) {
  const double omega = ToRadPerSecond(value, unit);
  if (!std::isfinite(omega)) {
    throw ScenarioError(at, what + " " + NumberText(value) +
                                " is out of range: its angular frequency overflows a double");
  }
  return omega;
}

RaoTable RaoTable::Read(const std::string& path, RaoFrequencyUnit unit,
                        const SourceLocation& where) {
  return Parse(ReadRegularFile(path, "RAO file", where), path, unit, where);
}

RaoTable RaoTable::Parse(const std::string& text, const std::string& path, RaoFrequencyUnit unit,
                         const SourceLocation& where) {
  // (frequency [rad/s], heading [deg]) -> row; keyed on the values as written so that a repeat
  // is found exactly.
  std::map<std::pair<double, double>, Row> rows;
  ForEachNumberRow(
      text, path, "RAO", kColumns,
      "frequency, heading_deg, then amplitude and phase_deg of surge, sway, heave, "
      "roll, pitch, yaw",
      [&](const SourceLocation& at, const std::vector<double>& v) { AddRow(v, at, unit, rows); });
  if (rows.empty()) throw ScenarioError(where, "RAO file '" + path + "' has no rows");

  std::vector<double> frequencies, headings;
  for (const auto& [key, row] : rows) {
    frequencies.push_back(key.first);
    headings.push_back(key.second);
  }
  std::sort(frequencies.begin(), frequencies.end());
  frequencies.erase(std::unique(frequencies.begin(), frequencies.end()), frequencies.end());
  std::sort(headings.begin(), headings.end());
  headings.erase(std::unique(headings.begin(), headings.end()), headings.end());
  std::vector<Response> values;
  values.reserve(frequencies.size() * headings.size());
  for (double f : frequencies) {
    for (double h : headings) {
      const auto it = rows.find({f, h});
      if (it == rows.end()) {
        throw ScenarioError(where, "RAO file '" + path + "' has no row for frequency " +
                                       NumberText(f) + " rad/s at heading " + NumberText(h) +
                                       " deg; expected every frequency at every heading (" +
                                       std::to_string(frequencies.size()) + " x " +
                                       std::to_string(headings.size()) + " rows)");
      }
      values.push_back(it->second.response);
    }
  }
  return RaoTable(std::move(frequencies), std::move(headings), std::move(values));
}

RaoTable::RaoTable(std::vector<double> frequencies, std::vector<double> headings,
                   std::vector<Response> values)
    : frequencies_(std::move(frequencies)),
      headings_(std::move(headings)),
      values_(std::move(values)) {
  if (frequencies_.empty() || headings_.empty() ||
      values_.size() != frequencies_.size() * headings_.size()) {
    throw std::invalid_argument("RAO table: grid and values do not match");
  }
  for (size_t i = 1; i < frequencies_.size(); ++i)
    if (!(frequencies_[i] > frequencies_[i - 1]))
      throw std::invalid_argument("RAO table: frequencies must increase");
  for (size_t i = 0; i < headings_.size(); ++i)
    if (!(headings_[i] >= 0.0 && headings_[i] < 360.0) ||
        (i > 0 && !(headings_[i] > headings_[i - 1])))
      throw std::invalid_argument("RAO table: headings must increase within [0, 360)");
}

RaoTable::Response RaoTable::AtHeading(size_t f, double heading_deg) const {
  return HeadingLerp(&values_[f * headings_.size()], heading_deg);
}

HeadingStencil HeadingBracket(std::span<const double> headings, double deg) {
  const size_t n = headings.size();
  if (n == 1) return {};
  const double b = WrapHeading(deg);
  // The last heading <= b; before the first one, b lies in the wrap-around interval.
  const auto upper = std::upper_bound(headings.begin(), headings.end(), b);
  if (upper == headings.begin() || upper == headings.end()) {
    const double from = headings.back();
    const double to = headings.front() + 360.0;
    const double x = b < headings.front() ? b + 360.0 : b;
    return {n - 1, 0, (x - from) / (to - from)};
  }
  const size_t h = static_cast<size_t>(upper - headings.begin()) - 1;
  return {h, h + 1, (b - headings[h]) / (headings[h + 1] - headings[h])};
}

RaoTable::Response RaoTable::HeadingLerp(const Response* row, double heading_deg) const {
  if (headings_.size() == 1) return row[0];
  const HeadingStencil s = HeadingBracket(headings_, heading_deg);
  return Lerp(row[s.i], row[s.next], s.u);
}

void RaoTable::PrepareComponents(std::span<const WaveComponentInfo> waves) const {
  ComponentCache& c = cache_;
  const size_t nh = headings_.size();
  if (c.waves != waves.data() || c.count != waves.size()) {
    // Frequency interpolation once per component, at every table heading (as At()).
    c = ComponentCache{.waves = waves.data(), .count = waves.size()};
    c.by_heading.resize(waves.size() * nh);
    std::map<double, size_t> direction_index;  // A sea has few directions, often one.
    for (size_t k = 0; k < waves.size(); ++k) {
      const auto [at, added] = direction_index.try_emplace(waves[k].direction, c.directions.size());
      if (added) c.directions.push_back(waves[k].direction);
      c.direction_of.push_back(at->second);
      c.at_heading.kx.push_back(waves[k].wave_number * std::cos(waves[k].direction));
      c.at_heading.ky.push_back(waves[k].wave_number * std::sin(waves[k].direction));
      const double omega = waves[k].omega;
      size_t f = 0;
      double u = 0.0;
      if (omega >= frequencies_.back()) {
        f = frequencies_.size() - 1;
      } else if (omega > frequencies_.front()) {
        f = static_cast<size_t>(std::upper_bound(frequencies_.begin(), frequencies_.end(), omega) -
                                frequencies_.begin()) -
            1;
        u = (omega - frequencies_[f]) / (frequencies_[f + 1] - frequencies_[f]);
      }
      for (size_t h = 0; h < nh; ++h) {
        c.by_heading[k * nh + h] = u == 0.0 ? Value(f, h) : Lerp(Value(f, h), Value(f + 1, h), u);
      }
    }
  }
}

const RaoTable::Components& RaoTable::AtComponents(std::span<const WaveComponentInfo> waves,
                                                   double heading) const {
  PrepareComponents(waves);
  ComponentCache& c = cache_;
  const size_t nh = headings_.size();
  if (!c.resolved || c.heading != heading) {
    // HeadingLerp per component, with the bracket found once per wave direction.
    c.stencils.resize(c.directions.size());
    for (size_t d = 0; d < c.directions.size(); ++d)
      c.stencils[d] = HeadingBracket(headings_, (c.directions[d] - heading) / kDegree);
    c.at_heading.h.resize(waves.size());
    for (size_t k = 0; k < waves.size(); ++k) {
      const Response* row = &c.by_heading[k * nh];
      const HeadingStencil& st = c.stencils[c.direction_of[k]];
      c.at_heading.h[k] = nh == 1 ? row[0] : Lerp(row[st.i], row[st.next], st.u);
    }
    c.heading = heading;
    c.resolved = true;
  }
  return c.at_heading;
}

RaoTable::Response RaoTable::At(double omega, double heading_deg) const {
  if (omega <= frequencies_.front()) return AtHeading(0, heading_deg);
  if (omega >= frequencies_.back()) return AtHeading(frequencies_.size() - 1, heading_deg);
  const auto upper = std::upper_bound(frequencies_.begin(), frequencies_.end(), omega);
  const size_t f = static_cast<size_t>(upper - frequencies_.begin()) - 1;
  return Lerp(AtHeading(f, heading_deg), AtHeading(f + 1, heading_deg),
              (omega - frequencies_[f]) / (frequencies_[f + 1] - frequencies_[f]));
}

}  // namespace hawser
