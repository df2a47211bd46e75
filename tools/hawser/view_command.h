// `hawser view` (a run's 3-D replay as one HTML page) and `hawser vtk` (VTK files for ParaView):
// both read a finished run's HDF5 result file (runtime/view/).
#pragma once

#include <string>

namespace hawser::cli {

struct ViewRequest {
  std::string file;           ///< A run's or a sweep's .h5.
  std::string output;         ///< -o: the page (default view.html).
  std::string case_number;    ///< --case: one case of a sweep ("" = every case, a selector).
  double max_size_mb = 50.0;  ///< --max-size: the page's budget, MB (decimating in time).
};

struct VtkRequest {
  std::string file;         ///< A run's .h5, or a sweep's with case_number.
  std::string dir;          ///< The folder for the .vtp files and the .pvd.
  std::string case_number;  ///< --case: a sweep's case (required for a sweep's file).
};

int View(const ViewRequest& request);
int Vtk(const VtkRequest& request);

}  // namespace hawser::cli
