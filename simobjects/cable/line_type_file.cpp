#include "simobjects/cable/line_type_file.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "hawser/text.h"
#include "hawser/text_file.h"
#include "hawser/value_parse.h"

namespace hawser {
namespace {

/// Splits a row at commas, each cell trimmed.
std::vector<std::string> Cells(const std::string& line) {
  std::vector<std::string> cells;
  std::stringstream in(line);
  std::string cell;
  while (std::getline(in, cell, ',')) cells.push_back(Trim(cell));
  if (!line.empty() && line.back() == ',') cells.emplace_back();
  return cells;
}

/// A column: its name, whether it must be given, the least value allowed (and whether equal to
/// it is allowed), and where its value goes.
struct Column {
  const char* name;
  bool required;
  bool positive;  ///< > 0; otherwise >= 0.
  double LineType::*field;
};

constexpr Column kColumns[] = {
    {"Diameter", true, false, &LineType::diameter},
    {"VolumetricDiameter", false, false, &LineType::volumetric_diameter},
    {"MassPerLength", true, true, &LineType::mass_per_length},
    {"EA", true, true, &LineType::ea},
    {"MBL", true, true, &LineType::mbl},
    {"Cdn", false, false, &LineType::cdn},
    {"Cdt", false, false, &LineType::cdt},
    {"Can", false, false, &LineType::can},
    {"EI", false, false, &LineType::ei},
};

constexpr const char* kTableColumn = "TensionStrain";

std::vector<std::string> ColumnNames() {
  std::vector<std::string> names{"Name"};
  for (const Column& c : kColumns) names.emplace_back(c.name);
  names.emplace_back(kTableColumn);
  return names;
}

/// "STRAIN:TENSION ..." (`what` names the column), each strictly greater than the one before,
/// from (0, 0).
TensionStrainTable ParseTable(const std::string& cell, const SourceLocation& where,
                              const std::string& what) {
  TensionStrainTable table;
  std::stringstream words(cell);
  for (std::string pair; words >> pair;) {
    const auto colon = pair.find(':');
    if (colon == std::string::npos) {
      throw ScenarioError(where, what + ": '" + Excerpt(pair) +
                                     "' is not STRAIN:TENSION; expected pairs such as "
                                     "0.01:2e5 separated by spaces");
    }
    const double e = ParseNumber(pair.substr(0, colon), where, what + " strain");
    const double t = ParseNumber(pair.substr(colon + 1), where, what + " tension");
    const double e0 = table.empty() ? 0.0 : table.strain.back();
    const double t0 = table.empty() ? 0.0 : table.tension.back();
    if (!(e > e0) || !(t > t0)) {
      throw ScenarioError(where, what + ": point " + NumberText(e) + ":" + NumberText(t) +
                                     " does not increase from " + NumberText(e0) + ":" +
                                     NumberText(t0) +
                                     "; expected strain and tension strictly increasing from "
                                     "0:0 (a monotone stiffness)");
    }
    table.strain.push_back(e);
    table.tension.push_back(t);
  }
  return table;
}

}  // namespace

const std::vector<std::string>& LineTypePropertyNames() {
  static const std::vector<std::string> names = ColumnNames();
  return names;
}

bool IsRequiredLineTypeProperty(const std::string& name) {
  return name == "Name" ||
         std::any_of(std::begin(kColumns), std::end(kColumns),
                     [&](const Column& c) { return c.required && name == c.name; });
}

bool SetLineTypeProperty(LineType* t, const std::string& name, const std::string& text,
                         const SourceLocation& where, const std::string& what) {
  if (name == kTableColumn) {
    t->table = ParseTable(text, where, what);
    return true;
  }
  const auto* c = std::find_if(std::begin(kColumns), std::end(kColumns),
                               [&](const Column& k) { return name == k.name; });
  if (c == std::end(kColumns)) return false;
  const double v = ParseNumber(text, where, what);
  if (c->positive ? !(v > 0.0) : !(v >= 0.0)) {
    throw ScenarioError(where, what + " = " + NumberText(v) + "; expected a value " +
                                   (c->positive ? "> 0" : ">= 0"));
  }
  t->*c->field = v;
  return true;
}

std::vector<LineType> ParseLineTypes(const std::string& text, const std::string& path) {
  std::vector<int> column_of;  // Per file column: -1 Name, else the kColumns index.
  std::vector<LineType> types;
  bool has_volumetric = false;
  ForEachTextRow(text, path, "line type file", [&](int line_no, const std::string& line) {
    const SourceLocation where{path, line_no};
    const std::vector<std::string> cells = Cells(line);
    if (column_of.empty()) {  // The header.
      std::vector<std::string> seen;
      for (const std::string& name : cells) {
        if (std::find(seen.begin(), seen.end(), name) != seen.end()) {
          throw ScenarioError(where, "column '" + Excerpt(name) + "' appears twice in the header");
        }
        seen.push_back(name);
        if (name == "Name" || name == kTableColumn) {
          column_of.push_back(name == "Name" ? -1 : -2);
          continue;
        }
        const auto* c = std::find_if(std::begin(kColumns), std::end(kColumns),
                                     [&](const Column& k) { return name == k.name; });
        if (c == std::end(kColumns)) {
          throw ScenarioError(where, "unknown column '" + Excerpt(name) + "' in the header" +
                                         SuggestionText(name, ColumnNames(), "columns"));
        }
        column_of.push_back(static_cast<int>(c - std::begin(kColumns)));
        has_volumetric |= name == std::string("VolumetricDiameter");
      }
      std::vector<std::string> names = ColumnNames();
      for (size_t k = 0; k < names.size(); ++k) {
        const bool required = k == 0 || (k <= std::size(kColumns) && kColumns[k - 1].required);
        if (required && std::find(seen.begin(), seen.end(), names[k]) == seen.end()) {
          throw ScenarioError(where, "the header has no column '" + names[k] +
                                         "'; expected the columns Name, Diameter, MassPerLength, "
                                         "EA, MBL (and optionally VolumetricDiameter, Cdn, Cdt, "
                                         "Can, EI, TensionStrain)");
        }
      }
      return;
    }
    if (cells.size() != column_of.size()) {
      throw ScenarioError(where, "row has " + std::to_string(cells.size()) + " cell(s); expected " +
                                     std::to_string(column_of.size()) + " as the header");
    }
    LineType t;
    for (size_t k = 0; k < cells.size(); ++k) {
      if (column_of[k] == -1) {
        t.name = cells[k];
        continue;
      }
      const std::string name = column_of[k] == -2 ? kTableColumn : kColumns[column_of[k]].name;
      SetLineTypeProperty(&t, name, cells[k], where,
                          "column " + std::to_string(k + 1) + " (" + name + ")");
    }
    if (t.name.empty()) throw ScenarioError(where, "column Name is empty; expected a name");
    if (std::any_of(types.begin(), types.end(),
                    [&](const LineType& o) { return o.name == t.name; })) {
      throw ScenarioError(where, "line type '" + Excerpt(t.name) + "' is defined twice");
    }
    if (!has_volumetric) t.volumetric_diameter = t.diameter;
    types.push_back(t);
  });
  if (types.empty()) {
    throw ScenarioError({path, 0},
                        "line type file has no line types; expected a header row and "
                        "one row per line type");
  }
  return types;
}

std::vector<LineSection> ParseSections(const std::string& text, const std::vector<LineType>& types,
                                       const SourceLocation& where, long max_segments) {
  std::vector<LineSection> sections;
  std::stringstream in(text);
  std::string part;
  long total = 0;
  while (std::getline(in, part, ';')) {
    const std::string what = "Sections: section " + std::to_string(sections.size() + 1);
    std::replace(part.begin(), part.end(), ',', ' ');
    std::stringstream words(part);
    std::vector<std::string> w;
    for (std::string word; words >> word;) w.push_back(word);
    if (w.size() != 3) {
      throw ScenarioError(where, what + " '" + Excerpt(Trim(part)) + "' has " +
                                     std::to_string(w.size()) +
                                     " word(s); expected TYPE LENGTH SEGMENTS");
    }
    LineSection s;
    const auto type =
        std::find_if(types.begin(), types.end(), [&](const LineType& t) { return t.name == w[0]; });
    if (type == types.end()) {
      std::vector<std::string> names;
      for (const LineType& t : types) names.push_back(t.name);
      throw ScenarioError(where, what + ": unknown line type '" + Excerpt(w[0]) + "'" +
                                     SuggestionText(w[0], names, "line types"));
    }
    s.type = static_cast<int>(type - types.begin());
    s.length = ParseNumber(w[1], where, what + " length");
    if (!(s.length > 0.0)) {
      throw ScenarioError(where,
                          what + " length = " + NumberText(s.length) + " m; expected a length > 0");
    }
    const long count = ParseInteger(w[2], where, what + " segment count");
    if (count < 1 || count > max_segments - total) {
      throw ScenarioError(where, what + " segment count = " + std::to_string(count) +
                                     "; expected 1 to " + std::to_string(max_segments) +
                                     " segments in all");
    }
    total += count;
    s.segments = static_cast<int>(count);
    sections.push_back(s);
  }
  if (sections.empty() || total < 2) {
    throw ScenarioError(where, "Sections '" + Excerpt(text) +
                                   "' gives fewer than 2 segments; expected TYPE LENGTH "
                                   "SEGMENTS; ... from end A");
  }
  return sections;
}

std::vector<InLinePoint> ParsePoints(const std::string& text, int sections,
                                     const SourceLocation& where) {
  std::vector<InLinePoint> points;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, ';');) {
    if (Trim(part).empty()) continue;
    const std::string what = "Points: point " + std::to_string(points.size() + 1);
    std::replace(part.begin(), part.end(), ',', ' ');
    std::stringstream words(part);
    std::vector<std::string> w;
    for (std::string word; words >> word;) w.push_back(word);
    if (w.size() < 3 || w.size() > 6) {
      throw ScenarioError(where, what + " '" + Excerpt(Trim(part)) + "' has " +
                                     std::to_string(w.size()) +
                                     " word(s); expected BOUNDARY MASS VOLUME [CDA [CA [HEIGHT]]]");
    }
    InLinePoint p;
    const long boundary = ParseInteger(w[0], where, what + " boundary");
    if (boundary < 1 || boundary >= sections) {
      throw ScenarioError(where, what + " boundary = " + std::to_string(boundary) +
                                     "; expected 1 to " + std::to_string(sections - 1) +
                                     " (after that section, between two sections)");
    }
    p.boundary = static_cast<int>(boundary);
    const char* names[] = {"mass", "volume", "drag area", "added-mass coefficient", "height"};
    double* fields[] = {&p.mass, &p.volume, &p.drag_area, &p.added_mass, &p.height};
    for (size_t k = 1; k < w.size(); ++k) {
      const double v = ParseNumber(w[k], where, what + " " + names[k - 1]);
      if (!(v >= 0.0)) {
        throw ScenarioError(
            where, what + " " + names[k - 1] + " = " + NumberText(v) + "; expected a value >= 0");
      }
      *fields[k - 1] = v;
    }
    if (p.height > 0.0 && !(p.volume > 0.0)) {
      throw ScenarioError(where, what + " height = " + NumberText(p.height) +
                                     " m with volume 0; expected a volume > 0 for a buoy that "
                                     "pierces the surface (or no height)");
    }
    points.push_back(p);
  }
  return points;
}

}  // namespace hawser
