#include "simobjects/cable/catenary.h"

#include <algorithm>
#include <cmath>

#include "hawser/text.h"

namespace hawser {
namespace {

struct Residual {
  double fx = 0.0, fz = 0.0;                                  // Profile end minus target [m].
  double dx_dh = 0.0, dx_dv = 0.0, dz_dh = 0.0, dz_dv = 0.0;  // Jacobian [m/N].
};

// The end-point equations of catenary.h and their derivatives with respect to H and V. The
// grounded form applies while V < w L; at V = w L both forms agree (V_A = 0, L_B = 0).
Residual Evaluate(const CatenaryLine& c, bool seabed, double span, double height, double h,
                  double v) {
  const double w = c.weight, len = c.length, ea = c.ea;
  const double r = v / h, s = std::sqrt(1.0 + r * r);
  Residual f;
  if (seabed && v < w * len) {
    f.fx = len - v / w + h / w * std::asinh(r) + h * len / ea - span;
    f.fz = h / w * (s - 1.0) + v * v / (2.0 * ea * w) - height;
    f.dx_dh = (std::asinh(r) - r / s) / w + len / ea;
    f.dx_dv = (1.0 / s - 1.0) / w;
    f.dz_dh = (1.0 / s - 1.0) / w;
    f.dz_dv = r / (w * s) + v / (ea * w);
  } else {
    const double ra = (v - w * len) / h, sa = std::sqrt(1.0 + ra * ra);
    f.fx = h / w * (std::asinh(r) - std::asinh(ra)) + h * len / ea - span;
    f.fz = h / w * (s - sa) + (v * len - 0.5 * w * len * len) / ea - height;
    f.dx_dh = (std::asinh(r) - r / s - std::asinh(ra) + ra / sa) / w + len / ea;
    f.dx_dv = (1.0 / s - 1.0 / sa) / w;
    f.dz_dh = f.dx_dv;
    f.dz_dv = (r / s - ra / sa) / w + len / ea;
  }
  return f;
}

double Norm(const Residual& f) { return std::max(std::abs(f.fx), std::abs(f.fz)); }

}  // namespace

double CatenarySolution::VerticalTensionAt(double s) const {
  // Vertical equilibrium of the suspended part: V(s) = V - w (L - s), never below 0 on the
  // seabed.
  const double vs = vertical_tension - line.weight * (line.length - s);
  return on_seabed() ? std::max(vs, 0.0) : vs;
}

double CatenarySolution::TensionAt(double s) const {
  return std::hypot(horizontal_tension, VerticalTensionAt(s));
}

void CatenarySolution::Profile(double s, double& x, double& z) const {
  const double w = line.weight, ea = line.ea, h = horizontal_tension;
  if (slack()) {
    if (s <= grounded_length) {  // Laid along the span, shorter than its length: no tension.
      x = grounded_length > 0.0 ? span * s / grounded_length : 0.0;
      z = 0.0;
      return;
    }
    const double u = s - grounded_length;  // Hanging under its own weight below u: T = w u.
    x = span;
    z = u + w * u * u / (2.0 * ea);
    return;
  }
  if (on_seabed()) {
    if (s <= grounded_length) {
      x = s * (1.0 + h / ea);  // Stretched by H alone, flat.
      z = 0.0;
      return;
    }
    const double vs = w * (s - grounded_length), r = vs / h;
    x = grounded_length + h / w * std::asinh(r) + h * s / ea;
    z = h / w * (std::sqrt(1.0 + r * r) - 1.0) + vs * vs / (2.0 * ea * w);
    return;
  }
  const double va = vertical_tension - w * line.length, ra = va / h, r = (va + w * s) / h;
  x = h / w * (std::asinh(r) - std::asinh(ra)) + h * s / ea;
  z = h / w * (std::sqrt(1.0 + r * r) - std::sqrt(1.0 + ra * ra)) + (va * s + 0.5 * w * s * s) / ea;
}

std::optional<CatenarySolution> SolveCatenary(const CatenaryLine& line, double span, double height,
                                              bool lower_end_on_seabed, std::string* why) {
  auto fail = [&](std::string text) -> std::optional<CatenarySolution> {
    if (why != nullptr) *why = std::move(text);
    return std::nullopt;
  };
  if (!(line.length > 0 && line.weight > 0 && line.ea > 0 && span > 0 && height >= 0)) {
    return fail("no catenary for L = " + NumberText(line.length) +
                ", w = " + NumberText(line.weight) + ", EA = " + NumberText(line.ea) + ", span " +
                NumberText(span) + ", height " + NumberText(height));
  }
  const double w = line.weight, len = line.length;
  CatenarySolution sol;
  sol.line = line;
  sol.span = span;
  if (lower_end_on_seabed) {
    // The unstretched length s_h that hangs at H = 0: h = s_h + w s_h^2 / (2 EA), solved in the
    // form without cancellation.
    const double hanging = 2.0 * height / (1.0 + std::sqrt(1.0 + 2.0 * w * height / line.ea));
    if (hanging <= len && span <= len - hanging) {
      sol.vertical_tension = w * hanging;
      sol.grounded_length = len - hanging;
      return sol;
    }
  }
  // Starting guess of Peyrot and Goulois (1979), as used by MAP and MoorDyn.
  const double chord2 = span * span + height * height;
  const double lambda =
      len * len <= chord2 ? 0.2
                          : std::sqrt(3.0 * ((len * len - height * height) / (span * span) - 1.0));
  double h = std::max(std::abs(w * span / (2.0 * lambda)), 1e-6 * w * len);
  double v = 0.5 * w * (height / std::tanh(lambda) + len);

  const double tol = 1e-11 * std::max(len, 1.0);
  Residual f = Evaluate(line, lower_end_on_seabed, span, height, h, v);
  int it = 0;
  for (; it < 200 && Norm(f) > tol; ++it) {
    const double det = f.dx_dh * f.dz_dv - f.dx_dv * f.dz_dh;
    if (!(std::abs(det) > 0) || !std::isfinite(det)) break;
    const double dh = -(f.dz_dv * f.fx - f.dx_dv * f.fz) / det;
    const double dv = -(-f.dz_dh * f.fx + f.dx_dh * f.fz) / det;
    // Backtracking: keep H > 0 and make the residual decrease.
    double step = 1.0;
    Residual next;
    for (int k = 0; k < 40; ++k, step *= 0.5) {
      if (h + step * dh <= 0.0) continue;
      next = Evaluate(line, lower_end_on_seabed, span, height, h + step * dh, v + step * dv);
      if (std::isfinite(Norm(next)) && Norm(next) < (1.0 - 1e-4 * step) * Norm(f)) break;
    }
    if (h + step * dh <= 0.0 || !std::isfinite(Norm(next))) break;
    h += step * dh;
    v += step * dv;
    f = next;
  }
  if (!(Norm(f) <= tol)) {
    return fail("the catenary equations did not converge (residual " + NumberText(Norm(f), 3) +
                " m after " + std::to_string(it) + " iterations)");
  }
  sol.horizontal_tension = h;
  sol.vertical_tension = v;
  sol.grounded_length = lower_end_on_seabed ? std::max(len - v / w, 0.0) : 0.0;
  sol.iterations = it;
  return sol;
}

}  // namespace hawser
