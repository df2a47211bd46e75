// What `hawser view` and `hawser vtk` draw, read back from a run's HDF5 result file (a run, or
// each case of a sweep): the cables' node positions and segment tensions over time, the bodies'
// positions and orientations, and the ocean's depth and current from the scenario text the file
// keeps. A file that cannot be drawn (not a hawser HDF5 result, truncated, or without any cable's
// NodePositions) is refused with a ScenarioError (exit 2) that names the file and the reason.
#pragma once

#include <array>
#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace hawser::view {

/// One Cable/Cable: N + 1 nodes, end A first (cable.h, "NodePositions").
struct ViewCable {
  std::string name;
  size_t nodes = 0;
  std::vector<double> positions;  ///< frames x 3 nodes, row-major, m (world).
  std::vector<double> tension;    ///< frames x (nodes - 1), N; empty when Tension was not logged.
  /// A line that broke (Cable BreakTime/BreakTension; the group's break_time and break_index,
  /// results.md): from break_time on, segment break_segment (0 = at end A) is not drawn.
  double break_time = std::numeric_limits<double>::infinity();  ///< s
  long break_segment = -1;

  /// Whether segment `s` (0 = at end A) is broken at time `t` [s].
  bool Broken(size_t s, double t) const {
    return static_cast<long>(s) == break_segment && t >= break_time;
  }
};

/// A rigid body: an object that logged Pos (3) and Quat (4).
struct ViewBody {
  std::string name;
  std::vector<double> position;  ///< frames x 3, m.
  std::vector<double> quat;      ///< frames x 4 (w, x, y, z), body -> world.
  /// Drawn as a vertical cylinder this wide and tall (m): the volume its Mass displaces in sea
  /// water, D = H = (4 V / pi)^(1/3), V = Mass / 1025 kg/m^3; 5 m without a Mass.
  double size = 5.0;
};

/// What a marker marks; the numbers are the VTK files' MarkerType (docs/view.md).
enum class MarkerKind {
  kAnchor = 1,    ///< A cable's end on the seabed.
  kFairlead = 2,  ///< A Body/Point (a fairlead on a body).
  kBuoy = 3,      ///< A Body/Buoy, or a net buoyant point in a Cable/Line.
  kClump = 4,     ///< A net heavy point in a Cable/Line (a clump weight).
  kPoint = 5,     ///< Any other object that logged a Pos of 3 and no Quat.
};

/// A marked point: its own logged positions, or a cable's node (an in-line point, an anchor).
struct ViewMarker {
  std::string name;
  MarkerKind kind = MarkerKind::kPoint;
  std::vector<double> position;  ///< frames x 3, m; empty for a cable's node.
  long cable = -1, node = -1;    ///< A cable's node: its index in ViewCase::cables, its node.
  double size = 0.0;             ///< A Body/Buoy's Diameter, m; 0: the page's marker size.
};

/// One run: a result file's, or one case of a sweep's.
struct ViewCase {
  std::string label;         ///< "run", or "case 3".
  std::vector<double> time;  ///< s, the frames kept.
  std::vector<ViewCable> cables;
  std::vector<ViewBody> bodies;
  std::vector<ViewMarker> markers;         ///< view_markers.h.
  std::optional<double> depth;             ///< The ocean's Depth, m (seabed at z = -depth).
  std::array<double, 3> current{0, 0, 0};  ///< Surface current, m/s, world.
  size_t recorded_frames = 0;              ///< Output times in the file, before decimation.
  /// The sea's wave components (a, omega, k, direction, phase) and ramp (t, r) (hdf5_sea.h).
  std::vector<std::array<double, 5>> waves;
  std::vector<std::array<double, 2>> wave_ramp;
};

struct ViewFile {
  std::string path;
  bool sweep = false;
  std::vector<ViewCase> cases;
};

/// Reads `path`: every case of a sweep (or only `only_case` when >= 0), the run otherwise.
ViewFile ReadViewFile(const std::string& path, long only_case = -1);

/// Keeps every `stride`-th output time of `c` (stride >= 1) and the last one.
void Decimate(ViewCase& c, size_t stride);

/// The values one output time of `c` takes in a page (its cables' nodes and tensions, its bodies'
/// poses): what the decimation budget counts.
size_t ValuesPerFrame(const ViewCase& c);

}  // namespace hawser::view
