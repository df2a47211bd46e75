#include "simobjects/environment/wave_components_file.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numbers>
#include <optional>
#include <string_view>

#include "hawser/text.h"
#include "hawser/text_file.h"
#include "simobjects/environment/dispersion.h"
#include "simobjects/environment/irregular_sea.h"
#include "simobjects/environment/wave_limits.h"

namespace hawser::ocean {
namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;
constexpr const char* kColumnNames[] = {"omega [rad/s]", "Re(A) [m]", "Im(A) [m]", "beta [rad]"};

/// The white-space or comma separated fields of `line`.
std::vector<std::string_view> Fields(std::string_view line) {
  std::vector<std::string_view> fields;
  const auto separator = [](char c) { return c == ' ' || c == '\t' || c == ',' || c == '\r'; };
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && separator(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !separator(line[i])) ++i;
    if (i > start) fields.push_back(line.substr(start, i - start));
  }
  return fields;
}

/// Field `column` (0-based) as a finite double, or a ScenarioError at `at` naming the column.
double Number(std::string_view field, std::size_t column, const SourceLocation& at) {
  double value = 0.0;
  const char* end = field.data() + field.size();
  const auto [ptr, ec] = std::from_chars(field.data(), end, value);
  if (ec != std::errc() || ptr != end || !std::isfinite(value)) {
    throw ScenarioError(at, "wave component column " + std::to_string(column + 1) + " (" +
                                kColumnNames[column] + ") is '" + std::string(field) +
                                "'; expected a finite number");
  }
  return value;
}

/// The component of one row, or nothing for MoorDyn's zero-frequency row.
std::optional<WaveComponent> ParseRow(const std::string& line, const SourceLocation& at,
                                      double direction, double depth, double gravity) {
  const std::vector<std::string_view> fields = Fields(line);
  if (fields.size() < 3 || fields.size() > 4) {
    throw ScenarioError(at, "wave component row has " + std::to_string(fields.size()) +
                                " values; expected 3 or 4: omega [rad/s], Re(A) [m], Im(A) [m] "
                                "and optionally beta [rad] (MoorDyn's wave_frequencies.txt)");
  }
  double v[4] = {0.0, 0.0, 0.0, 0.0};
  for (std::size_t c = 0; c < fields.size(); ++c) v[c] = Number(fields[c], c, at);
  const double omega = v[0], amplitude = std::hypot(v[1], v[2]), beta = v[3];
  if (omega < 0.0) {
    throw ScenarioError(at, "wave component column 1 (omega) is " + NumberText(omega) +
                                " rad/s; expected a frequency >= 0");
  }
  if (omega == 0.0) {
    if (amplitude == 0.0) return std::nullopt;  // MoorDyn's mandatory first row: no wave.
    throw ScenarioError(at,
                        "wave component at omega = 0 has amplitude |A| = " + NumberText(amplitude) +
                            " m (columns 2, 3); a zero frequency is a steady level, not a "
                            "wave: expected Re(A) = Im(A) = 0 there");
  }
  if (std::abs(beta) > kTwoPi) {
    throw ScenarioError(at, "wave component column 4 (beta) is " + NumberText(beta) +
                                "; expected a direction in radians within [-2 pi, 2 pi]");
  }
  const double height = 2.0 * amplitude, period = kTwoPi / omega;
  if (std::string problem = BreakingProblem(height, period, depth, gravity, false);
      !problem.empty()) {
    throw ScenarioError(at, "wave component omega " + NumberText(omega) + " rad/s, |A| " +
                                NumberText(amplitude) + " m cannot exist as a wave: " + problem);
  }
  return WaveComponent{.amplitude = amplitude,
                       .omega = omega,
                       .wave_number = WaveNumber(omega, depth, gravity),
                       .direction = direction + beta,
                       .phase = 0.5 * std::numbers::pi - std::atan2(v[2], v[1])};
}

}  // namespace

std::vector<WaveComponent> ParseWaveComponents(const std::string& text, const std::string& path,
                                               const SourceLocation& where, double direction,
                                               double depth, double gravity) {
  std::vector<WaveComponent> components;
  ForEachTextRow(
      text, path, "wave components file",
      [&](int line_no, const std::string& line) {
        if (auto c = ParseRow(line, {path, line_no}, direction, depth, gravity)) {
          components.push_back(*c);
        }
      },
      static_cast<std::size_t>(kMaxWaveComponents) + 1);  // + MoorDyn's omega = 0 row.
  if (components.empty()) {
    throw ScenarioError(where, "wave components file '" + path +
                                   "' has no component of frequency > 0; expected rows "
                                   "'omega Re(A) Im(A) [beta]'");
  }
  if (components.size() > static_cast<std::size_t>(kMaxWaveComponents)) {
    throw ScenarioError(
        where, "wave components file '" + path + "' has " + std::to_string(components.size()) +
                   " components; the most a sea may have is " + std::to_string(kMaxWaveComponents));
  }
  // The sea as a whole: its Hs at the period of its largest component (wave_limits.h).
  double m0 = 0.0;
  const WaveComponent* largest = &components.front();
  for (const WaveComponent& c : components) {
    m0 += 0.5 * c.amplitude * c.amplitude;
    if (c.amplitude > largest->amplitude) largest = &c;
  }
  if (std::string problem =
          BreakingProblem(4.0 * std::sqrt(m0), kTwoPi / largest->omega, depth, gravity, true);
      !problem.empty()) {
    throw ScenarioError(where, "the sea of wave components file '" + path +
                                   "' (Hs = 4 sqrt(sum |A|^2 / 2), Tp at its largest component) "
                                   "cannot exist: " +
                                   problem);
  }
  return components;
}

std::vector<WaveComponent> ReadWaveComponentsFile(const std::string& path,
                                                  const SourceLocation& where, double direction,
                                                  double depth, double gravity) {
  return ParseWaveComponents(ReadRegularFile(path, "wave components file", where), path, where,
                             direction, depth, gravity);
}

}  // namespace hawser::ocean
