// SimObject libraries (plugins) loaded by LibName, through the built hawser program
// (docs/plugins.md). The test plugins (tests/plugins/, libtest<name>.so in HAWSER_TEST_PLUGIN_DIR)
// share Test/Ramp: X' = Rate, Out = X, X(0) = 0, so Out(t) = Rate t; CVODE integrates a constant
// derivative exactly, so 1e-12 only allows round-off.
#include "hawser/plugin.h"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "runtime/sweep/sweep_file.h"
#include "tests/tools/hawser/sweep_test_support.h"

namespace hawser::sweep_test {
namespace {

const std::string kPluginDir = HAWSER_TEST_PLUGIN_DIR;

/// A scenario with one object of library `lib` on line 3 (the line every <Lib> error names).
std::string Scenario(const std::string& lib, const std::string& type,
                     const std::string& params = "Rate=\"0.5\"",
                     const std::string& integrator = "IntegratorMethod=\"2\"") {
  return "<Contents>\n<OBJECTS>\n<Lib LibName=\"" + lib + "\" SimObject=\"" + type +
         "\" Name=\"R\" " + params +
         " />\n</OBJECTS>\n<INTERCONNECTIONS>\n</INTERCONNECTIONS>\n<INITIALIZATION>\n"
         "<InitialCondition />\n</INITIALIZATION>\n<INTEGRATION>\n"
         "<Engine " +
         integrator +
         " TOutput=\"0, 1, 8\" AbsTol=\"1e-10\" RelTol=\"1e-10\" "
         "FileOutput=\"objects:all\" />\n</INTEGRATION>\n</Contents>\n";
}

/// `hawser ARGS` in `dir` with HAWSER_PLUGIN_PATH unset (the machine's own must not matter).
Shell HawserIn(const std::string& args, const std::string& dir) {
  return RunCommand("env -u HAWSER_PLUGIN_PATH '" + std::string(HAWSER_BINARY) + "' " + args, dir);
}

std::string PluginFile(const std::string& lib) { return kPluginDir + "/lib" + lib + ".so"; }

/// The install prefix's folders that hawser searches last: above its own bin/ folder.
std::string PrefixDirs() {
  const auto prefix = std::filesystem::canonical(HAWSER_BINARY).parent_path().parent_path();
  return (prefix / "lib" / "hawser").string() + ", " + (prefix / "lib").string();
}

/// The rows of a CSV result: {t, R.Out}.
std::vector<std::pair<double, double>> Rows(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::pair<double, double>> rows;
  std::string line;
  std::getline(in, line);
  REQUIRE(line == "Time,R.Out");
  while (std::getline(in, line)) {
    const auto comma = line.find(',');
    rows.emplace_back(std::stod(line.substr(0, comma)), std::stod(line.substr(comma + 1)));
  }
  return rows;
}

TEST_CASE("plugin: LibName loads the library and its object follows the closed form") {
  const TempDir dir("plugin_run");
  WriteFile(dir + "/s.xml", Scenario("testgood", "Test/Ramp"));
  const Shell r = HawserIn("run s.xml -q -o out.csv --plugin-path '" + kPluginDir + "'", dir);
  REQUIRE_MESSAGE(r.exit_code == 0, r.output);
  const auto rows = Rows(dir + "/out.csv");
  REQUIRE(rows.size() == 9);  // t = 0, 1, ..., 8
  for (size_t i = 0; i < rows.size(); ++i) {
    CHECK(rows[i].first == static_cast<double>(i));
    CHECK(rows[i].second == doctest::Approx(0.5 * static_cast<double>(i)).epsilon(1e-12));
  }
  // `eval` loads the same library: the ramp at the start time is 0.
  const Shell eval = HawserIn("eval s.xml -o eval.csv --plugin-path '" + kPluginDir + "'", dir);
  REQUIRE_MESSAGE(eval.exit_code == 0, eval.output);
  // One row (eval writes states too): time 0, Out 0.
  CHECK(testing::ReadFile(dir + "/eval.csv").find("Time,R.Out,R:X\n0,0,") != std::string::npos);
}

TEST_CASE("plugin: found as NAME.so in the scenario's folder and through HAWSER_PLUGIN_PATH") {
  const TempDir dir("plugin_search");
  std::filesystem::create_directories(dir + "/libs");
  std::filesystem::create_directories(dir + "/scen");
  // The same library under another file name and LibName: NAME.so, not libNAME.so.
  std::filesystem::copy_file(PluginFile("testgood"), dir + "/scen/mine.so");
  std::filesystem::copy_file(PluginFile("testgood"), dir + "/libs/libother.so");
  WriteFile(dir + "/scen/s.xml", Scenario("mine", "Test/Ramp"));
  WriteFile(dir + "/scen/t.xml", Scenario("other", "Test/Ramp"));
  // From another folder: the scenario's folder is searched, not the current one.
  const Shell own = HawserIn("run scen/s.xml -q -o out.csv", dir);
  CHECK_MESSAGE(own.exit_code == 0, own.output);
  CHECK(Rows(dir + "/out.csv").back().second == doctest::Approx(4.0).epsilon(1e-12));
  const Shell env = RunCommand("HAWSER_PLUGIN_PATH=/nonexistent:" + std::string(dir) + "/libs '" +
                                   HAWSER_BINARY + "' validate scen/t.xml",
                               dir);
  CHECK_MESSAGE(env.exit_code == 0, env.output);
  CHECK(env.output.find(fmt::format("  {:<20} Test/Ramp [library other: {}/libs/libother.so]\n",
                                    "R", std::string(dir))) != std::string::npos);
}

TEST_CASE("plugin: list and describe show a plugin's types with their library") {
  const TempDir dir("plugin_list");
  const std::string path = " --plugin-path '" + kPluginDir + "'";
  const Shell list = HawserIn("list --plugin testgood" + path, dir);
  REQUIRE_MESSAGE(list.exit_code == 0, list.output);
  CHECK(list.output.find(fmt::format("{:<34} X' = Rate (a test plugin's type). [library "
                                     "testgood: {}]\n",
                                     "Test/Ramp", PluginFile("testgood"))) != std::string::npos);
  CHECK(list.output.find("Libraries (LibName): base, fhsim_base, FhSimBaseLibrary, hawser, "
                         "testgood\n") != std::string::npos);
  const Shell plain = HawserIn("list", dir);
  CHECK(plain.output.find("Test/Ramp") == std::string::npos);
  const Shell describe = HawserIn("describe --plugin testgood Test/Ramp" + path, dir);
  REQUIRE_MESSAGE(describe.exit_code == 0, describe.output);
  CHECK(describe.output.rfind("Test/Ramp: X' = Rate (a test plugin's type).\nLibrary: testgood (" +
                                  PluginFile("testgood") + ")\n",
                              0) == 0);
  CHECK(describe.output.find("  Rate                   number       [1/s] (required) X' = Rate.") !=
        std::string::npos);
}

TEST_CASE("plugin: a library that is not found is an error listing every folder searched") {
  const TempDir dir("plugin_missing");
  WriteFile(dir + "/s.xml", Scenario("nosuchlib", "Test/Ramp"));
  const Shell r = RunCommand("HAWSER_PLUGIN_PATH=/env/a:/env/b '" + std::string(HAWSER_BINARY) +
                                 "' run s.xml -q --plugin-path /opt/one --plugin-path /opt/two",
                             dir);
  CHECK(r.exit_code == 2);
  CHECK(r.output ==
        "s.xml:3: error: unknown LibName 'nosuchlib': no SimObject library libnosuchlib.so or "
        "nosuchlib.so in /opt/one, /opt/two, /env/a, /env/b, ., " +
            PrefixDirs() + "; known libraries are: base, fhsim_base, FhSimBaseLibrary, hawser\n");
  const Shell list = HawserIn("list --plugin nosuchlib --plugin-path /opt/one", dir);
  CHECK(list.exit_code == 2);
  CHECK(list.output ==
        "error: unknown LibName 'nosuchlib': no SimObject library libnosuchlib.so or "
        "nosuchlib.so in /opt/one, " +
            PrefixDirs() + "; known libraries are: base, fhsim_base, FhSimBaseLibrary, hawser\n");
}

TEST_CASE("plugin: a library without the entry points is not a hawser plugin") {
  const TempDir dir("plugin_noentry");
  WriteFile(dir + "/s.xml", Scenario("testnoentry", "Test/Ramp"));
  const Shell r = HawserIn("validate s.xml --plugin-path '" + kPluginDir + "'", dir);
  CHECK(r.exit_code == 2);
  CHECK(r.output == "s.xml:3: error: LibName 'testnoentry': " + PluginFile("testnoentry") +
                        ": not a hawser SimObject library: it defines no "
                        "hawser_plugin_api_version(); a plugin defines its entry points with "
                        "HAWSER_PLUGIN(RegisterFn) from hawser/plugin.h\n");
}

TEST_CASE("plugin: a library built against another API version is refused") {
  const TempDir dir("plugin_version");
  WriteFile(dir + "/s.xml", Scenario("testwrongversion", "Test/WrongVersionRamp"));
  const Shell r = HawserIn("run s.xml -q --plugin-path '" + kPluginDir + "'", dir);
  CHECK(r.exit_code == 2);
  // The test plugin stamps HAWSER_PLUGIN_API_VERSION + 1 (tests/plugins/wrong_version_plugin.cpp).
  CHECK(r.output == fmt::format("s.xml:3: error: LibName 'testwrongversion': {}: built against "
                                "hawser plugin API version {}, but this hawser has version {}; "
                                "rebuild the library against this hawser's installed package\n",
                                PluginFile("testwrongversion"), HAWSER_PLUGIN_API_VERSION + 1,
                                HAWSER_PLUGIN_API_VERSION));
  CHECK_FALSE(std::filesystem::exists(dir + "/modeloutput.csv"));
}

TEST_CASE("plugin: a type registered twice names both libraries and registers nothing") {
  const TempDir dir("plugin_duplicate");
  WriteFile(dir + "/s.xml", Scenario("testduplicate", "Test/DuplicateRamp"));
  const std::string expected = "LibName 'testduplicate': " + PluginFile("testduplicate") +
                               ": SimObject type 'Src/Constant' is registered twice: by library "
                               "'base' and by library 'testduplicate' (" +
                               PluginFile("testduplicate") + ")\n";
  const Shell r = HawserIn("run s.xml -q --plugin-path '" + kPluginDir + "'", dir);
  CHECK(r.exit_code == 2);
  CHECK(r.output == "s.xml:3: error: " + expected);
  const Shell list =
      HawserIn("list --plugin testduplicate --plugin-path '" + kPluginDir + "'", dir);
  CHECK(list.exit_code == 2);
  CHECK(list.output == "error: " + expected);
}

TEST_CASE("plugin: an exception from a plugin's constructor is an error at its Lib line") {
  const TempDir dir("plugin_ctor");
  WriteFile(dir + "/s.xml",
            Scenario("testthrowing", "Test/ThrowingRamp", "Rate=\"1\" ThrowInConstructor=\"1\""));
  const Shell r = HawserIn("run s.xml -q --plugin-path '" + kPluginDir + "'", dir);
  CHECK(r.exit_code == 2);
  CHECK(r.output == "s.xml:3: error: R (Test/ThrowingRamp, library testthrowing: " +
                        PluginFile("testthrowing") +
                        "): its constructor threw: ramp generator jammed\n");
}

TEST_CASE("plugin: an exception from a plugin's calculation fails the run and keeps the rows") {
  const TempDir dir("plugin_calc");
  WriteFile(dir + "/s.xml",
            Scenario("testthrowing", "Test/ThrowingRamp", "Rate=\"2\" ThrowAt=\"4.5\"",
                     "IntegratorMethod=\"1\" stepsize=\"0.25\""));
  // Fixed-step RK4 with h = 0.25, so that the first evaluation at t >= 4.5 is known: the last
  // stage of the step from 4.25, at t = 4.5 exactly (an adaptive step could land anywhere).
  const Shell r = HawserIn("run s.xml -q -o out.csv --plugin-path '" + kPluginDir + "'", dir);
  CHECK(r.exit_code == 3);  // A failed run (docs/command-line.md, "Exit codes and signals").
  CHECK(r.output ==
        "s.xml: error: R (Test/ThrowingRamp, <Lib> at s.xml:3) threw an exception in its "
        "calculation at t = 4.5: ramp generator overheated; results up to t = 4 are in out.csv\n");
  const auto rows = Rows(dir + "/out.csv");
  REQUIRE(rows.size() == 5);  // t = 0 .. 4, Out = 2 t.
  CHECK(rows.back().first == 4.0);
  CHECK(rows.back().second == doctest::Approx(8.0).epsilon(1e-12));
}

TEST_CASE("plugin: a sweep over a plugin's parameter runs on threads and on MPI ranks") {
  const TempDir dir("plugin_sweep");
  WriteFile(dir + "/s.xml", Scenario("testgood", "Test/Ramp"));
  const std::string args =
      " sweep s.xml --set R.Rate=0.5,2,3 --summary R.Out:final -q "
      "--plugin-path '" +
      kPluginDir + "'";
  auto check = [](const std::string& file) {
    const CasesTable t = ReadCasesTable(file);
    REQUIRE(t.rows.size() == 3);
    const double rates[] = {0.5, 2, 3};
    for (size_t i = 0; i < 3; ++i) {
      CHECK(t.at(i, "status") == "completed");
      CHECK(std::stod(t.at(i, "R.Out:final")) == doctest::Approx(8 * rates[i]).epsilon(1e-12));
    }
  };
  const Shell threads = HawserIn(args + " -j 2 -o t.h5", dir);
  REQUIRE_MESSAGE(threads.exit_code == 0, threads.output);
  check(dir + "/t.h5");
  const Shell mpi = RunCommand(
      "env -u HAWSER_PLUGIN_PATH mpirun --allow-run-as-root "
      "--oversubscribe -n 2 '" +
          std::string(HAWSER_BINARY) + "'" + args + " -o m.h5",
      dir);
  if (mpi.output.find("built without MPI") != std::string::npos) {
    MESSAGE("hawser was built without MPI (HAWSER_MPI=OFF): skipped");
    return;
  }
  REQUIRE_MESSAGE(mpi.exit_code == 0, mpi.output);
  check(dir + "/m.h5");
}

}  // namespace
}  // namespace hawser::sweep_test
