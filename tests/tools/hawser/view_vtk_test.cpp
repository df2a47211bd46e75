// `hawser vtk` read back (vtk_check.py parses the VTK XML files and compares them with the HDF5
// file), and what `hawser view` and `hawser vtk` refuse: exit 2 with the file and the reason.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "tests/tools/hawser/check_script.h"
#include "tests/tools/hawser/view_test_support.h"

namespace hawser::testing {
namespace {

const std::string kSource = HAWSER_SOURCE_DIR;

CommandResult CheckVtk(const std::string& h5, const std::string& pvd) {
  return RunCheckScript("vtk_check.py", Quote(h5) + " " + Quote(pvd));
}

TEST_CASE("hawser vtk: one .vtp per output time whose nodes are the HDF5 file's") {
  const std::string h5 = RunScenario(BrokenLineScenario(), "vtk_run.h5");
  const std::string dir = TempDir() + "/vtk_out";
  const CommandResult r = RunHawser("vtk " + Quote(h5) + " " + Quote(dir));
  REQUIRE_MESSAGE(r.exit_code == 0, r.output);
  CHECK(r.output.find("wrote 21 .vtp files") != std::string::npos);
  const CommandResult check = CheckVtk(h5, dir + "/vtk_run.pvd");
  CHECK_MESSAGE(check.exit_code == 0, check.output);
  CHECK(check.output.find("21 files, 2 cables compared") != std::string::npos);
  // The comparison can fail: one coordinate moved by 1 mm in one file is found.
  const std::string vtp = dir + "/vtk_run_000003.vtp";
  std::string text = ReadFile(vtp);
  const auto at = text.find("-200 0 -100");  // Broken's anchor, its first node.
  REQUIRE(at != std::string::npos);
  text.replace(at, 11, "-200.001 0 -100");
  std::ofstream(vtp) << text;
  const CommandResult tampered = CheckVtk(h5, dir + "/vtk_run.pvd");
  CHECK(tampered.exit_code == 1);
  CHECK(tampered.output.find("vtk_run_000003.vtp: Broken's nodes differ") != std::string::npos);
  std::filesystem::remove_all(dir);
  std::filesystem::remove(h5);
}

TEST_CASE("hawser vtk: a sweep's case is chosen with --case") {
  const std::string scenario = WriteTempFile("vtk_sweep.xml", MooredLineScenario());
  const std::string h5 = TempDir() + "/vtk_sweep.h5";
  const std::string dir = TempDir() + "/vtk_sweep_out";
  REQUIRE(RunHawser("sweep -q " + Quote(scenario) + " --set Surge.Amplitude=10,30 -o " + Quote(h5))
              .exit_code == 0);
  const CommandResult none = RunHawser("vtk " + Quote(h5) + " " + Quote(dir));
  CHECK(none.exit_code == 2);
  CHECK(none.output.find("is a sweep's file (2 cases): choose one with --case") !=
        std::string::npos);
  const CommandResult beyond = RunHawser("vtk " + Quote(h5) + " " + Quote(dir) + " --case 2");
  CHECK(beyond.exit_code == 2);
  CHECK(beyond.output.find("has 2 cases (0 to 1); there is no case 2") != std::string::npos);
  const CommandResult one = RunHawser("vtk " + Quote(h5) + " " + Quote(dir) + " --case 1");
  CHECK_MESSAGE(one.exit_code == 0, one.output);
  CHECK(std::filesystem::exists(dir + "/vtk_sweep_000020.vtp"));
  for (const std::string& f : {scenario, h5, dir}) std::filesystem::remove_all(f);
}

TEST_CASE("hawser view and vtk refuse a CSV result, a file without cables, a truncated file") {
  const std::string csv = RunScenario(MooredLineScenario(), "view_bad.csv");
  const std::string no_cables = TempDir() + "/view_no_cables.h5";
  REQUIRE(RunHawser("run -q " + Quote(kSource + "/configs/mass_on_spring.xml") + " -o " +
                    Quote(no_cables))
              .exit_code == 0);
  const std::string whole = RunScenario(MooredLineScenario(), "view_whole.h5");
  const std::string truncated = TempDir() + "/view_truncated.h5";
  {
    const std::string bytes = ReadFile(whole);
    std::ofstream(truncated, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  }
  struct Case {
    std::string file, reason;
  };
  const Case cases[] = {
      {csv, "is a CSV result: it keeps no cable's shape (node positions)"},
      {no_cables, "holds no cable's node positions (no Obj/NodePositions dataset)"},
      {truncated, "is truncated or damaged (HDF5: truncated file"},
  };
  const std::string page = TempDir() + "/view_bad.html", dir = TempDir() + "/view_bad_vtk";
  for (const Case& c : cases) {
    for (const std::string& command : {"view " + Quote(c.file) + " -o " + Quote(page),
                                       "vtk " + Quote(c.file) + " " + Quote(dir)}) {
      CAPTURE(command);
      const CommandResult r = RunHawser(command);
      CHECK(r.exit_code == 2);
      CHECK_MESSAGE(r.output.find("'" + c.file + "' " + c.reason) != std::string::npos, r.output);
      CHECK(!std::filesystem::exists(page));  // Nothing is written.
      CHECK(!std::filesystem::exists(dir));
    }
  }
  for (const std::string& f : {csv, no_cables, whole, truncated}) std::filesystem::remove(f);
}

}  // namespace
}  // namespace hawser::testing
