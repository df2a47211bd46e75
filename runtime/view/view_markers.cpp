#include "runtime/view/view_markers.h"

#include <fmt/format.h>

#include <cmath>
#include <optional>
#include <pugixml.hpp>
#include <sstream>

namespace hawser::view {
namespace {

/// `text`'s whitespace-separated numbers (commas count as spaces); empty when any word is not a
/// plain number (a ${VARIABLE}, an expression): such a point is not marked.
std::vector<double> Numbers(std::string text) {
  for (char& ch : text) ch = ch == ',' ? ' ' : ch;
  std::stringstream in(text);
  std::vector<double> out;
  for (std::string word; in >> word;) {
    char* end = nullptr;
    const double v = std::strtod(word.c_str(), &end);
    if (end != word.c_str() + word.size() || !std::isfinite(v)) return {};
    out.push_back(v);
  }
  return out;
}

/// The ';'-separated parts of `text`, each as its numbers (a part with a TYPE word first, as in
/// Sections, without it).
std::vector<std::vector<double>> Parts(const std::string& text, bool skip_first_word) {
  std::vector<std::vector<double>> parts;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, ';');) {
    if (skip_first_word) {
      const size_t start = part.find_first_not_of(" \t\r\n");
      const size_t gap = start == std::string::npos ? start : part.find_first_of(" \t\r\n,", start);
      part = gap == std::string::npos ? std::string() : part.substr(gap);
    }
    parts.push_back(Numbers(part));
  }
  return parts;
}

/// A Cable/Line's Points (BOUNDARY MASS VOLUME ...) on the nodes its Sections (TYPE LENGTH
/// SEGMENTS; ...) put them at: node = the segments of sections 1..BOUNDARY. Net buoyant (mass <
/// 1025 kg/m^3 x volume, sea water) is a buoy, else a clump weight.
void AddInLinePoints(ViewCase& c, long cable, const pugi::xml_node& lib) {
  const auto sections = Parts(lib.attribute("Sections").value(), true);
  const auto points = Parts(lib.attribute("Points").value(), false);
  int k = 0;
  for (const std::vector<double>& p : points) {
    ++k;
    if (p.size() < 3 || p[0] < 1 || p[0] >= static_cast<double>(sections.size())) continue;
    long node = 0;
    bool known = true;
    for (size_t s = 0; s < static_cast<size_t>(p[0]); ++s) {
      // A segment count hawser would have run (a damaged file's text may say anything).
      known = known && sections[s].size() == 2 && sections[s][1] >= 1 && sections[s][1] <= 1e6;
      if (known) node += std::lround(sections[s][1]);
    }
    const ViewCable& line = c.cables[static_cast<size_t>(cable)];
    if (!known || node <= 0 || node + 1 >= static_cast<long>(line.nodes)) continue;
    const MarkerKind kind = p[1] < 1025.0 * p[2] ? MarkerKind::kBuoy : MarkerKind::kClump;
    c.markers.push_back({fmt::format("{} point {}", line.name, k), kind, {}, cable, node, 0.0});
  }
}

}  // namespace

void AddPositionMarker(ViewCase& c, const std::string& object, std::vector<double> values,
                       const pugi::xml_node* lib) {
  ViewMarker m{object, MarkerKind::kPoint, std::move(values), -1, -1, 0.0};
  const std::string type = lib ? lib->attribute("SimObject").value() : "";
  if (type == "Body/Point") m.kind = MarkerKind::kFairlead;
  if (type == "Body/Buoy") {
    m.kind = MarkerKind::kBuoy;
    const std::vector<double> d = Numbers(lib->attribute("Diameter").value());
    if (d.size() == 1 && d[0] > 0) m.size = d[0];
  }
  c.markers.push_back(std::move(m));
}

void AddCableMarkers(ViewCase& c, const std::map<std::string, pugi::xml_node>& objects) {
  for (size_t k = 0; k < c.cables.size(); ++k) {
    const ViewCable& cable = c.cables[k];
    const auto lib = objects.find(cable.name);
    if (lib != objects.end() &&
        std::string(lib->second.attribute("SimObject").value()) == "Cable/Line")
      AddInLinePoints(c, static_cast<long>(k), lib->second);
    // The seabed: the cable's own SeabedDepth (a z) when it has one, else the ocean's Depth.
    std::optional<double> seabed;
    if (c.depth) seabed = -*c.depth;
    if (lib != objects.end()) {
      const std::vector<double> z = Numbers(lib->second.attribute("SeabedDepth").value());
      if (z.size() == 1) seabed = z[0];
    }
    if (!seabed) continue;
    // An end within 1 m of the seabed at the first output time is an anchor.
    for (const size_t node : {size_t{0}, cable.nodes - 1}) {
      if (cable.positions[3 * node + 2] < *seabed + 1.0) {
        c.markers.push_back({fmt::format("{} anchor", cable.name),
                             MarkerKind::kAnchor,
                             {},
                             static_cast<long>(k),
                             static_cast<long>(node),
                             0.0});
      }
    }
  }
}

std::array<double, 3> MarkerPosition(const ViewCase& c, const ViewMarker& m, size_t f) {
  if (m.cable < 0) return {m.position[3 * f], m.position[3 * f + 1], m.position[3 * f + 2]};
  const ViewCable& cable = c.cables[static_cast<size_t>(m.cable)];
  const size_t i = 3 * (cable.nodes * f + static_cast<size_t>(m.node));
  return {cable.positions[i], cable.positions[i + 1], cable.positions[i + 2]};
}

const char* KindName(MarkerKind kind) {
  switch (kind) {
    case MarkerKind::kAnchor:
      return "anchor";
    case MarkerKind::kFairlead:
      return "fairlead";
    case MarkerKind::kBuoy:
      return "buoy";
    case MarkerKind::kClump:
      return "clump";
    case MarkerKind::kPoint:
      return "point";
  }
  return "point";
}

}  // namespace hawser::view
