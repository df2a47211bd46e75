// A line that broke before `hawser run --save-state` stays broken after `--restart`: the state
// file keeps its discrete state (the broken segment, the break time, ReleasedEnergy), so the
// continued run equals the uninterrupted one and its result records the same break.
#include <doctest/doctest.h>

#include <string>

#include "tests/tools/hawser/break_scenario.h"
#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {

TEST_CASE("line failure: a line broken before --save-state stays broken after --restart") {
  // A 4-segment line between fixed ends whose segment 2 breaks at 0.35 s (break_scenario.h).
  // The continued run (t = 0.5 .. 1, 6 rows) against the full one's rows 5..10, every dataset of
  // the line: RK4 restarts its steps at each output time and the line keeps nothing outside x
  // and its discrete state, so the doubles are the same (difference 0). An intact line at the
  // restart would differ by the segment's tension (kN) and the nodes' motion.
  // The break time is RK4's step time, 70 steps of 0.005 s (0.35 within rounding).
  CheckAcrossRestart(
      "line_break_restart.xml", Rk4BreakScenario("BreakTime=\"0.35\" BreakSegment=\"2\""), "lbr",
      "b.attrs['break_time'] == a.attrs['break_time'], round(b.attrs['break_time'], 9),\n"
      "      b.attrs['break_index'], b['Tension'][0, 2], d",
      "True 0.35 2 0.0 0.0\n");
}

}  // namespace hawser::testing
