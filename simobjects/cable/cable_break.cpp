// Cable/Cable's line failure (cable.h, "Line failure"): a segment that breaks at BreakTime, or
// when its tension first exceeds BreakTension, and carries no force from then on; with BreakEnd,
// the connection at an end.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "hawser/log.h"
#include "hawser/text.h"
#include "simobjects/cable/cable.h"
#include "simobjects/cable/cable_bending.h"

namespace hawser {
namespace {

/// Breaks segment `segment` of p: it carries no force, and the two pieces end at its nodes as
/// pinned free ends, with no bend across the gap (cable_bending.h).
void BreakIn(CableProperties& p, int segment) {
  p.broken_segments.push_back(segment);
  UnbendAcross(p, segment);
}

/// Detaches end `end` (0 = A, 1 = B) of a line whose end segment broke: the end node loses
/// every lumped term, so it puts no force on what it is attached to (ForceA/B = 0), and the
/// node next to it, now the line's free end, has no bend (a pinned end, cable_bending.h).
void DetachEnd(CableProperties& p, int end) {
  const auto node = static_cast<size_t>(end == 0 ? 0 : p.elements);
  for (std::vector<double>* v : {&p.node_mass, &p.node_added_mass, &p.node_weight,
                                 &p.node_dry_weight, &p.node_displaced_mass, &p.normal_drag,
                                 &p.tangential_drag, &p.seabed_stiffness, &p.seabed_damping}) {
    (*v)[node] = 0.0;
  }
  if (!p.bending.empty()) p.bending[end == 0 ? 1 : node - 1] = 0.0;
}

const char* EndName(int end) { return end == 0 ? "A" : "B"; }

}  // namespace

void Cable::DeclareBreak(const ObjectArgs& args) {
  constexpr double kNever = std::numeric_limits<double>::infinity();
  break_.time = DeclareParameter<double>(
      {.name = "BreakTime",
       .unit = "s",
       .doc = "Time at which segment BreakSegment breaks (inf = never; the start: broken from "
              "the start, Settle included).",
       .fallback = kNever});
  break_.tension = DeclareParameter<double>(
      {.name = "BreakTension",
       .unit = "N",
       .doc = "Tension (e.g. the MBL) at which a segment breaks: the first that exceeds it, or "
              "BreakSegment only (inf = never).",
       .fallback = kNever,
       .check = Positive()});
  const long segment = DeclareParameter<long>(
      {.name = "BreakSegment",
       .unit = "-",
       .doc = "The segment that breaks, 0 = at end A (BreakTime's default: 0, the fairlead side "
              "when end A is the fairlead).",
       .fallback = 0,
       .check = IntegerInRange(0, props_.elements - 1)});
  const std::string end = DeclareParameter<std::string>(
      {.name = "BreakEnd",
       .unit = "-",
       .doc = "A or B: the connection at that end breaks instead of a segment (at BreakTime, or "
              "when TensionA/TensionB first exceeds BreakTension); the end is then free.",
       .fallback = "",
       .check = [](const std::string& v) -> std::string {
         return v.empty() || v == "A" || v == "B" ? "" : "A or B (the end whose connection breaks)";
       }});
  released_energy_out_ = DeclareOutput(
      {.name = "ReleasedEnergy",
       .width = 1,
       .unit = "J",
       .doc = "Elastic energy the broken segment held at the break, the bend at its two nodes "
              "included (lost from PotentialEnergy)."});
  if (describing()) return;
  // Only a line that may break has events: with events the integrator stops at every output
  // time and after every step (model_events.cpp), which an intact line must not pay for.
  if (!std::isinf(break_.time) || !std::isinf(break_.tension)) DeclareDiscreteEvents();
  if (const auto given = args.values.find("BreakTime"); given != args.values.end()) {
    break_.time_loc = given->second.second;
    if (std::isnan(break_.time)) {
      throw ScenarioError(break_.time_loc, name() + ": BreakTime = nan; expected a time in s");
    }
  }
  if (const auto given = args.values.find("BreakSegment"); given != args.values.end()) {
    if (std::isinf(break_.time) && std::isinf(break_.tension)) {
      throw ScenarioError(given->second.second,
                          name() +
                              ": BreakSegment is given without BreakTime or BreakTension; "
                              "expected one of them (or no BreakSegment)");
    }
    break_.segment = static_cast<int>(segment);
  }
  if (const auto given = args.values.find("BreakEnd"); given != args.values.end()) {
    const SourceLocation loc = given->second.second;
    if (std::isinf(break_.time) && std::isinf(break_.tension)) {
      throw ScenarioError(loc, name() +
                                   ": BreakEnd is given without BreakTime or BreakTension; "
                                   "expected one of them (or no BreakEnd)");
    }
    if (break_.segment >= 0) {
      throw ScenarioError(loc, name() +
                                   ": BreakEnd and BreakSegment are both given; expected one "
                                   "(BreakEnd breaks the connection, BreakSegment a segment)");
    }
    break_.end = end == "A" ? 0 : 1;
  }
}

int Cable::ScheduledSegment() const {
  if (break_.end >= 0) return break_.end == 0 ? 0 : props_.elements - 1;
  return std::max(0, break_.segment);
}

void Cable::CheckEventTimes(double start, double end) const {
  if (std::isinf(break_.time) && break_.time > 0.0) return;
  if (break_.time < start || break_.time > end) {
    throw ScenarioError(
        break_.time_loc,
        name() + ": BreakTime = " + NumberText(break_.time) + " is outside the run [" +
            NumberText(start) + ", " + NumberText(end) +
            "]; expected a time within it (BreakTime = the start time breaks the line from the "
            "start)");
  }
}

double Cable::NextEventTime(double after) const {
  const bool pending = props_.broken_segments.empty() && break_.time > after;
  return pending ? break_.time : std::numeric_limits<double>::infinity();
}

bool Cable::UpdateDiscreteState() {
  // Calc() ran at this step's state (the model evaluated every output): seg_tension_ and the
  // lanes are its. One break per line.
  if (!props_.broken_segments.empty()) return false;
  int segment = -1;
  std::string why;
  if (time() >= break_.time) {
    segment = ScheduledSegment();
    why = "BreakTime = " + NumberText(break_.time) + " s";
  } else if (std::isfinite(break_.tension) && break_.end >= 0) {
    // The connection's load: what a load cell at the end reads.
    const double tension = out(break_.end == 0 ? tension_a_ : tension_b_)[0];
    if (tension > break_.tension) segment = ScheduledSegment();
    why = std::string("Tension") + EndName(break_.end) + " " + NumberText(tension, 6) +
          " N > BreakTension = " + NumberText(break_.tension) + " N";
  } else if (std::isfinite(break_.tension)) {
    // The segment whose tension exceeds BreakTension; several at once (within one step): the
    // most loaded, as it would have gone first.
    double highest = break_.tension;
    for (int i = 0; i < props_.elements; ++i) {
      if ((break_.segment < 0 || i == break_.segment) && seg_tension_[i] > highest) {
        highest = seg_tension_[i];
        segment = i;
      }
    }
    why = "tension " + NumberText(highest, 6) +
          " N > BreakTension = " + NumberText(break_.tension) + " N";
  }
  if (segment < 0) return false;
  PackLanes();  // pos_ and vel_.
  // The elastic energy it held, and the bend at its two nodes, leave PotentialEnergy now.
  const Eigen::Map<const Eigen::Vector3d> a(&pos_[3 * segment]), b(&pos_[3 * segment + 3]);
  double released = SegmentElasticEnergy(props_, segment, (b - a).norm()) +
                    NodeBendingEnergy(props_, pos_, segment) +
                    NodeBendingEnergy(props_, pos_, segment + 1);
  if (break_.end >= 0) {
    // And with the connection, the end node's weight and seabed energy: all that PotentialEnergy
    // loses as the end detaches.
    CableProperties detached = props_;
    BreakIn(detached, segment);
    DetachEnd(detached, break_.end);
    released =
        CableEnergies(props_, pos_, vel_).potential - CableEnergies(detached, pos_, vel_).potential;
  }
  Break(segment, why, released);
  return true;
}

std::vector<double> Cable::DiscreteState() const {
  if (props_.broken_segments.empty()) return {};
  return {static_cast<double>(props_.broken_segments.front()), events().front().time,
          released_energy_};
}

void Cable::RestoreDiscreteState(std::span<const double> values) {
  // A state file holds what DiscreteState() wrote for this object; the model hash (the same
  // parameters) makes anything else a damaged or foreign file.
  if (values.size() != 3 || !(values[0] >= 0.0 && values[0] < props_.elements) ||
      values[0] != std::floor(values[0]) || !std::isfinite(values[1]) ||
      !(break_.end >= 0 ? std::isfinite(values[2]) : values[2] >= 0.0)) {
    throw Error("the restart state's discrete state (" + std::to_string(values.size()) +
                " value(s)) is not {broken segment 0.." + std::to_string(props_.elements - 1) +
                ", break time, released energy (>= 0 unless BreakEnd)}");
  }
  released_energy_ = values[2];
  if (!props_.broken_segments.empty()) return;  // Broken at the start: Initialize() recorded it.
  BreakIn(props_, static_cast<int>(values[0]));
  RecordEvent("break", props_.broken_segments.front(), values[1]);
  if (break_.end >= 0) {
    DetachEnd(props_, break_.end);
    RecordEvent("end_break", break_.end, values[1]);
  }
}

void Cable::Break(int segment, const std::string& why, double released) {
  BreakIn(props_, segment);
  released_energy_ += released;
  RecordEvent("break", segment);
  if (break_.end >= 0) {
    DetachEnd(props_, break_.end);
    RecordEvent("end_break", break_.end);
    Note(name() + ": the connection at end " + EndName(break_.end) +
         " broke at t = " + NumberText(time()) + " s (" + why + "; segment " +
         std::to_string(segment) + " carries no force, the end is free); it released " +
         NumberText(released, 6) + " J of potential energy (ReleasedEnergy)");
    return;
  }
  Note(name() + ": segment " + std::to_string(segment) +
       " (0 = at end A) broke at t = " + NumberText(time()) + " s (" + why + "); it held " +
       NumberText(released, 6) + " J of elastic energy (ReleasedEnergy)");
}

}  // namespace hawser
