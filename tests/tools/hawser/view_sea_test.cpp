// The sea surface a run's HDF5 file keeps (its wave components and ramp: hdf5_sea.h) and the
// page `hawser view` draws from it, checked against the run's own wave probe.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "tests/tools/hawser/view_test_support.h"

namespace hawser::testing {
namespace {

const std::string kSource = HAWSER_SOURCE_DIR;

/// MooredLineScenario in a JONSWAP sea (20 components, ramped in over 4 s) with a wave probe at
/// (50, 20).
std::string WavyScenario() {
  std::string text = MooredLineScenario(
      R"(<Lib LibName="base" SimObject="Environment/WaveProbe" Name="Probe" Position="50,20,0"/>
)",
      "", "", "object.Moored.NodePositions,object.Moored.Tension,object.Probe.Elevation");
  const std::string calm = R"(CurrentProfile="uniform")";
  text.replace(text.find(calm), calm.size(),
               R"(Waves="jonswap" WaveHeight="4" WavePeriod="10" NumComponents="20" Seed="3"
     WaveDirection="30" WaveRampTime="4" CurrentProfile="uniform")");
  return text;
}

TEST_CASE("hawser view: the sea's components in the result file give the probe's elevation") {
  const std::string h5 = RunScenario(WavyScenario(), "view_sea.h5");
  const std::string page = h5 + ".html";
  const CommandResult view = RunHawser("view " + Quote(h5) + " -o " + Quote(page));
  REQUIRE_MESSAGE(view.exit_code == 0, view.output);
  const CommandResult r =
      RunCommand("/usr/bin/python3 " + Quote(kSource + "/tests/tools/hawser/view_sea_check.py") +
                 " " + Quote(page) + " " + Quote(h5) + " Probe 50 20");
  CHECK_MESSAGE(r.exit_code == 0, r.output);
  CHECK(r.output.find("20 components, 21 output times compared") != std::string::npos);
  // The ramp's samples end where it reaches 1: t = 0, 0.5, ..., 4 (WaveRampTime).
  const CommandResult ramp = RunCommand(
      "/usr/bin/python3 -c \"import h5py; r = h5py.File('" + h5 +
      "')['/'].attrs['wave_ramp']; print('ramp', r.shape, r[0, 1], r[-1, 0], r[-1, 1])\"");
  CHECK_MESSAGE(ramp.output.find("ramp (9, 2) 0.0 4.0 1.0") != std::string::npos, ramp.output);
  // hawser vtk's sea surface: vtk_check.py sums the components at its grid's corners.
  const std::string dir = TempDir() + "/view_sea_vtk";
  const CommandResult vtk = RunHawser("vtk " + Quote(h5) + " " + Quote(dir));
  REQUIRE_MESSAGE(vtk.exit_code == 0, vtk.output);
  const CommandResult check =
      RunCommand("/usr/bin/python3 " + Quote(kSource + "/tests/tools/hawser/vtk_check.py") + " " +
                 Quote(h5) + " " + Quote(dir + "/view_sea.pvd"));
  CHECK_MESSAGE(check.exit_code == 0, check.output);
  std::filesystem::remove_all(dir);
  // The attributes leave the file a run that hawser stats reads.
  const CommandResult stats = RunHawser("stats " + Quote(h5) + " Probe.Elevation");
  CHECK_MESSAGE(stats.exit_code == 0, stats.output);
  std::filesystem::remove(page);
  std::filesystem::remove(h5);
}

TEST_CASE("hawser view: a run without waves keeps no wave components") {
  const std::string h5 = RunScenario(MooredLineScenario(), "view_calm.h5");
  const CommandResult r = RunCommand(
      "/usr/bin/python3 -c \"import h5py; print('attrs', "
      "sorted(k for k in h5py.File('" +
      h5 + "').attrs if k.startswith('wave')))\"");
  CHECK_MESSAGE(r.output.find("attrs []") != std::string::npos, r.output);
  std::filesystem::remove(h5);
}

}  // namespace
}  // namespace hawser::testing
