// The scenario of the line-failure CLI tests (line_failure_test.cpp, end_break_test.cpp,
// line_break_restart_test.cpp) and their run across --save-state and --restart.
#pragma once

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {

// A 10 m cable L of 4 segments from (0, 0, 0) to (9, 0, -3), output every 0.1 s for 1 s. Its
// <Lib> is on line 3; `extra` goes into it.
inline std::string BreakScenario(const std::string& extra) {
  return "<Contents>\n<OBJECTS>\n<Lib LibName=\"base\" SimObject=\"Cable/Cable\" Name=\"L\" "
         "NumElements=\"4\" Length=\"10\" Diameter=\"0.1\" MassPerLength=\"10\" EA=\"1e6\" " +
         extra +
         " />\n</OBJECTS>\n<INTERCONNECTIONS>\n<Connection L.PositionA=\"0,0,0\" "
         "L.PositionB=\"9,0,-3\" />\n</INTERCONNECTIONS>\n<INITIALIZATION/>\n<INTEGRATION>\n"
         "<Engine TOutput=\"0, 0.1, 1\" FileOutput=\"objects:all\" />\n</INTEGRATION>\n"
         "</Contents>\n";
}

/// BreakScenario(extra) integrated by RK4 with a step of 0.005 s, which divides the output
/// interval 0.1 s and lands on a break at 0.35 s.
inline std::string Rk4BreakScenario(const std::string& extra) {
  std::string scenario = BreakScenario(extra);
  const std::string engine = "<Engine TOutput=";
  scenario.insert(scenario.find(engine) + 8, "IntegratorMethod=\"1\" stepsize=\"0.005\" ");
  return scenario;
}

/// Writes `scenario` to `name` in the process's temporary folder and runs it there three times
/// (each must exit 0): whole into P_full.h5, into P_first.h5 saving its state at t = 0.5 s into
/// P_s.h5, and restarted from that state into P_second.h5 (P = `prefix`), which must not break
/// the line again (no "broke at": it continues the broken line). Then /usr/bin/python3 prints
/// `print`, Python expressions of a and b (the line L's group in the full and restarted files)
/// and d, the largest difference of the continued run's 6 rows (t = 0.5 .. 1) from the full
/// run's rows 5..10 over every dataset of the line, which must print `expected`. Removes every
/// file it wrote.
inline void CheckAcrossRestart(const std::string& name, const std::string& scenario,
                               const std::string& prefix, const std::string& print,
                               const std::string& expected) {
  const std::string xml = WriteTempFile(name, scenario);
  const std::string dir = std::filesystem::path(xml).parent_path().string();
  const std::string p = prefix;
  const CommandResult full = RunHawser("run " + name + " -q -o " + p + "_full.h5", dir);
  REQUIRE_MESSAGE(full.exit_code == 0, full.output);
  const CommandResult save = RunHawser(
      "run " + name + " -q -o " + p + "_first.h5 --save-state " + p + "_s.h5 --save-state-at 0.5",
      dir);
  REQUIRE_MESSAGE(save.exit_code == 0, save.output);
  const CommandResult again =
      RunHawser("run " + name + " -o " + p + "_second.h5 --restart " + p + "_s.h5", dir);
  REQUIRE_MESSAGE(again.exit_code == 0, again.output);
  CHECK_MESSAGE(again.output.find("broke at") == std::string::npos, again.output);
  const CommandResult compare = RunCommand(
      "/usr/bin/python3 -c \"import h5py, numpy as np\n"
      "a = h5py.File('" +
          p + "_full.h5')['L']; b = h5py.File('" + p +
          "_second.h5')['L']\n"
          "d = max(float(np.max(np.abs(a[k][5:] - b[k][:]))) for k in b\n"
          "        if isinstance(b[k], h5py.Dataset) and b[k].ndim >= 1 and b[k].shape[0] == 6)\n"
          "print(" +
          print + ")\"",
      dir);
  for (const std::string& f :
       {name, p + "_full.h5", p + "_first.h5", p + "_second.h5", p + "_s.h5"}) {
    std::filesystem::remove(dir + "/" + f);
  }
  CHECK_MESSAGE(compare.output == expected, compare.output);
}

}  // namespace hawser::testing
