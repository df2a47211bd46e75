// A cable that breaks during a run, through the program: the log line, the HDF5 record of when
// and where (attributes break_time and break_index of the cable's group), and bad break
// parameters (exit 2 with file:line and the parameter).
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "tests/tools/hawser/break_scenario.h"
#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
TEST_CASE("line failure: the run logs the break and the HDF5 result records when and where") {
  const std::string path = WriteTempFile("line_break.xml", BreakScenario("BreakTime=\"0.35\" "
                                                                         "BreakSegment=\"2\""));
  const std::string csv = path + ".csv", h5 = path + ".h5";
  const CommandResult r = RunHawser("run '" + path + "' -o '" + csv + "'");
  CHECK_MESSAGE(r.exit_code == 0, r.output);
  CHECK_MESSAGE(r.output.find("L: segment 2 (0 = at end A) broke at t = 0.35 s (BreakTime = "
                              "0.35 s); it held ") != std::string::npos,
                r.output);
  const CommandResult h = RunHawser("run '" + path + "' -q -o '" + h5 + "'");
  CHECK_MESSAGE(h.exit_code == 0, h.output);
  const CommandResult attrs = RunCommand(
      "/usr/bin/python3 -c \"import h5py; g = h5py.File('" + h5 +
      "')['L']; print(g.attrs['break_time'], g.attrs['break_index'], g['Tension'][-1, 2])\"");
  CHECK_MESSAGE(attrs.output == "0.35 2 0.0\n", attrs.output);
  for (const std::string& f : {path, csv, h5}) std::filesystem::remove(f);
}

TEST_CASE("line failure: bad break parameters are load errors naming the parameter") {
  struct Case {
    std::string extra, message;
  };
  const Case cases[] = {
      {"BreakTime=\"5\"",
       ":3: error: L: BreakTime = 5 is outside the run [0, 1]; expected a time within it"},
      {"BreakTime=\"-1\"",
       ":3: error: L: BreakTime = -1 is outside the run [0, 1]; expected a time within it"},
      {"BreakTension=\"-2e6\"",
       ":3: error: L: parameter 'BreakTension' = '-2e6' is invalid; expected a value > 0"},
      {"BreakTension=\"0\"",
       ":3: error: L: parameter 'BreakTension' = '0' is invalid; expected a value > 0"},
      {"BreakTime=\"0.5\" BreakSegment=\"4\"",
       ":3: error: L: parameter 'BreakSegment' = '4' is invalid; expected an integer from 0 to 3"},
      {"BreakSegment=\"1\"",
       ":3: error: L: BreakSegment is given without BreakTime or BreakTension"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.extra);
    const std::string path = WriteTempFile("line_break_bad.xml", BreakScenario(c.extra));
    const std::string out = path + ".csv";
    const std::string parameter = c.extra.find("BreakSegment") != std::string::npos
                                      ? "BreakSegment"
                                      : c.extra.substr(0, c.extra.find('='));
    for (const std::string& command : {std::string("validate"), "run -q -o '" + out + "'"}) {
      CAPTURE(command);
      const CommandResult r = RunHawser(command + " '" + path + "'");
      CAPTURE(r.output);
      CHECK(r.exit_code == 2);
      CHECK(r.output.find(path + c.message) != std::string::npos);
      CHECK(r.output.find(parameter) != std::string::npos);
      CHECK_FALSE(std::filesystem::exists(out));
    }
    std::filesystem::remove(path);
  }
}

}  // namespace hawser::testing
