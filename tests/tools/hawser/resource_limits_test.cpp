// Bad input that used to hang, exhaust memory, overflow or be accepted silently, run through the
// real program: each must end with exit code 2 and one compiler-style message at the offending
// line, quickly, quoting at most a short excerpt of what was written. The limits are documented in
// docs/scenario-format.md, "Limits".
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

// A scenario with `objects` in OBJECTS, `connections` in INTERCONNECTIONS, and `engine` as the
// Engine's attributes besides TOutput (written on line 12).
std::string Scenario(const std::string& objects, const std::string& connections = "",
                     const std::string& engine = "", const std::string& toutput = "0, 0.1, 1",
                     const std::string& variables = "") {
  return fmt::format(
      "<Contents>\n<VARIABLES>{}</VARIABLES>\n<OBJECTS>\n{}\n</OBJECTS>\n<INTERCONNECTIONS>\n{}\n"
      "</INTERCONNECTIONS>\n<INITIALIZATION>\n</INITIALIZATION>\n<INTEGRATION>\n\n"
      "<Engine TOutput=\"{}\" {} />\n</INTEGRATION>\n</Contents>\n",
      variables, objects, connections, toutput, engine);
}

// Mass-spring-damper: m = 1 kg, k = 10 N/m, c = 1 N s/m (README's sweep example family).
const char* kMsdObjects =
    R"(<Lib LibName="base" SimObject="Cable/LinearSpring" Name="S" Stiffness="10" RelaxedLength="0" />
<Lib LibName="base" SimObject="Body/Mass" Name="M" Mass="1" />)";
const char* kMsdConnections = R"(<Connection S.PosA="0,0,0" S.PosB="M.Pos" M.Force="S.ForceB" />)";

int LineOf(const std::string& text, const std::string& marker) {
  const auto pos = text.find(marker);
  REQUIRE_MESSAGE(pos != std::string::npos, "test bug: marker '" << marker << "' not found");
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + pos, '\n'));
}

// Runs `hawser validate` on `xml`; checks exit 2, the line of `marker`, every fragment, a short
// output, and the time taken. 2 s: a hang took minutes, and process start-up on a loaded 2-core
// machine takes a fraction of a second.
void CheckRejected(const std::string& name, const std::string& xml, const std::string& marker,
                   const std::vector<std::string>& fragments) {
  CAPTURE(name);
  const std::string path = WriteTempFile(name + ".xml", xml);
  const auto start = std::chrono::steady_clock::now();
  const CommandResult r = RunHawser("validate '" + path + "'");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CAPTURE(r.output.substr(0, 2000));
  CHECK(r.exit_code == 2);
  CHECK(seconds < 2.0);
  CHECK(r.output.size() < 2000);
  const std::string where = marker.empty()
                                ? path + ": error: "
                                : fmt::format("{}:{}: error: ", path, LineOf(xml, marker));
  CHECK(r.output.find(where) != std::string::npos);
  for (const std::string& f : fragments) CHECK(r.output.find(f) != std::string::npos);
}

TEST_CASE("Engine: RelTol >= 1 is rejected at the Engine line") {
  // With RelTol = 1 this system ended at z(1) = -1.97 instead of the closed-form -1.06.
  CheckRejected("reltol", Scenario(kMsdObjects, kMsdConnections, "RelTol=\"1\""), "<Engine",
                {"Engine RelTol: 1 is out of range; expected a tolerance with 0 < RelTol < 1"});
  CheckRejected("hmin", Scenario(kMsdObjects, kMsdConnections, "HMin=\"1\" HMax=\"0.5\""),
                "<Engine", {"HMin 1 is larger than HMax 0.5"});
}

TEST_CASE("TOutput: times out of order are rejected, not sorted") {
  CheckRejected("toutput", Scenario(kMsdObjects, kMsdConnections, "", "0, 2, 1, 30"), "<Engine",
                {"the times are not increasing: '1' (token 3) comes after '2'"});
}

TEST_CASE("numbers that overflow or underflow are rejected by validate") {
  CheckRejected("conn_overflow",
                Scenario(kMsdObjects,
                         R"(<Connection S.PosA="0,0,1e400" S.PosB="M.Pos" M.Force="S.ForceB" />)"),
                "<Connection",
                {"S.PosA: connection value '0,0,1e400': element 3 '1e400': 1e400 is out of range"});
  CheckRejected(
      "factor_overflow",
      Scenario(kMsdObjects,
               R"(<Connection S.PosA="0,0,0" S.PosB="M.Pos" M.Force="1e400*S.ForceB" />)"),
      "<Connection", {"1e400 is out of range"});
  CheckRejected("param_underflow",
                Scenario(R"(<Lib LibName="base" SimObject="Body/Mass" Name="M" Mass="1e-400" />)",
                         R"(<Connection M.Force="0,0,0" />)"),
                "Mass=", {"M: parameter 'Mass'", "1e-400 is out of range"});
  CheckRejected("engine_underflow", Scenario(kMsdObjects, kMsdConnections, "AbsTol=\"1e-400\""),
                "<Engine", {"Engine AbsTol", "1e-400 is out of range"});
  CheckRejected("toutput_underflow", Scenario(kMsdObjects, kMsdConnections, "", "0, 1e-400, 1"),
                "<Engine",
                {"the output interval '1e-400' is not a finite number in the range of a double"});
}

TEST_CASE("a 1 KB file whose variables expand to 10^10 characters fails at once") {
  std::string vars = "\n<Variable Name=\"v0\" Value=\"xxxxxxxxxx\" />\n";
  for (int i = 1; i <= 9; ++i) {
    std::string value;
    for (int k = 0; k < 10; ++k) value += fmt::format("${{v{}}}", i - 1);
    vars += fmt::format("<Variable Name=\"v{}\" Value=\"{}\" />\n", i, value);
  }
  const std::string xml = Scenario(R"(<Lib LibName="base" SimObject="Src/Clock" Name="C" />)", "",
                                   "", "0, 0.1, 1", vars);
  CHECK(xml.size() < 1500);
  CheckRejected("expansion", xml, "Name=\"v6\"",
                {"variable 'v6': ${...} expansion makes the value longer than 1048576 characters"});
}

TEST_CASE("size-like parameters have limits: no hang, no bad_alloc, no overflow") {
  CheckRejected(
      "mux", Scenario(R"(<Lib LibName="base" SimObject="Signal/Mux" Name="X" NumInput="2e9" />)"),
      "NumInput",
      {"X: parameter 'NumInput' = '2e9' is invalid; expected an integer from 1 to 1000"});
  CheckRejected(
      "mux_total",
      Scenario(
          R"(<Lib LibName="base" SimObject="Signal/Mux" Name="X" NumInput="2" InPortWidth1="600000" InPortWidth2="600000" />)"),
      "<Lib", {"add up to 1200000; expected a total width of Out of at most 1000000"});
  CheckRejected(
      "derivative",
      Scenario(R"(<Lib LibName="base" SimObject="Math/Derivative" Name="D" PortWidth="1e12" />)"),
      "PortWidth",
      {"parameter 'PortWidth' = '1e12' is invalid; expected an integer from 1 to 1000000"});
  for (const char* type : {"Math/LowPass", "Math/Polynomial", "Src/Sine"}) {
    CheckRejected(
        "width",
        Scenario(fmt::format(
            R"(<Lib LibName="base" SimObject="{}" Name="D" PortWidth="2000000" />)", type)),
        "PortWidth", {"expected an integer from 1 to 1000000"});
  }
  CheckRejected(
      "cable",
      Scenario(
          R"(<Lib LibName="base" SimObject="Cable/Cable" Name="L" NumElements="3000000000" />)"),
      "NumElements", {"expected an integer from 2 to 100000"});
}

TEST_CASE("huge values: an attribute over 1 MiB, a file over 64 MiB, messages quote excerpts") {
  const std::string big(2 << 20, '7');
  const std::string attr_xml = Scenario(
      fmt::format(R"(<Lib LibName="base" SimObject="Body/Mass" Name="M" Mass="{}" />)", big),
      R"(<Connection M.Force="0,0,0" />)");
  CheckRejected("attribute", attr_xml, "<Lib",
                {"attribute Mass: the value '777",
                 "' is 2097152 characters long; expected at most 1048576 (1 MiB)"});
  // A long but allowed bad value is quoted as an excerpt with its length.
  const std::string bad_vector = std::string(500000, '1') + "x";
  CheckRejected(
      "excerpt",
      Scenario(fmt::format(R"(<Lib LibName="base" SimObject="Src/Constant" Name="K" Value="{}" />)",
                           bad_vector)),
      "<Lib", {"... (500001 characters)"});
  std::string file = Scenario(R"(<Lib LibName="base" SimObject="Src/Clock" Name="C" />)");
  file.insert(file.find("<OBJECTS>"), std::string((64 << 20) + 1, ' '));
  CheckRejected("file", file, "", {"expected a file of at most 67108864 bytes (64 MiB)"});
}

}  // namespace
}  // namespace hawser::testing
