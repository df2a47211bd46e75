// The markers of `hawser view` and `hawser vtk`: a Body/Buoy, Body/Point fairleads, a clump
// weight in a Cable/Line and the anchors, each a vertex in the VTK files (MarkerType) at the
// position the HDF5 file gives (read here with h5py), and in the page's data. The scenarios are
// the project's configs with the positions logged and the runs shortened.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "tests/tools/hawser/view_test_support.h"

namespace hawser::testing {
namespace {

const std::string kSource = HAWSER_SOURCE_DIR;

/// `text` with `from` (which must be there) replaced by `to`.
std::string Replace(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE_MESSAGE(at != std::string::npos, from);
  return text.replace(at, from.size(), to);
}

/// The config `name` with its FileOutput and TOutput replaced, run into TempDir()/<stem>.h5.
std::string RunConfig(const std::string& name, const std::string& file_output,
                      const std::string& old_output, const std::string& t_output,
                      const std::string& old_times, const std::string& stem) {
  std::string text = ReadFile(kSource + "/configs/" + name);
  text = Replace(text, "FileOutput=\"" + old_output + "\"", "FileOutput=\"" + file_output + "\"");
  text = Replace(text, "TOutput=\"" + old_times + "\"", "TOutput=\"" + t_output + "\"");
  // A relative LineTypes is the config folder's; the copy runs from TempDir().
  const std::string relative = "LineTypes=\"data/";
  if (const auto at = text.find(relative); at != std::string::npos)
    text.replace(at, relative.size(), "LineTypes=\"" + kSource + "/configs/data/");
  return RunScenario(text, stem + ".h5");
}

/// The markers of the first VTK file of `h5`, as vtk_check.py prints them ("TYPE X Y Z; ...").
std::string VtkMarkers(const std::string& h5) {
  const std::string dir = h5 + "_vtk";
  const CommandResult r = RunHawser("vtk " + Quote(h5) + " " + Quote(dir));
  REQUIRE_MESSAGE(r.exit_code == 0, r.output);
  const std::string pvd = dir + "/" + std::filesystem::path(h5).stem().string() + ".pvd";
  const CommandResult check =
      RunCommand("/usr/bin/python3 " + Quote(kSource + "/tests/tools/hawser/vtk_check.py") + " " +
                 Quote(h5) + " " + Quote(pvd));
  CHECK_MESSAGE(check.exit_code == 0, check.output);
  std::filesystem::remove_all(dir);
  return check.output;
}

/// The first row of the dataset `path` in `h5`, flattened, then `rows` of it (a slice), "%.3f"
/// each (h5py, independent of hawser).
std::string FirstRow(const std::string& h5, const std::string& path, const std::string& rows) {
  const CommandResult r =
      RunCommand("/usr/bin/python3 -c \"import h5py; v = h5py.File('" + h5 + "', 'r')['" + path +
                 "'][0].reshape(-1)" + rows + "; print(' '.join('%.3f' % x for x in v))\"");
  REQUIRE_MESSAGE(r.exit_code == 0, r.output);
  return r.output.substr(0, r.output.find('\n'));
}

TEST_CASE("hawser vtk marks a Body/Buoy (3) and an anchor (1) where the file has them") {
  const std::string h5 =
      RunConfig("cable_buoyed_line.xml",
                "object.Buoy.Pos,object.Lower.NodePositions,object.Upper.NodePositions",
                "object.Buoy:states,object.Lower.TensionB,object.Upper.TensionB", "0, 1, 2",
                "0, 1, 20", "markers_buoy");
  const std::string markers = VtkMarkers(h5);
  // The buoy at its logged Pos; Lower's end A on the 100 m seabed, the anchor.
  CHECK_MESSAGE(markers.find("3 " + FirstRow(h5, "Buoy/Pos", "")) != std::string::npos, markers);
  CHECK_MESSAGE(
      markers.find("1 " + FirstRow(h5, "Lower/NodePositions", "[0:3]")) != std::string::npos,
      markers);
  // The page has them too: the buoy sized by its Diameter (3 m).
  const std::string page = h5 + ".html";
  REQUIRE(RunHawser("view " + Quote(h5) + " -o " + Quote(page)).exit_code == 0);
  CHECK(ReadFile(page).find("{\"name\":\"Buoy\",\"kind\":\"buoy\",\"size\":3.000,\"pos\":[") !=
        std::string::npos);
  std::filesystem::remove(page);
  std::filesystem::remove(h5);
}

TEST_CASE("hawser vtk marks a Cable/Line's clump weight (4) on the node its Sections give") {
  // Sections "chain76 250 25; poly160 300 30; chain76 100 10", Points "2 5000 0.5 2 1": after
  // section 2, node 25 + 30 = 55; 5000 kg > 1025 kg/m^3 x 0.5 m^3, so it sinks: a clump weight.
  const std::string h5 =
      RunConfig("cable_chain_polyester_chain.xml", "object.L1.NodePositions,object.L1.Tension",
                "object.L1.ForceB,object.L1.TensionB,object.L1.Utilisation", "0, 1, 1", "0, 1, 10",
                "markers_clump");
  const std::string markers = VtkMarkers(h5);
  CHECK_MESSAGE(
      markers.find("4 " + FirstRow(h5, "L1/NodePositions", "[165:168]")) != std::string::npos,
      markers);
  std::filesystem::remove(h5);
}

TEST_CASE("hawser vtk marks Body/Point fairleads (2) at their logged positions") {
  const std::string h5 = RunConfig(
      "spar_oc3_hywind_surge_force.xml",
      "object.Spar.Pos,object.Spar.Quat,object.Fair1.Pos,object.Line1.NodePositions",
      "object.Spar.Pos,object.Spar.RollPitchYaw,object.Line1.TensionB,object.Line2.TensionB",
      "0, 0.5, 1", "0, 0.5, 60", "markers_fairlead");
  const std::string markers = VtkMarkers(h5);
  CHECK_MESSAGE(markers.find("2 " + FirstRow(h5, "Fair1/Pos", "")) != std::string::npos, markers);
  std::filesystem::remove(h5);
}

}  // namespace
}  // namespace hawser::testing
