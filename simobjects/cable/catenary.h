// The elastic catenary: the static shape of a uniform, elastic line hanging under its own weight
// in water between two points, optionally with a part resting on a flat, frictionless seabed.
//
// Reference: J. Jonkman (2007), "Dynamics modeling and loads analysis of an offshore floating
// wind turbine", NREL/TP-500-41958, section 4 (the quasi-static mooring equations that MAP and
// MoorDyn also use), with seabed friction CB = 0. With w the weight in water per unstretched
// length, EA the axial stiffness, L the unstretched length, H the (constant) horizontal tension
// and V the vertical tension at the upper end, the upper end lies at (X, h) from the lower end:
//
//   Resting on the seabed (grounded length L_B = L - V/w > 0 from the lower end):
//     X = L_B + (H/w) asinh(V/H) + H L / EA
//     h = (H/w) (sqrt(1 + (V/H)^2) - 1) + V^2 / (2 EA w)
//   Slack (only with the lower end on the seabed, when even H -> 0 leaves the ends closer than
//   L - s_h, s_h the unstretched length that hangs, h = s_h + w s_h^2 / (2 EA)): H = 0, V = w s_h;
//   s_h hangs vertically under the upper end and L_B = L - s_h lies on the seabed, slack (shorter
//   than L_B along the span X). This is the limit of the grounded form as H -> 0 (X -> L - s_h),
//   and the case MoorPy's catenary solver also treats apart (a slack line on the seabed).
//   Fully suspended (vertical tension V_A = V - w L at the lower end):
//     X = (H/w) (asinh(V/H) - asinh(V_A/H)) + H L / EA
//     h = (H/w) (sqrt(1 + (V/H)^2) - sqrt(1 + (V_A/H)^2)) + (V L - w L^2 / 2) / EA
#pragma once

#include <optional>
#include <string>

namespace hawser {

/// A uniform elastic line.
struct CatenaryLine {
  double length = 0.0;  ///< Unstretched length L [m], > 0.
  double weight = 0.0;  ///< Weight in water per unstretched length w [N/m], > 0.
  double ea = 0.0;      ///< Axial stiffness EA [N], > 0.
};

/// A solved catenary, in the vertical plane through both ends, measured from the lower end.
struct CatenarySolution {
  CatenaryLine line;
  double horizontal_tension = 0.0;  ///< H [N], constant along the line.
  double vertical_tension = 0.0;    ///< V at the upper end [N].
  double grounded_length = 0.0;     ///< Unstretched length L_B on the seabed [m] (0 if none).
  double span = 0.0;                ///< Horizontal distance X of the upper end [m].
  int iterations = 0;               ///< Newton iterations used.

  bool on_seabed() const { return grounded_length > 0.0; }
  /// H = 0: the part on the seabed is slack and the rest hangs vertically (catenary.h).
  bool slack() const { return horizontal_tension == 0.0; }
  /// Vertical tension at unstretched arc length s from the lower end [N] (0 on the seabed).
  double VerticalTensionAt(double s) const;
  /// Tension magnitude at arc length s [N].
  double TensionAt(double s) const;
  /// Horizontal distance and height above the lower end of the point at unstretched arc
  /// length s in [0, L] from the lower end [m].
  void Profile(double s, double& x, double& z) const;
};

/// Solves for H and V given the horizontal span X > 0 [m] and the height h >= 0 [m] of the
/// upper end above the lower end. With `lower_end_on_seabed`, the line may rest on a seabed at
/// the lower end's height (the grounded length is then part of the solution); otherwise it is
/// fully suspended. Returns nullopt with `why` set when no solution exists (the line is too
/// short to reach: chord >= stretched length), or Newton's method does not converge.
std::optional<CatenarySolution> SolveCatenary(const CatenaryLine& line, double span, double height,
                                              bool lower_end_on_seabed, std::string* why = nullptr);

}  // namespace hawser
