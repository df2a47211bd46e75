// Line types given as XML (the scenario's <LINETYPES> section and the file its File attribute
// includes; runtime/scenario/line_type_reader.cpp reads both): each <LineType> element's
// attributes are the CSV file's columns (line_type_file.h), checked by the same rules.
#include <algorithm>

#include "hawser/text.h"
#include "simobjects/cable/line_type_file.h"

namespace hawser {

std::vector<LineType> LineTypesFromDecls(const std::vector<LineTypeDecl>& decls) {
  std::vector<LineType> types;
  std::vector<SourceLocation> where;  // Of each type in `types`, for a duplicate's message.
  for (const LineTypeDecl& decl : decls) {
    LineType t;
    bool has_volumetric = false;
    for (const auto& [name, value] : decl.values) {
      const auto& [text, loc] = value;
      if (name == "Name") {
        t.name = text;
        continue;
      }
      has_volumetric |= name == "VolumetricDiameter";
      if (!SetLineTypeProperty(&t, name, text, loc, "<LineType> attribute " + name)) {
        throw ScenarioError(loc, "<LineType> has an unknown attribute '" + Excerpt(name) + "'" +
                                     SuggestionText(name, LineTypePropertyNames(), "attributes"));
      }
    }
    for (const std::string& name : LineTypePropertyNames()) {
      if (IsRequiredLineTypeProperty(name) && !decl.values.count(name)) {
        throw ScenarioError(decl.loc, "<LineType" + (t.name.empty() ? "" : " " + t.name) +
                                          "> has no " + name +
                                          "; expected the attributes Name, Diameter, "
                                          "MassPerLength, EA and MBL (and optionally "
                                          "VolumetricDiameter, Cdn, Cdt, Can, EI, TensionStrain)");
      }
    }
    if (t.name.empty()) throw ScenarioError(decl.loc, "<LineType> Name is empty; expected a name");
    const auto twin = std::find_if(types.begin(), types.end(),
                                   [&](const LineType& o) { return o.name == t.name; });
    if (twin != types.end()) {
      const SourceLocation& first = where[static_cast<size_t>(twin - types.begin())];
      throw ScenarioError(decl.loc, "line type '" + Excerpt(t.name) +
                                        "' is defined twice (first at " + first.file + ":" +
                                        std::to_string(first.line) + ")");
    }
    if (!has_volumetric) t.volumetric_diameter = t.diameter;
    types.push_back(t);
    where.push_back(decl.loc);
  }
  return types;
}

}  // namespace hawser
