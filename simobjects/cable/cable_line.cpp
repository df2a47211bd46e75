// Cable/Line: Cable/Cable's model (cable.h) on a line of sections, each of a named line type
// from a CSV file (line_type_file.h) with its own length and segment count. Each segment has its
// section's EA, damping and seabed values over its own l0 = section length / segments; each node
// its tributary share of mass, weight, drag and added mass (half of each neighbouring segment,
// so a node at a section boundary takes half of each section's). Utilisation is the largest
// segment tension over its type's MBL. A type's tension-strain table (a fibre rope's) gives its
// segments' elastic tension in place of EA strain (CableProperties::tension_tables). The
// starting shape (without an initial condition) is the
// elastic catenary of the equivalent uniform line: the sections' mean weight in water per
// length and their series axial stiffness L / sum(L_i / EA_i); Settle then finds the true
// multi-section equilibrium.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "hawser/text_file.h"
#include "simobjects/cable/cable.h"

namespace hawser {

void Cable::DeclareLineParameters() {
  const std::string file = DeclareParameter<std::string>(
      {.name = "LineTypes",
       .unit = "-",
       .doc = "CSV file of line types (Name, Diameter, MassPerLength, EA, MBL, ...): absolute, "
              "or relative to the scenario file's folder."});
  const std::string sections = DeclareParameter<std::string>(
      {.name = "Sections",
       .unit = "-",
       .doc = "`TYPE LENGTH SEGMENTS; ...` from end A: each section's line type, unstretched "
              "length [m] and segment count."});
  const std::string points = DeclareParameter<std::string>(
      {.name = "Points",
       .unit = "-",
       .doc = "`BOUNDARY MASS VOLUME [CDA [CA]]; ...`: clump weights or buoys at section "
              "boundaries (after section BOUNDARY): mass [kg], displaced volume [m^3], drag "
              "area Cd A [m^2], added-mass coefficient.",
       .fallback = std::string()});
  if (describing()) {
    props_.elements = 2;
    return;
  }
  const std::string path = ResolvePath(file);
  const std::string text = ReadRegularFile(path, "line type file", ParameterLocation("LineTypes"),
                                           " (LineTypes=\"" + file + "\")");
  types_ = ParseLineTypes(text, path);
  sections_ = ParseSections(sections, types_, ParameterLocation("Sections"), kMaxCableElements);
  points_ = ParsePoints(points, static_cast<int>(sections_.size()), ParameterLocation("Points"));
  props_.elements = 0;
  length_ = 0.0;
  double compliance = 0.0;  // sum L_i / EA_i [m/N].
  for (size_t k = 0; k < sections_.size(); ++k) {
    const LineSection& s = sections_[k];
    const LineType& t = types_[static_cast<size_t>(s.type)];
    props_.elements += s.segments;
    length_ += s.length;
    compliance += s.length / t.ea;
    for (int j = 0; j < s.segments; ++j) {
      segment_mbl_.push_back(t.mbl);
      segment_labels_.push_back("section " + std::to_string(k + 1) + ": " + t.name);
    }
  }
  ea_ = length_ / compliance;
}

SourceLocation Cable::ParameterLocation(const std::string& name) const {
  const auto given = given_.find(name);
  return given != given_.end() ? given->second.second : location();
}

void Cable::LumpSections(const LumpSetting& setting) {
  std::vector<SegmentLump> lumps;
  lumps.reserve(static_cast<size_t>(props_.elements));
  double weight = 0.0;  // In water, of the whole line [N].
  for (const LineSection& s : sections_) {
    const LineType& t = types_[static_cast<size_t>(s.type)];
    const SegmentLump lump = LumpLineType(t, s.length / s.segments, setting);
    lumps.insert(lumps.end(), static_cast<size_t>(s.segments), lump);
    weight += lump.weight * s.segments;
  }
  LumpAtNodes(props_, lumps);
  AddPoints(setting, &weight);
  weight_per_length_ = weight / length_;
  props_.tension_tables.clear();
  const bool any_table =
      std::any_of(types_.begin(), types_.end(), [](const LineType& t) { return !t.table.empty(); });
  for (const LineSection& s : sections_) {
    if (!any_table) break;
    const LineType& t = types_[static_cast<size_t>(s.type)];
    props_.tension_tables.insert(props_.tension_tables.end(), static_cast<size_t>(s.segments),
                                 t.table.empty() ? nullptr : &t.table);
  }
}

void Cable::AddPoints(const LumpSetting& setting, double* weight) {
  // A point at a boundary node (an internal node: share 1) adds to that node: its weight in
  // water (m - rho V) g, dry weight m g, displaced mass rho V (Froude-Krylov), and, isotropic,
  // its mass plus added mass rho Ca V and drag 1/2 rho CdA |u| u (split here along and across
  // the line as the node's own: 1/2 rho CdA (|u_n| u_n + |u_t| u_t), equal to it when the flow
  // is along or across the line).
  const double rho = setting.density, g = setting.gravity;
  for (const InLinePoint& point : points_) {
    int node = 0;
    for (int k = 0; k < point.boundary; ++k) node += sections_[static_cast<size_t>(k)].segments;
    const auto i = static_cast<size_t>(node);
    props_.node_mass[i] += point.mass + rho * point.added_mass * point.volume;
    props_.node_weight[i] += (point.mass - rho * point.volume) * g;
    props_.node_dry_weight[i] += point.mass * g;
    props_.node_displaced_mass[i] += rho * point.volume;
    props_.normal_drag[i] += 0.5 * rho * point.drag_area;
    props_.tangential_drag[i] += 0.5 * rho * point.drag_area;
    *weight += (point.mass - rho * point.volume) * g;
  }
}

void Cable::CalcUtilisation() {
  double worst = 0.0;
  for (size_t s = 0; s < seg_tension_.size(); ++s) {
    worst = std::max(worst, seg_tension_[s] / segment_mbl_[s]);
  }
  out(utilisation_)[0] = worst;
}

}  // namespace hawser
