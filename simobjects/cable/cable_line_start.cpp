// Cable/Line's starting shape: the multi-section elastic catenary (multi_catenary.h) of its
// sections and points, oriented from the lower end. A section of a type with a tension-strain
// table (a fibre rope) takes the table's secant stiffness T / eps(T) at the tension T at its
// middle: first at the equivalent uniform line's tension there, then at the solved line's,
// repeated until the secants settle (a few passes: the secant changes slowly with T).
#include <algorithm>
#include <cmath>

#include "simobjects/cable/cable.h"

namespace hawser {

std::optional<MultiCatenarySolution> Cable::SolveLineCatenary(bool a_lower, double span,
                                                              double height, bool on_seabed,
                                                              double guess_h, double guess_v,
                                                              std::string* why) const {
  MultiCatenaryLine line;
  const size_t n = sections_.size();
  std::vector<double> start(n);  // Each section's start, as arc from the lower end.
  double arc = 0.0;
  for (size_t k = 0; k < n; ++k) {
    const size_t from_a = a_lower ? k : n - 1 - k;
    const LineSection& s = sections_[from_a];
    line.sections.push_back(
        {s.length, section_weight_[from_a], types_[static_cast<size_t>(s.type)].ea});
    start[k] = arc;
    arc += s.length;
  }
  for (size_t p = 0; p < points_.size(); ++p) {
    double from_a = 0.0;  // The boundary after section `boundary` from end A.
    for (int k = 0; k < points_[p].boundary; ++k)
      from_a += sections_[static_cast<size_t>(k)].length;
    line.points.push_back({a_lower ? from_a : length_ - from_a, point_weight_[p]});
  }
  // The table's ropes: secant stiffness at the mid-section tension of the previous solution
  // (the equivalent uniform line's, T ~ sqrt(H^2 + V_mid^2), to begin with).
  auto table_of = [&](size_t k) -> const TensionStrainTable& {
    const size_t from_a = a_lower ? k : n - 1 - k;
    return types_[static_cast<size_t>(sections_[from_a].type)].table;
  };
  bool any_table = false;
  for (size_t k = 0; k < n; ++k) {
    if (table_of(k).empty()) continue;
    any_table = true;
    const double v_mid =
        guess_v - weight_per_length_ * (length_ - start[k] - 0.5 * line.sections[k].length);
    line.sections[k].ea = SecantStiffness(table_of(k), std::hypot(guess_h, std::max(v_mid, 0.0)));
  }
  std::optional<MultiCatenarySolution> sol =
      SolveMultiCatenary(line, span, height, on_seabed, guess_h, guess_v, why);
  for (int pass = 0; pass < 10 && sol && any_table; ++pass) {
    double change = 0.0;
    for (size_t k = 0; k < n; ++k) {
      if (table_of(k).empty()) continue;
      const double ea =
          SecantStiffness(table_of(k), sol->TensionAt(start[k] + 0.5 * line.sections[k].length));
      change = std::max(change, std::abs(ea / line.sections[k].ea - 1.0));
      line.sections[k].ea = ea;
    }
    if (change < 1e-6) break;  // The strain changes by less than 1e-6 of itself.
    sol = SolveMultiCatenary(line, span, height, on_seabed, sol->horizontal_tension,
                             sol->vertical_tension, why);
  }
  return sol;
}

}  // namespace hawser
