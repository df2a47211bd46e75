// The multi-section elastic catenary: the static shape of a line of sections (each with its own
// weight in water per length w_i, possibly negative for a buoyancy section, and axial stiffness
// EA_i) and point loads (clump weights +W, buoys -B) hanging between two points in water,
// optionally with a part resting on a flat, frictionless seabed at the lower end. Cable/Line
// starts on it (cable_initial_shape.cpp); the uniform case is catenary.h.
//
// With H the (constant) horizontal tension and V(s) the vertical tension at unstretched arc
// length s from the lower end, V grows by w_i per length and jumps by a point's W. On a piece of
// constant w and EA from V_0 to V_1 = V_0 + w l (unstretched length l), integrating
// dx = H (1 / T + 1 / EA) ds, dz = V (1 / T + 1 / EA) ds with T = sqrt(H^2 + V^2):
//   dx = (H / w) (asinh(V_1 / H) - asinh(V_0 / H)) + H l / EA
//   dz = (H / w) (sqrt(1 + (V_1 / H)^2) - sqrt(1 + (V_0 / H)^2)) + (V_0 l + w l^2 / 2) / EA
// (the same equations as catenary.h, piece by piece; for |w| l << T the straight piece
// dx = H l / T_m + H l / EA, dz = V_m l / T_m + V_m l / EA at the mid-piece tension, whose
// error is O((w l / T)^2)). The part on the seabed (arc [0, s_td]) has V = 0 and lies flat,
// stretched by H: dx = (1 + H / EA) ds.
//
// Unknowns: H and u, where u >= 0 is the vertical tension V_A at the lower end (s_td = 0) and,
// with the lower end on the seabed, u < 0 is the grounded length s_td = -u / w_0 (w_0: the weight
// per length of the lowest section), so that the residual is continuous at touchdown as in the
// uniform form (there V_top = w (L - L_B)). Solved by Newton's method on the two end-point
// equations x(L) = span, z(L) = height with a central-difference Jacobian and step halving.
// Not represented (the solve returns nullopt and says why): a slack line (H = 0 on the seabed),
// a grounded part holding a buoyancy section or a buoy (it would float up), or a lowest section
// that does not sink when the line touches down.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "simobjects/cable/cable_physics.h"

namespace hawser {

/// A line of sections and point loads, from the lower end.
struct MultiCatenaryLine {
  struct Section {
    double length = 0.0;  ///< Unstretched length [m], > 0.
    double weight = 0.0;  ///< Weight in water per unstretched length [N/m]; < 0 floats.
    double ea = 0.0;      ///< Axial stiffness [N], > 0.
  };
  struct Point {
    double arc = 0.0;     ///< Unstretched arc length from the lower end [m], in (0, L).
    double weight = 0.0;  ///< Weight in water [N]: a clump weight > 0, a buoy < 0.
  };
  std::vector<Section> sections;
  std::vector<Point> points;
  double length() const;
};

/// A solved multi-section catenary, in the vertical plane through both ends, from the lower end.
struct MultiCatenarySolution {
  /// A stretch of constant weight and EA between point loads and section boundaries.
  struct Piece {
    double start = 0.0, length = 0.0, weight = 0.0, ea = 0.0;  ///< Arc [m], [m], [N/m], [N].
    double v0 = 0.0;            ///< V at its start [N] (0 and unused when grounded).
    double x0 = 0.0, z0 = 0.0;  ///< Its start's position [m].
    bool grounded = false;
  };
  std::vector<Piece> pieces;
  double horizontal_tension = 0.0;  ///< H [N].
  double vertical_tension = 0.0;    ///< V at the upper end [N].
  double anchor_vertical = 0.0;     ///< V at the lower end [N] (0 when grounded).
  double grounded_length = 0.0;     ///< s_td [m].
  int iterations = 0;               ///< Newton iterations used.

  /// Horizontal distance and height above the lower end at arc length s in [0, L] [m].
  void Profile(double s, double& x, double& z) const;
  /// Tension magnitude at arc length s [N] (H on the seabed).
  double TensionAt(double s) const;
  /// The axial stiffness of the section at arc length s [N].
  double EaAt(double s) const;
};

/// Solves for H and the lower end's vertical force given the span X > 0 and height h >= 0 of
/// the upper end above the lower end, starting from a guess of H > 0 and V at the upper end
/// (e.g. the uniform catenary of the equivalent line). Returns nullopt with `why` set when the
/// form cannot represent the line (see above) or Newton's method does not converge.
std::optional<MultiCatenarySolution> SolveMultiCatenary(const MultiCatenaryLine& line, double span,
                                                        double height, bool lower_end_on_seabed,
                                                        double guess_h, double guess_v_top,
                                                        std::string* why = nullptr);

/// The secant stiffness T / eps(T) of a tension-strain table at tension T > 0 [N]: the EA that
/// gives the table's strain at T (the inverse of its piecewise-linear T(eps)).
double SecantStiffness(const TensionStrainTable& table, double tension);

}  // namespace hawser
