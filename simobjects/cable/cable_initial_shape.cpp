// Cable/Cable's initial shape: without an <InitialCondition> for its nodes, the line starts on
// the elastic catenary between its ends (the part on the seabed included), or on the straight
// line between them when no catenary exists, and says which on stderr.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>

#include "hawser/log.h"
#include "hawser/text.h"
#include "simobjects/cable/cable.h"
#include "simobjects/cable/catenary.h"

namespace hawser {

void Cable::PlaceOnStraightLine(const Eigen::Vector3d& a, const Eigen::Vector3d& b) {
  std::span<double> x = initial_state(nodes_);
  const int n = props_.elements;
  for (int i = 1; i < n; ++i) {
    const Eigen::Vector3d p = a + (b - a) * (static_cast<double>(i) / n);
    for (int k = 0; k < 3; ++k) {
      x[6 * (i - 1) + k] = p[k];
      x[6 * (i - 1) + 3 + k] = 0.0;
    }
  }
}

void Cable::Initialize() {
  if (const Ocean* ocean = service<Ocean>(ocean_)) TakeOceanProperties(*ocean);
  CheckAboveSeabed();
  if (!state_given(nodes_)) PlaceInitialShape();
  WarnIfOverstrained();
  // Broken from the start: the run (and Settle) never sees that segment's energy.
  if (props_.broken_segments.empty() && break_.time <= time())
    Break(ScheduledSegment(), "BreakTime at the start", 0.0);
}

void Cable::PlaceInitialShape() {
  const Eigen::Vector3d a = in3(pos_a_), b = in3(pos_b_);
  if (a == b) {
    // No catenary joins an end to itself, and the straight line between them has length zero:
    // every segment would have no direction, and the tension no value, from t = 0.
    throw Error("ends PositionA and PositionB coincide at (" + NumberText(a.x()) + "," +
                NumberText(a.y()) + "," + NumberText(a.z()) +
                ") at the start, so no initial shape joins them (every segment would have zero "
                "length and no direction); expected distinct end positions, or the nodes' "
                "positions as <InitialCondition " +
                name() + ".Nodes=\"...\"/>");
  }
  const bool a_lower = a.z() <= b.z();
  const Eigen::Vector3d lo = a_lower ? a : b, hi = a_lower ? b : a;
  const Eigen::Vector3d horizontal(hi.x() - lo.x(), hi.y() - lo.y(), 0.0);
  const double span = horizontal.norm(), height = hi.z() - lo.z();
  const bool on_seabed = props_.has_seabed && std::abs(lo.z() - props_.seabed_z) <= 1e-3 * length_;

  std::string why;
  std::optional<CatenarySolution> sol;
  if (weight_per_length_ <= 0.0) {
    why = "the line does not sink (weight in water <= 0)";
  } else if (span <= 1e-9 * length_) {
    why = "the ends are vertically above each other";
  } else {
    sol = SolveCatenary({length_, weight_per_length_, ea_}, span, height, on_seabed, &why);
  }
  const Eigen::Vector3d e =
      span > 0.0 ? Eigen::Vector3d(horizontal / span) : Eigen::Vector3d::Zero();
  // Cable/Line: the multi-section catenary, from the equivalent uniform line's solution.
  std::string multi_why;
  if (!sections_.empty() && sol && !sol->slack()) {
    const std::optional<MultiCatenarySolution> multi =
        SolveLineCatenary(a_lower, span, height, on_seabed, sol->horizontal_tension,
                          sol->vertical_tension, &multi_why);
    if (multi) {
      auto at = [&](double s) {
        double px = 0.0, pz = 0.0;
        multi->Profile(std::min(s, length_), px, pz);
        return Eigen::Vector2d(px, pz);
      };
      auto stretch = [&](double s) {
        const double arc = std::min(s, length_);
        return 1.0 + multi->TensionAt(arc) / multi->EaAt(arc);
      };
      PlaceOnProfile(lo, e, a_lower, false, at, stretch, 1.0);
      Note("Cable " + name() + ": initial shape: multi-section elastic catenary" +
           (multi->grounded_length > 0.0
                ? " with " + NumberText(std::round(multi->grounded_length * 10.0) / 10.0) +
                      " m on the seabed"
                : std::string(", fully suspended")));
      return;
    }
  }
  if (!sol) {
    PlaceOnStraightLine(a, b);
    Note("Cable " + name() + ": initial shape: straight line (no catenary: " + why + ")");
    return;
  }
  PlaceOnProfile(
      lo, e, a_lower, sol->slack(),
      [&](double s) {
        double px = 0.0, pz = 0.0;
        sol->Profile(std::min(s, length_), px, pz);
        return Eigen::Vector2d(px, pz);
      },
      [&](double s) { return 1.0 + sol->TensionAt(std::min(s, length_)) / ea_; }, 1.0);
  // A Cable/Line on the equivalent uniform line's catenary says why (multi_catenary.h).
  const std::string uniform =
      sections_.empty()
          ? std::string()
          : " of the equivalent uniform line (no multi-section catenary: " +
                (multi_why.empty() ? std::string("the line is slack") : multi_why) + ")";
  if (sol->slack()) {
    Note("Cable " + name() + ": initial shape: slack, " +
         NumberText(std::round(sol->grounded_length * 10.0) / 10.0) +
         " m lying on the seabed along a span of " + NumberText(std::round(span * 10.0) / 10.0) +
         " m, the rest hanging under the upper end (horizontal tension 0)" + uniform);
  } else if (sol->on_seabed()) {
    Note("Cable " + name() + ": initial shape: elastic catenary with " +
         NumberText(std::round(sol->grounded_length * 10.0) / 10.0) + " m on the seabed" + uniform);
  } else {
    Note("Cable " + name() + ": initial shape: elastic catenary, fully suspended" + uniform);
  }
}

template <class At, class Stretch>
double Cable::PlaceOnProfile(const Eigen::Vector3d& lo, const Eigen::Vector3d& e, bool a_lower,
                             bool slack, const At& at, const Stretch& stretch, double factor) {
  std::span<double> x = initial_state(nodes_);
  const int n = props_.elements;
  // March from the lower end: each node sits on the profile where the chord from the previous
  // node equals the segment's stretched length l0 (1 + T / EA). Nodes at arc lengths i l0
  // would give chords shorter than the curve, i.e. slack segments that the settle has to undo.
  // Each segment's own unstretched length (a Cable/Line's sections may differ).
  double s_prev = 0.0;
  Eigen::Vector2d p_prev = at(0.0);
  for (int j = 1; j < n; ++j) {
    // The segment between the node before (from the lower end) and node j.
    const double l0 = props_.segment_length[static_cast<size_t>(a_lower ? j - 1 : n - j)];
    const double chord = factor * l0 * stretch(s_prev + 0.5 * l0);
    double s = s_prev + l0;
    // A slack line's grounded segments are slack (their chords shorter than l0) and its hanging
    // part is straight, stretched as the profile says: nodes at arc lengths j l0 are its shape.
    for (int it = 0; it < 8 && !slack; ++it) {  // Newton; d|P - P_prev|/ds ~ 1 + T / EA.
      s -= ((at(s) - p_prev).norm() - chord) / stretch(s);
    }
    s = std::clamp(s, s_prev, length_);
    const Eigen::Vector2d q = at(s);
    const Eigen::Vector3d p = lo + q.x() * e + Eigen::Vector3d(0.0, 0.0, q.y());
    const int i = a_lower ? j : n - j;  // Node index from end A.
    for (int k = 0; k < 3; ++k) {
      x[6 * (i - 1) + k] = p[k];
      x[6 * (i - 1) + 3 + k] = 0.0;
    }
    s_prev = s;
    p_prev = q;
  }
  // The last segment's chord to the profile's end, over its own.
  const double l0 = props_.segment_length[static_cast<size_t>(a_lower ? n - 1 : 0)];
  return (at(length_) - p_prev).norm() / (l0 * stretch(length_ - 0.5 * l0)) - 1.0;
}

}  // namespace hawser
