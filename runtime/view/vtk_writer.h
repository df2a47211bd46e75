// `hawser vtk`: a run's cables and bodies as VTK XML PolyData for ParaView, one .vtp file per
// output time and a .pvd collection that lists them with their times (open the .pvd).
#pragma once

#include <string>

#include "runtime/view/view_data.h"

namespace hawser::view {

/// Writes `c` into the folder `dir` (created if missing) as `<stem>_<k>.vtp`, k = 0, 1, ... for
/// each output time, and `<stem>.pvd`. Each segment of a cable is a line cell (its two nodes)
/// with cell data Tension (N; 0 when not logged), SegmentIndex (1..N from end A) and
/// ObjectIndex (a broken line's broken segment has no cell from its break_time on); each body adds
/// its local x, y, z axes (length its drawn size) as three line cells with SegmentIndex 0; the sea
/// surface (sea_surface.h; flat without waves) is a grid of 32 x 32 quads over the lines' extent
/// and 10 % around it (ObjectIndex and SegmentIndex -1, Tension 0). Points are in metres, world
/// frame. Throws IoError naming the file. Returns the number of .vtp files written.
size_t WriteVtk(const ViewCase& c, const std::string& dir, const std::string& stem);

}  // namespace hawser::view
