#include "simobjects/force/flow_coefficients.h"

#include <cmath>
#include <map>
#include <vector>

#include "hawser/common_declarations.h"
#include "hawser/text.h"
#include "hawser/text_file.h"
#include "hawser/value_parse.h"

namespace hawser {

FlowCoefficients FlowCoefficients::Parse(const std::string& text, const std::string& path,
                                         const SourceLocation& where) {
  std::map<double, std::pair<RaoTable::Response, int>> rows;  // heading -> (C, line)
  const std::string layout = "heading_deg, Cx [m^2], Cy [m^2], Cmz [m^3]";
  ForEachNumberRow(
      text, path, "coefficient", 4, layout,
      [&](const SourceLocation& at, const std::vector<double>& v) {
        for (double x : v)
          if (!std::isfinite(x)) throw ScenarioError(at, "coefficient row has a value not finite");
        const double heading = WrapHeading(v[0]);
        const RaoTable::Response c = {v[1], v[2], 0.0, 0.0, 0.0, v[3]};
        if (auto [it, inserted] = rows.emplace(heading, std::make_pair(c, at.line)); !inserted) {
          throw ScenarioError(at, "coefficient row repeats heading " + NumberText(v[0]) +
                                      " deg of line " + std::to_string(it->second.second));
        }
      });
  if (rows.empty()) throw ScenarioError(where, "coefficient file '" + path + "' has no rows");
  std::vector<double> headings;
  std::vector<RaoTable::Response> values;
  for (const auto& [heading, row] : rows) {
    headings.push_back(heading);
    values.push_back(row.first);
  }
  FlowCoefficients c;
  c.table_.emplace(std::vector<double>{1.0}, std::move(headings), std::move(values));
  return c;
}

FlowCoefficients FlowCoefficients::FromAreas(double cd, double area_x, double area_y) {
  FlowCoefficients c;
  c.cd_ax_ = cd * area_x;
  c.cd_ay_ = cd * area_y;
  return c;
}

Eigen::Vector3d FlowCoefficients::At(double heading_deg) const {
  if (table_) {
    const RaoTable::Response r = table_->At(1.0, heading_deg);
    return {r[0].real(), r[1].real(), r[5].real()};
  }
  const double c = std::cos(heading_deg * kDegree), s = std::sin(heading_deg * kDegree);
  return {cd_ax_ * c * std::abs(c), cd_ay_ * s * std::abs(s), 0.0};
}

}  // namespace hawser
