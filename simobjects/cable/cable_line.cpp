// Cable/Line: Cable/Cable's model (cable.h) on a line of sections, each of a named line type
// from a CSV file (line_type_file.h) with its own length and segment count. Each segment has its
// section's EA, damping and seabed values over its own l0 = section length / segments; each node
// its tributary share of mass, weight, drag and added mass (half of each neighbouring segment,
// so a node at a section boundary takes half of each section's). Utilisation is the largest
// segment tension over its type's MBL. A type's tension-strain table (a fibre rope's) gives its
// segments' elastic tension in place of EA strain (CableProperties::tension_tables). The
// starting shape (without an initial condition) is the multi-section elastic catenary
// (multi_catenary.h, cable_line_start.cpp); ea_ and weight_per_length_ hold the equivalent
// uniform line (the sections' mean weight in water per length and their series axial stiffness
// L / sum(L_i / EA_i)), its starting guess and the start where that form does not apply.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "hawser/text_file.h"
#include "simobjects/cable/cable.h"

namespace hawser {

void Cable::DeclareLineParameters(const ObjectArgs& args) {
  const std::string file = DeclareParameter<std::string>(
      {.name = "LineTypes",
       .unit = "-",
       .doc = "CSV file of line types (Name, Diameter, MassPerLength, EA, MBL, ...): absolute, "
              "or relative to the scenario file's folder; empty: only the scenario's "
              "<LINETYPES>.",
       .fallback = std::string()});
  const std::string sections = DeclareParameter<std::string>(
      {.name = "Sections",
       .unit = "-",
       .doc = "`TYPE LENGTH SEGMENTS; ...` from end A: each section's line type, unstretched "
              "length [m] and segment count."});
  const std::string points = DeclareParameter<std::string>(
      {.name = "Points",
       .unit = "-",
       .doc = "`BOUNDARY MASS VOLUME [CDA [CA [HEIGHT]]]; ...`: clump weights or buoys at "
              "section boundaries (after section BOUNDARY): mass [kg], displaced volume [m^3], "
              "drag area Cd A [m^2], added-mass coefficient, and the height [m] of a buoy that "
              "may pierce the surface z = 0 (a vertical cylinder).",
       .fallback = std::string()});
  if (describing()) {
    props_.elements = 2;
    return;
  }
  if (!file.empty()) {
    const std::string path = ResolvePath(file);
    const std::string text = ReadRegularFile(path, "line type file", ParameterLocation("LineTypes"),
                                             " (LineTypes=\"" + file + "\")");
    types_ = ParseLineTypes(text, path);
  }
  // The scenario's own (its <LINETYPES> section and the XML file it includes) after the CSV's.
  for (const LineType& t : LineTypesFromDecls(args.line_types)) {
    if (std::any_of(types_.begin(), types_.end(),
                    [&](const LineType& o) { return o.name == t.name; })) {
      const auto decl = std::find_if(args.line_types.begin(), args.line_types.end(), [&](auto& d) {
        const auto name = d.values.find("Name");
        return name != d.values.end() && name->second.first == t.name;
      });
      throw ScenarioError(decl->loc, "line type '" + t.name +
                                         "' is defined twice: in <LINETYPES> "
                                         "and in LineTypes=\"" +
                                         file + "\"");
    }
    types_.push_back(t);
  }
  if (types_.empty()) {
    throw ScenarioError(location(),
                        "Cable/Line has no line types; expected LineTypes=\"file.csv\" or a "
                        "<LINETYPES> section with <LineType Name=\"...\" .../> elements");
  }
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

void Cable::SetSectionBendingStiffness(double fallback) {
  // A node inside a section takes its type's EI. A node at a boundary joins two half segments,
  // of lengths l_a / 2 and l_b / 2, whose rotational compliances add (springs in series):
  //   l0 / EI = (l_a / EI_a + l_b / EI_b) / 2,   l0 = (l_a + l_b) / 2,
  // so the energy C kappa^2 l0 / 2 uses that EI (a section without EI next to one with EI makes
  // the boundary a hinge: EI 0). With equal sections it is their EI.
  auto ei_of = [&](const LineSection& s) {
    const double ei = types_[static_cast<size_t>(s.type)].ei;
    return ei > 0.0 ? ei : fallback;
  };
  size_t node = 0;
  for (size_t k = 0; k < sections_.size(); ++k) {
    const LineSection& s = sections_[k];
    const double ei = ei_of(s);
    for (int j = 1; j < s.segments; ++j) node_ei_[node + static_cast<size_t>(j)] = ei;
    node += static_cast<size_t>(s.segments);
    if (k + 1 == sections_.size()) break;
    const LineSection& next = sections_[k + 1];
    const double la = s.length / s.segments, lb = next.length / next.segments;
    const double ei_next = ei_of(next);
    node_ei_[node] = (ei > 0.0 && ei_next > 0.0) ? (la + lb) / (la / ei + lb / ei_next) : 0.0;
  }
}

SourceLocation Cable::ParameterLocation(const std::string& name) const {
  const auto given = given_.find(name);
  return given != given_.end() ? given->second.second : location();
}

void Cable::LumpSections(const LumpSetting& setting) {
  std::vector<SegmentLump> lumps;
  lumps.reserve(static_cast<size_t>(props_.elements));
  double weight = 0.0;  // In water, of the whole line [N].
  section_weight_.clear();
  for (const LineSection& s : sections_) {
    const LineType& t = types_[static_cast<size_t>(s.type)];
    const SegmentLump lump = LumpLineType(t, s.length / s.segments, setting);
    lumps.insert(lumps.end(), static_cast<size_t>(s.segments), lump);
    weight += lump.weight * s.segments;
    section_weight_.push_back(lump.weight * s.segments / s.length);
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
  props_.surface_points.clear();
  point_weight_.clear();
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
    point_weight_.push_back((point.mass - rho * point.volume) * g);
    if (point.height > 0.0) {  // It may pierce the surface: cable_surface_point.h.
      props_.surface_points.push_back({node, point.volume, point.height, rho * g});
    }
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
