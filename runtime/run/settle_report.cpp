#include "runtime/run/settle_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <optional>
#include <span>

namespace hawser {
namespace {

std::optional<std::span<const double>> OutputValues(const SimObject& o, const std::string& name) {
  const auto& outputs = o.interface().outputs;
  for (size_t k = 0; k < outputs.size(); ++k) {
    if (outputs[k].spec.name == name) return o.output_view(static_cast<int>(k));
  }
  return std::nullopt;
}

/// Roll, pitch, yaw [deg] (x-y-z body-fixed, Tait-Bryan) of a unit quaternion (w, x, y, z).
std::array<double, 3> RollPitchYaw(std::span<const double> q) {
  const double w = q[0], x = q[1], y = q[2], z = q[3];
  const double n = std::sqrt(w * w + x * x + y * y + z * z);
  const double a = w / n, b = x / n, c = y / n, d = z / n;
  const double deg = 180.0 / std::numbers::pi;
  return {std::atan2(2 * (a * b + c * d), 1 - 2 * (b * b + c * c)) * deg,
          std::asin(std::clamp(2 * (a * c - d * b), -1.0, 1.0)) * deg,
          std::atan2(2 * (a * d + b * c), 1 - 2 * (c * c + d * d)) * deg};
}

/// A coordinate to the millimetre, without "-0.000" for rounding noise around zero.
std::string Millimetres(double v) {
  const double rounded = std::round(v * 1000.0) / 1000.0;
  return fmt::format("{:.3f}", rounded == 0.0 ? 0.0 : rounded);
}

}  // namespace

SettleReport ReportSettle(Model& model, double t, const std::vector<double>& before,
                          const std::vector<double>& after) {
  SettleReport report;
  std::vector<double> f(after.size());
  model.Rhs(t, after.data(), f.data());
  double largest = -1.0;
  for (const StateSlot& slot : model.state_layout()) {
    const SimObject& o = *model.objects()[slot.object];
    const StateSpec& spec = o.interface().states[slot.state].spec;
    if (spec.accumulator) continue;  // Settle holds it (settle.h): its rate need not vanish.
    for (int k = 0; k < slot.width; ++k) {
      const double v = std::abs(f[slot.offset + k]);
      if (v <= largest) continue;
      largest = v;
      const bool velocity = std::any_of(spec.velocities.begin(), spec.velocities.end(),
                                        [&](IndexRange r) { return r.begin <= k && k < r.end; });
      report.largest_residual = slot.width == 1 ? fmt::format("{}:{}", o.name(), spec.name)
                                                : fmt::format("{}:{}[{}]", o.name(), spec.name, k);
      report.largest_residual_kind = velocity ? "an acceleration: the forces there do not balance"
                                              : "the rate of a state that still moves";
    }
  }
  model.EvaluateOutputs(t, after.data());
  for (const StateSlot& slot : model.state_layout()) {
    const SimObject& o = *model.objects()[slot.object];
    const StateSpec& spec = o.interface().states[slot.state].spec;
    if (spec.name != "Pos" || slot.width != 3) continue;
    const double* p = &after[slot.offset];
    const double moved = std::hypot(p[0] - before[slot.offset], p[1] - before[slot.offset + 1],
                                    p[2] - before[slot.offset + 2]);
    std::string line = fmt::format("  {} ({}): Pos ({}, {}, {}) m", o.name(), o.type(),
                                   Millimetres(p[0]), Millimetres(p[1]), Millimetres(p[2]));
    if (const auto quat = OutputValues(o, "Quat"); quat && quat->size() == 4) {
      const auto rpy = RollPitchYaw(*quat);
      line += fmt::format(", roll/pitch/yaw ({:.3g}, {:.3g}, {:.3g}) deg", rpy[0], rpy[1], rpy[2]);
    }
    report.lines.push_back(line + fmt::format(", moved {:.3g} m", moved));
    if (moved > kSettleWarnDisplacement) {
      report.warnings.push_back(fmt::format(
          "Settle moved {} ({}) by {:.3g} m (more than {} m); check its mass, buoyancy and the "
          "lines holding it",
          o.name(), o.type(), moved, kSettleWarnDisplacement));
    }
  }
  for (const auto& object : model.objects()) {
    const auto ta = OutputValues(*object, "TensionA"), tb = OutputValues(*object, "TensionB");
    const auto strain = OutputValues(*object, "MaxStrain");
    if (!ta || !tb || !strain) continue;
    report.lines.push_back(
        fmt::format("  {} ({}): TensionA {:.4g} N, TensionB {:.4g} N, max "
                    "strain {:.3g} %",
                    object->name(), object->type(), (*ta)[0], (*tb)[0], 100.0 * (*strain)[0]));
    if ((*strain)[0] > kSettleWarnStrain) {
      report.warnings.push_back(fmt::format(
          "{} ({}) is strained {:.3g} % at equilibrium (more than {} %); check its "
          "Length, EA and the positions of its ends",
          object->name(), object->type(), 100.0 * (*strain)[0], 100.0 * kSettleWarnStrain));
    }
  }
  return report;
}

}  // namespace hawser
