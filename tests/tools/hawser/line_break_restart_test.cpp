// A line that broke before `hawser run --save-state` stays broken after `--restart`: the state
// file keeps its discrete state (the broken segment, the break time, ReleasedEnergy), so the
// continued run equals the uninterrupted one and its result records the same break.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

/// A 4-segment line between fixed ends whose segment 2 breaks at 0.35 s; RK4 with a step of
/// 0.005 s, which divides the output interval 0.1 s and lands on the break time.
std::string Scenario() {
  return "<Contents>\n<OBJECTS>\n<Lib LibName=\"base\" SimObject=\"Cable/Cable\" Name=\"L\" "
         "NumElements=\"4\" Length=\"10\" Diameter=\"0.1\" MassPerLength=\"10\" EA=\"1e6\" "
         "BreakTime=\"0.35\" BreakSegment=\"2\" />\n</OBJECTS>\n<INTERCONNECTIONS>\n"
         "<Connection L.PositionA=\"0,0,0\" L.PositionB=\"9,0,-3\" />\n</INTERCONNECTIONS>\n"
         "<INITIALIZATION/>\n<INTEGRATION>\n<Engine TOutput=\"0, 0.1, 1\" IntegratorMethod=\"1\" "
         "stepsize=\"0.005\" FileOutput=\"objects:all\" />\n</INTEGRATION>\n</Contents>\n";
}

}  // namespace

TEST_CASE("line failure: a line broken before --save-state stays broken after --restart") {
  // In the process's temporary folder, where the run writes its files (removed below).
  const std::string xml = WriteTempFile("line_break_restart.xml", Scenario());
  const std::string dir = std::filesystem::path(xml).parent_path().string();
  const CommandResult full = RunHawser("run line_break_restart.xml -q -o lbr_full.h5", dir);
  REQUIRE_MESSAGE(full.exit_code == 0, full.output);
  const CommandResult save = RunHawser(
      "run line_break_restart.xml -q -o lbr_first.h5 --save-state lbr_s.h5 --save-state-at 0.5",
      dir);
  REQUIRE_MESSAGE(save.exit_code == 0, save.output);
  const CommandResult again =
      RunHawser("run line_break_restart.xml -o lbr_second.h5 --restart lbr_s.h5", dir);
  REQUIRE_MESSAGE(again.exit_code == 0, again.output);
  // No second break: the restarted line was broken from its first step.
  CHECK_MESSAGE(again.output.find("broke at") == std::string::npos, again.output);
  // The continued run (t = 0.5 .. 1, 6 rows) against the full one's rows 5..10, every dataset of
  // the line: RK4 restarts its steps at each output time and the line keeps nothing outside x
  // and its discrete state, so the doubles are the same (difference 0). An intact line at the
  // restart would differ by the segment's tension (kN) and the nodes' motion.
  const CommandResult compare = RunCommand(
      "/usr/bin/python3 -c \"import h5py, numpy as np\n"
      "a = h5py.File('lbr_full.h5')['L']; b = h5py.File('lbr_second.h5')['L']\n"
      "d = max(float(np.max(np.abs(a[k][5:] - b[k][:]))) for k in b\n"
      "        if isinstance(b[k], h5py.Dataset) and b[k].ndim >= 1 and b[k].shape[0] == 6)\n"
      "print(b.attrs['break_time'] == a.attrs['break_time'], round(b.attrs['break_time'], 9),\n"
      "      b.attrs['break_index'], b['Tension'][0, 2], d)\"",
      dir);
  // The break time is RK4's step time, 70 steps of 0.005 s (0.35 within rounding).
  CHECK_MESSAGE(compare.output == "True 0.35 2 0.0 0.0\n", compare.output);
  for (const char* f :
       {"line_break_restart.xml", "lbr_full.h5", "lbr_first.h5", "lbr_second.h5", "lbr_s.h5"}) {
    std::filesystem::remove(dir + "/" + f);
  }
}

}  // namespace hawser::testing
