// BreakEnd, a line's connection breaking, through the program: the log line and the HDF5 record
// of when and which end, a bridle leg detached from its Cable/Point settling to the damaged
// equilibrium, and bad BreakEnd values (exit 2 with file:line and the parameter).
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <numbers>
#include <string>

#include "tests/tools/hawser/break_scenario.h"
#include "tests/tools/hawser/cli_support.h"
#include "tests/tools/hawser/csv_text.h"
#include "tests/tools/hawser/refused_scenario.h"

namespace hawser::testing {
TEST_CASE("BreakEnd: the run logs the connection's break and the HDF5 result records the end") {
  const std::string path = WriteTempFile("end_break.xml", BreakScenario("BreakTime=\"0.35\" "
                                                                        "BreakEnd=\"B\""));
  const std::string h5 = path + ".h5";
  const CommandResult r = RunHawser("run '" + path + "' -o '" + h5 + "'");
  CHECK_MESSAGE(r.exit_code == 0, r.output);
  CHECK_MESSAGE(
      r.output.find("L: the connection at end B broke at t = 0.35 s (BreakTime = 0.35 "
                    "s; segment 3 carries no force, the end is free)") != std::string::npos,
      r.output);
  // break_index: the segment (3, at end B); end_break_index: the end (1 = B); ForceB then 0.
  const CommandResult attrs = RunCommand(
      "/usr/bin/python3 -c \"import h5py; g = h5py.File('" + h5 +
      "')['L']; print(g.attrs['break_time'], g.attrs['break_index'], g.attrs['end_break_time'], "
      "g.attrs['end_break_index'], abs(g['ForceB'][-1]).max())\"");
  CHECK_MESSAGE(attrs.output == "0.35 3 0.35 1 0.0\n", attrs.output);
  for (const std::string& f : {path, h5}) std::filesystem::remove(f);
}

TEST_CASE("BreakEnd: a bridle leg detached from its point settles to the damaged equilibrium") {
  // configs/cable_bridle.xml with Leg1's connection to the bridle point broken from the start:
  // Leg1 hangs straight down from its fairlead (0, 15, -10), carrying at the fairlead the weight
  // of its free nodes and its own half segment there, w (L - l0 / 2) (the detached end's half
  // segment is gone, cable.h); the point hangs on Leg2 and Main alone, its forces balanced.
  std::string config = ReadFile(HAWSER_SOURCE_DIR "/configs/cable_bridle.xml");
  const std::string leg1 = "Name=\"Leg1\" ";
  config.replace(config.find(leg1), leg1.size(), leg1 + "BreakEnd=\"B\" BreakTime=\"0\" ");
  const size_t from = config.find("FileOutput=\"");
  config.replace(from, config.find('"', from + 12) + 1 - from,
                 "FileOutput=\"object.Leg1.TensionA,object.Leg1.TensionB,object.Leg1.NodePositions,"
                 "object.Leg2.ForceB,object.Main.ForceB\"");
  const CsvRun run = RunToCsv("end_break_bridle", config);
  CHECK(run.output.find("Settle: settled to static equilibrium") != std::string::npos);
  const Csv& csv = run.csv;
  const double w = (150.0 - 1025.0 * std::numbers::pi * 0.1 * 0.1 / 4.0) * 9.81;
  // Settle's residual on each node's force balance: 1e-6 relative is ample.
  CHECK(csv.Column("Leg1.TensionA")[0] == doctest::Approx(w * (40.0 - 2.0)).epsilon(1e-6));
  CHECK(csv.Column("Leg1.TensionB")[0] == 0.0);
  for (int i = 1; i < 10; ++i) {  // Straight down from the fairlead: x = 0, y = 15.
    CAPTURE(i);
    CHECK(std::abs(csv.Column("Leg1.NodePositions[" + std::to_string(3 * i) + "]")[0]) < 1e-6);
  }
  const double weight = (2000.0 - 1025.0 * 0.25) * 9.81;
  const double fz = csv.Column("Leg2.ForceB[2]")[0] + csv.Column("Main.ForceB[2]")[0] - weight;
  CHECK(std::abs(fz) < 10.0);  // As cable_point_test.cpp: Settle's residual, a few N.
}

TEST_CASE("BreakEnd: a connection broken before --save-state stays broken after --restart") {
  // As line_break_restart_test.cpp: RK4 with a step of 0.005 s, which lands on 0.35 s; the
  // restarted run must continue the detached line, not break it again or re-attach its end.
  // The continued run's 6 rows against the full run's rows 5..10, every dataset of the line:
  // the same doubles (difference 0), ForceB 0 and the end's record kept.
  CheckAcrossRestart("end_break_restart.xml", Rk4BreakScenario("BreakTime=\"0.35\" BreakEnd=\"B\""),
                     "ebr",
                     "round(b.attrs['end_break_time'], 9), b.attrs['end_break_index'],\n"
                     "      float(np.abs(b['ForceB'][:]).max()), d",
                     "0.35 1 0.0 0.0\n");
}

TEST_CASE("BreakEnd: bad values are load errors naming the parameter") {
  struct Case {
    std::string extra, message;
  };
  const Case cases[] = {
      {"BreakEnd=\"C\" BreakTime=\"0.5\"",
       ":3: error: L: parameter 'BreakEnd' = 'C' is invalid; expected A or B"},
      {"BreakEnd=\"A\"", ":3: error: L: BreakEnd is given without BreakTime or BreakTension"},
      {"BreakEnd=\"A\" BreakTime=\"0.5\" BreakSegment=\"1\"",
       ":3: error: L: BreakEnd and BreakSegment are both given"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.extra);
    const Refusal r = ValidateRefuses("end_break_bad.xml", BreakScenario(c.extra));
    CHECK_MESSAGE(r.output.find(r.path + c.message) != std::string::npos, r.output);
  }
}

}  // namespace hawser::testing
