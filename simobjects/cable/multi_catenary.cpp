#include "simobjects/cable/multi_catenary.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

#include "hawser/text.h"

namespace hawser {
namespace {

// A suspended piece's reach from V_0 over unstretched length l (multi_catenary.h).
void PieceReach(double h, double v0, double w, double ea, double l, double& dx, double& dz) {
  const double vm = v0 + 0.5 * w * l, tm = std::hypot(h, vm);
  const double elastic_z = (v0 * l + 0.5 * w * l * l) / ea;
  if (std::abs(w) * l <= 1e-6 * tm) {  // Nearly straight: the asinh difference would cancel.
    dx = h * l / tm + h * l / ea;
    dz = vm * l / tm + elastic_z;
    return;
  }
  const double r0 = v0 / h, r1 = (v0 + w * l) / h;
  dx = h / w * (std::asinh(r1) - std::asinh(r0)) + h * l / ea;
  dz = h / w * (std::hypot(1.0, r1) - std::hypot(1.0, r0)) + elastic_z;
}

double TotalWeight(const MultiCatenaryLine& line) {
  double total = 0.0;
  for (const auto& s : line.sections) total += s.weight * s.length;
  for (const auto& p : line.points) total += p.weight;
  return total;
}

// The pieces for H and u (multi_catenary.h), the end's position in `end`; false (with `why`)
// when the form cannot represent them.
bool Build(const MultiCatenaryLine& line, bool seabed, double h, double u,
           MultiCatenarySolution& sol, Eigen::Vector2d& end, std::string& why) {
  const double len = line.length(), w0 = line.sections.front().weight;
  const bool grounded = seabed && u < 0.0;
  if (grounded && !(w0 > 0.0)) {
    why = "its lowest section does not sink, so no part can rest on the seabed";
    return false;
  }
  const double s_td = grounded ? -u / w0 : 0.0;
  if (s_td >= len) {
    why = "the whole line would lie on the seabed";
    return false;
  }
  // The cuts: section boundaries, point loads and the touchdown.
  std::vector<double> cuts = {0.0, s_td, len};
  double at = 0.0;
  for (const auto& s : line.sections) cuts.push_back(at += s.length);
  for (const auto& p : line.points) cuts.push_back(p.arc);
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  sol.pieces.clear();
  sol.horizontal_tension = h;
  sol.grounded_length = s_td;
  sol.anchor_vertical = grounded ? 0.0 : u;
  double x = 0.0, z = 0.0, v = sol.anchor_vertical;
  size_t section = 0;
  double section_end = line.sections.front().length;
  for (size_t k = 0; k + 1 < cuts.size(); ++k) {
    const double a = cuts[k], b = std::min(cuts[k + 1], len);
    if (b <= a) continue;
    while (section + 1 < line.sections.size() && 0.5 * (a + b) > section_end) {
      section_end += line.sections[++section].length;
    }
    const auto& s = line.sections[section];
    for (const auto& p : line.points) {
      if (p.arc != a) continue;
      if (a < s_td && p.weight < 0.0) {
        why = "a buoy would rest on the seabed";
        return false;
      }
      if (a >= s_td) v += p.weight;
    }
    MultiCatenarySolution::Piece piece{.start = a,
                                       .length = b - a,
                                       .weight = s.weight,
                                       .ea = s.ea,
                                       .v0 = v,
                                       .x0 = x,
                                       .z0 = z,
                                       .grounded = b <= s_td};
    if (piece.grounded) {
      if (s.weight <= 0.0) {
        why = "a buoyancy section would rest on the seabed";
        return false;
      }
      piece.v0 = 0.0;
      x += piece.length * (1.0 + h / s.ea);
    } else {
      double dx = 0.0, dz = 0.0;
      PieceReach(h, v, s.weight, s.ea, piece.length, dx, dz);
      x += dx;
      z += dz;
      v += s.weight * piece.length;
    }
    sol.pieces.push_back(piece);
  }
  sol.vertical_tension = v;
  end = {x, z};
  if (!end.allFinite()) {
    why = "the profile is not finite";
    return false;
  }
  return true;
}

}  // namespace

double MultiCatenaryLine::length() const {
  double total = 0.0;
  for (const auto& s : sections) total += s.length;
  return total;
}

void MultiCatenarySolution::Profile(double s, double& x, double& z) const {
  auto it = std::upper_bound(pieces.begin(), pieces.end(), s,
                             [](double at, const Piece& p) { return at < p.start; });
  const Piece& p = it == pieces.begin() ? pieces.front() : *(it - 1);
  const double l = std::clamp(s - p.start, 0.0, p.length);
  if (p.grounded) {
    x = p.x0 + l * (1.0 + horizontal_tension / p.ea);
    z = 0.0;
    return;
  }
  double dx = 0.0, dz = 0.0;
  PieceReach(horizontal_tension, p.v0, p.weight, p.ea, l, dx, dz);
  x = p.x0 + dx;
  z = p.z0 + dz;
}

double MultiCatenarySolution::TensionAt(double s) const {
  auto it = std::upper_bound(pieces.begin(), pieces.end(), s,
                             [](double at, const Piece& p) { return at < p.start; });
  const Piece& p = it == pieces.begin() ? pieces.front() : *(it - 1);
  if (p.grounded) return horizontal_tension;
  return std::hypot(horizontal_tension, p.v0 + p.weight * std::clamp(s - p.start, 0.0, p.length));
}

double MultiCatenarySolution::EaAt(double s) const {
  auto it = std::upper_bound(pieces.begin(), pieces.end(), s,
                             [](double at, const Piece& p) { return at < p.start; });
  return (it == pieces.begin() ? pieces.front() : *(it - 1)).ea;
}

std::optional<MultiCatenarySolution> SolveMultiCatenary(const MultiCatenaryLine& line, double span,
                                                        double height, bool lower_end_on_seabed,
                                                        double guess_h, double guess_v_top,
                                                        std::string* why) {
  std::string reason;
  auto fail = [&](std::string text) -> std::optional<MultiCatenarySolution> {
    if (why != nullptr) *why = std::move(text);
    return std::nullopt;
  };
  const bool valid_sections = !line.sections.empty() &&
                              std::all_of(line.sections.begin(), line.sections.end(), [](auto& s) {
                                return s.length > 0.0 && s.ea > 0.0 && std::isfinite(s.weight);
                              });
  const double len = valid_sections ? line.length() : 0.0;
  if (!valid_sections || !(span > 0.0) || !(height >= 0.0) || !(guess_h > 0.0)) {
    return fail("no multi-section catenary for these sections, span " + NumberText(span) +
                " and height " + NumberText(height));
  }
  for (const auto& p : line.points) {
    if (!(p.arc > 0.0 && p.arc < len)) return fail("a point load lies outside the line");
  }
  // The starting u from the guessed V at the top (u: multi_catenary.h).
  const double total = TotalWeight(line), w0 = line.sections.front().weight;
  double u = guess_v_top - total;
  if (lower_end_on_seabed && u < 0.0 && w0 > 0.0 && total > 0.0) {
    // Only the sinking sections from the lower end up to the first that floats or the first
    // buoy can rest on the seabed: the guess keeps the touchdown within half of them.
    double sinking = 0.0;
    for (const auto& s : line.sections) {
      if (s.weight <= 0.0) break;
      sinking += s.length;
    }
    for (const auto& p : line.points) {
      if (p.weight < 0.0) sinking = std::min(sinking, p.arc);
    }
    u = -std::clamp(-u / (total / len), 0.0, 0.5 * sinking) * w0;
  }
  Eigen::Vector2d x(guess_h, u);
  MultiCatenarySolution sol;
  auto residual = [&](const Eigen::Vector2d& at, Eigen::Vector2d& f) {
    Eigen::Vector2d end;
    if (!(at[0] > 0.0) || !Build(line, lower_end_on_seabed, at[0], at[1], sol, end, reason)) {
      return false;
    }
    f = end - Eigen::Vector2d(span, height);
    return true;
  };
  Eigen::Vector2d f;
  if (!residual(x, f)) return fail(reason);
  // Scales for the differences: the line's weight (N) for both unknowns.
  double scale = 0.0;
  for (const auto& s : line.sections) scale += std::abs(s.weight) * s.length;
  for (const auto& p : line.points) scale += std::abs(p.weight);
  const double tol = 1e-9 * std::max(len, 1.0);
  int it = 0;
  for (; it < 100 && f.lpNorm<Eigen::Infinity>() > tol; ++it) {
    Eigen::Matrix2d jac;
    for (int k = 0; k < 2; ++k) {
      // Central differences where both sides are valid, one-sided otherwise.
      const double d = 1e-7 * std::max(std::abs(x[k]), 1e-3 * scale);
      Eigen::Vector2d step = Eigen::Vector2d::Zero(), fp, fm;
      step[k] = d;
      const bool plus = residual(x + step, fp), minus = residual(x - step, fm);
      if (plus && minus) {
        jac.col(k) = (fp - fm) / (2.0 * d);
      } else if (plus || minus) {
        jac.col(k) = plus ? Eigen::Vector2d((fp - f) / d) : Eigen::Vector2d((f - fm) / d);
      } else {
        return fail(reason);
      }
    }
    const Eigen::Vector2d dx = -jac.fullPivLu().solve(f);
    if (!dx.allFinite()) break;
    // Step halving: keep the form valid (H > 0) and make the residual decrease.
    double step = 1.0;
    Eigen::Vector2d next_f;
    bool accepted = false;
    for (int k = 0; k < 40 && !accepted; ++k, step *= 0.5) {
      accepted =
          residual(x + step * dx, next_f) &&
          next_f.lpNorm<Eigen::Infinity>() < (1.0 - 1e-4 * step) * f.lpNorm<Eigen::Infinity>();
      if (accepted) x += step * dx;
    }
    if (!accepted) break;
    f = next_f;
  }
  if (!(f.lpNorm<Eigen::Infinity>() <= tol)) {
    return fail("the multi-section catenary equations did not converge (residual " +
                NumberText(f.lpNorm<Eigen::Infinity>(), 3) + " m after " + std::to_string(it) +
                " iterations)");
  }
  Eigen::Vector2d end;
  if (!Build(line, lower_end_on_seabed, x[0], x[1], sol, end, reason)) return fail(reason);
  sol.iterations = it;
  return sol;
}

double SecantStiffness(const TensionStrainTable& table, double tension) {
  // T(eps) is piecewise linear through (0, 0) and the table's points, extended with the last
  // slope; invert it on the piece holding T.
  double e0 = 0.0, t0 = 0.0;
  size_t k = 0;
  while (k + 1 < table.strain.size() && table.tension[k] < tension) {
    e0 = table.strain[k];
    t0 = table.tension[k];
    ++k;
  }
  const double slope = (table.tension[k] - t0) / (table.strain[k] - e0);
  if (!(tension > 0.0)) return slope;  // The first piece's stiffness (k = 0).
  return tension / (e0 + (tension - t0) / slope);
}

}  // namespace hawser
