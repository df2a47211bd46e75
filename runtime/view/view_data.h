// What `hawser view` and `hawser vtk` draw, read back from a run's HDF5 result file (a run, or
// each case of a sweep): the cables' node positions and segment tensions over time, the bodies'
// positions and orientations, and the ocean's depth and current from the scenario text the file
// keeps. A file that cannot be drawn (not a hawser HDF5 result, truncated, or without any cable's
// NodePositions) is refused with a ScenarioError (exit 2) that names the file and the reason.
#pragma once

#include <array>
#include <cstddef>
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

/// One run: a result file's, or one case of a sweep's.
struct ViewCase {
  std::string label;         ///< "run", or "case 3".
  std::vector<double> time;  ///< s, the frames kept.
  std::vector<ViewCable> cables;
  std::vector<ViewBody> bodies;
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
