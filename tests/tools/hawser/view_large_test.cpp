// `hawser view` on a storm-sized result: three hours of output every 0.5 s (21601 times, as
// configs/floater_moored_in_irregular_sea.xml logs) of three 20-segment lines, made by a short
// model (fairleads that drift 30 m over the three hours: the integrator takes long steps) so
// that the test takes seconds. The page
// keeps to its 50 MB budget by decimation and still loads and draws in Chromium.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "tests/tools/hawser/view_test_support.h"

namespace hawser::testing {
namespace {

const std::string kSource = HAWSER_SOURCE_DIR;

/// Three lines from fairleads 5 m off the centre at z = -10 to anchors 200 m out on a 100 m
/// seabed, the fairleads moved 30 sin(2 pi t / 43200) m in x (30 m at the end), logged every
/// 0.5 s for 10800 s.
std::string StormSizedScenario() {
  std::string objects, connections, output;
  const char* fairleads[] = {"5,0,-10", "-2.5,4.33,-10", "-2.5,-4.33,-10"};
  const char* anchors[] = {"205,0,-100", "-102.5,177.5,-100", "-102.5,-177.5,-100"};
  for (int k = 1; k <= 3; ++k) {
    const std::string n = std::to_string(k);
    objects += "<Lib LibName=\"base\" SimObject=\"Src/Constant\" Name=\"Fair" + n + "\" Value=\"" +
               fairleads[k - 1] + "\"/>\n<Lib LibName=\"base\" " +
               "SimObject=\"Src/Constant\" Name=\"Anchor" + n + "\" Value=\"" + anchors[k - 1] +
               "\"/>\n<Lib LibName=\"base\" SimObject=\"Cable/Cable\" Name=\"Line" + n +
               "\" NumElements=\"20\" Length=\"250\" Diameter=\"0.1\" MassPerLength=\"150\" " +
               "EA=\"6.0e8\"/>\n";
    connections += "<Connection Line" + n + ".PositionA=\"Anchor" + n + ".Out\" Line" + n +
                   ".PositionB=\"Offset.Out + Fair" + n + ".Out\"/>\n";
    output += std::string(k > 1 ? "," : "") + "object.Line" + n + ".NodePositions,object.Line" + n +
              ".Tension";
  }
  return "<Contents><OBJECTS>\n<Lib LibName=\"base\" SimObject=\"Environment/Ocean\" "
         "Name=\"Sea\" Depth=\"100\"/>\n<Lib LibName=\"base\" SimObject=\"Src/Sine\" "
         "Name=\"Surge\" Amplitude=\"30\" PeriodS=\"43200\"/>\n<Lib LibName=\"base\" "
         "SimObject=\"Signal/Mux\" Name=\"Offset\" NumInput=\"2\" InPortWidth2=\"2\"/>\n" +
         objects + "</OBJECTS><INTERCONNECTIONS>\n" +
         "<Connection Offset.In1=\"Surge.Out\" Offset.In2=\"0,0\"/>\n" + connections +
         "</INTERCONNECTIONS><INITIALIZATION><InitialCondition/></INITIALIZATION>"
         "<INTEGRATION><Engine Integrator=\"cvode-bdf\" Settle=\"1\" "
         "TOutput=\"0, 0.5, 10800\" AbsTol=\"1e-4\" RelTol=\"1e-4\" FileOutput=\"" +
         output + "\"/></INTEGRATION></Contents>\n";
}

TEST_CASE("hawser view: a 3-hour storm-sized result keeps to the 50 MB page and loads") {
  const std::string h5 = RunScenario(StormSizedScenario(), "view_storm.h5");
  const std::string page = h5 + ".html";
  const CommandResult r = RunHawser("view " + Quote(h5) + " -o " + Quote(page));
  REQUIRE_MESSAGE(r.exit_code == 0, r.output);
  // 21601 times of 3 x (21 x 3 + 20) values and the time, at most 12 bytes each: 65 MB, more
  // than the budget, so at least every second time goes.
  CHECK_MESSAGE(r.output.find(" of 21601 output times (one in every ") != std::string::npos,
                r.output);
  CHECK(std::filesystem::file_size(page) <= 50'000'000);
  const std::string html = ReadFile(page);
  CHECK(html.find(",10800],\"cables\"") != std::string::npos);  // The last time is kept.
  const CommandResult browser =
      RunCommand("/usr/bin/python3 " + Quote(kSource + "/tests/tools/hawser/view_browser.py") +
                 " " + Quote(page) + " " + Quote(h5));
  CHECK_MESSAGE(browser.exit_code == 0, browser.output);
  CHECK(browser.output.find("run: 3 cables, t=0 and t=10800") != std::string::npos);
  std::filesystem::remove(page);
  std::filesystem::remove(h5);
}

}  // namespace
}  // namespace hawser::testing
