// `hawser run ... --vtk DIR`: the run's VTK files written at its end by `hawser vtk`'s writer,
// read back (vtk_check.py parses the XML and compares the nodes with the HDF5 file's), and what
// --vtk refuses: a CSV result (before the run) and a run that logged no cable (after it, its
// result kept), both exit 2 with the reason.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "tests/tools/hawser/view_test_support.h"

namespace hawser::testing {
namespace {

const std::string kSource = HAWSER_SOURCE_DIR;

TEST_CASE("hawser run --vtk: the VTK series of the run, its nodes the HDF5 file's") {
  const std::string scenario = WriteTempFile("run_vtk.xml", BrokenLineScenario());
  const std::string h5 = TempDir() + "/run_vtk.h5", dir = TempDir() + "/run_vtk_out";
  const CommandResult r =
      RunHawser("run -q " + Quote(scenario) + " -o " + Quote(h5) + " --vtk " + Quote(dir));
  REQUIRE_MESSAGE(r.exit_code == 0, r.output);
  CHECK(r.output.find("wrote 21 .vtp files and '" + dir + "/run_vtk.pvd'") != std::string::npos);
  // Nodes equal to the HDF5 file's; the broken line (Broken, BreakTime 1 s) without a cell
  // across its break from then on.
  const CommandResult check =
      RunCommand("/usr/bin/python3 " + Quote(kSource + "/tests/tools/hawser/vtk_check.py") + " " +
                 Quote(h5) + " " + Quote(dir + "/run_vtk.pvd"));
  CHECK_MESSAGE(check.exit_code == 0, check.output);
  CHECK(check.output.find("21 files, 2 cables compared") != std::string::npos);
  // The same files as `hawser vtk` writes from the result file afterwards: one writer.
  const std::string again = TempDir() + "/run_vtk_again";
  REQUIRE(RunHawser("vtk " + Quote(h5) + " " + Quote(again)).exit_code == 0);
  for (const std::string name : {"run_vtk.pvd", "run_vtk_000000.vtp", "run_vtk_000020.vtp"}) {
    CAPTURE(name);
    CHECK(ReadFile(dir + "/" + name) == ReadFile(again + "/" + name));
  }
  for (const std::string& f : {scenario, h5, dir, again}) std::filesystem::remove_all(f);
}

TEST_CASE("hawser run --vtk refuses a CSV result before the run, a run without cables after") {
  const std::string scenario = WriteTempFile("run_vtk_bad.xml", MooredLineScenario());
  const std::string csv = TempDir() + "/run_vtk_bad.csv", dir = TempDir() + "/run_vtk_bad";
  const CommandResult r =
      RunHawser("run -q " + Quote(scenario) + " -o " + Quote(csv) + " --vtk " + Quote(dir));
  CHECK(r.exit_code == 2);
  CHECK_MESSAGE(r.output.find("--vtk '" + dir + "': the VTK files are made from the run's HDF5 " +
                              "result, and '" + csv + "' is a CSV result") != std::string::npos,
                r.output);
  CHECK(!std::filesystem::exists(csv));  // Refused before the run: nothing written.
  CHECK(!std::filesystem::exists(dir));
  // A run that logs no cable: the run completes and keeps its result; --vtk then says why it
  // wrote nothing.
  const std::string h5 = TempDir() + "/run_vtk_no_cables.h5";
  const CommandResult none = RunHawser("run -q " + Quote(kSource + "/configs/mass_on_spring.xml") +
                                       " -o " + Quote(h5) + " --vtk " + Quote(dir));
  CHECK(none.exit_code == 2);
  CHECK_MESSAGE(
      none.output.find("'" + h5 + "' holds no cable's node positions") != std::string::npos,
      none.output);
  CHECK(std::filesystem::exists(h5));
  CHECK(!std::filesystem::exists(dir));
  for (const std::string& f : {scenario, h5}) std::filesystem::remove_all(f);
}

}  // namespace
}  // namespace hawser::testing
