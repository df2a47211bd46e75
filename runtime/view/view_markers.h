// The points `hawser view` and `hawser vtk` mark (view_data.h, ViewMarker): objects that logged a
// position without an orientation (Body/Buoy, Body/Point fairleads, any other `Pos` of 3), the
// clump weights and buoys in a Cable/Line (its Points, on the nodes its Sections put them at),
// and the anchors (a cable's end within 1 m of the seabed at the first output time: the cable's
// SeabedDepth, else the ocean's Depth).
#pragma once

#include <map>
#include <string>

#include "runtime/view/view_data.h"

namespace pugi {
class xml_node;
}

namespace hawser::view {

/// Adds to `c.markers`: a marker for the logged position `values` (frames x 3) of `object`, its
/// kind and size from its <Lib> in the scenario (`lib`, null when it is not there).
void AddPositionMarker(ViewCase& c, const std::string& object, std::vector<double> values,
                       const pugi::xml_node* lib);

/// Adds to `c.markers` the in-line points of every Cable/Line of `c.cables` (from its <Lib>'s
/// Sections and Points, when they are plain numbers) and the anchors of every cable.
void AddCableMarkers(ViewCase& c, const std::map<std::string, pugi::xml_node>& objects);

/// A marker's position at frame `f`, m (world).
std::array<double, 3> MarkerPosition(const ViewCase& c, const ViewMarker& m, size_t f);

/// The kind's name as the page and docs/view.md give it ("anchor", "fairlead", ...).
const char* KindName(MarkerKind kind);

}  // namespace hawser::view
