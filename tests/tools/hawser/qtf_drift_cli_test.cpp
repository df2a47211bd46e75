// Force/WaveDrift Method="qtf" with malformed WAMIT full-QTF files through the real program:
// exit code 2 and "file:line: error: ..." naming the row or the DriftFile attribute and the
// reason (qtf_table.h).
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <string>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

/// A scenario whose Force/WaveDrift (line 4) reads `qtf` with Method="qtf"; `sea` the ocean's
/// wave attributes (on line 3).
std::string Scenario(const std::string& qtf,
                     const std::string& sea = R"(Waves="regular" WaveHeight="2" WavePeriod="10")") {
  return fmt::format(R"(<Contents><OBJECTS>
<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea"
     {1}/>
<Lib LibName="base" SimObject="Force/WaveDrift" Name="D" Method="qtf" DriftFile="{0}"/>
<Lib LibName="base" SimObject="Src/Constant" Name="Zero" Value="0,0,0"/>
</OBJECTS><INTERCONNECTIONS>
<Connection D.Pos="Zero.Out" D.RollPitchYaw="Zero.Out"/>
</INTERCONNECTIONS><INITIALIZATION><InitialCondition/></INITIALIZATION>
<INTEGRATION><Engine Integrator="rk4" stepsize="0.1" TOutput="0, 1, 2"/></INTEGRATION>
</Contents>
)",
                     qtf, sea);
}

TEST_CASE("hawser validate: malformed WAMIT QTF files exit 2 at file:line") {
  // A transpose that is not the conjugate: at its row.
  const std::string hermitian = WriteTempFile(
      "cli_hermitian.12d",
      "10 10 0 0 1 1 0 1 0\n8 8 0 0 1 1 0 1 0\n10 8 0 0 1 1 0 0.3 0.4\n8 10 0 0 1 1 0 0.3 0.4\n");
  const std::string xml = WriteTempFile("cli_hermitian.xml", Scenario(hermitian));
  CommandResult r = RunHawser("validate '" + xml + "'");
  CAPTURE(r.output);
  CHECK(r.exit_code == 2);
  CHECK(r.output.find(hermitian + ":4: error: WAMIT QTF row is not the complex conjugate of line "
                                  "3") != std::string::npos);

  // A pair missing: at the DriftFile attribute's line (4), with the pair and heading.
  const std::string missing =
      WriteTempFile("cli_missing.11d", "10 10 0 0 1 1 0 1 0\n8 8 0 0 1 1 0 1 0\n");
  const std::string xml2 = WriteTempFile("cli_missing.xml", Scenario(missing));
  r = RunHawser("validate '" + xml2 + "'");
  CAPTURE(r.output);
  CHECK(r.exit_code == 2);
  CHECK(r.output.find(xml2 + ":4: error: D (Force/WaveDrift): QTF file") != std::string::npos);
  CHECK(r.output.find("no row for periods 8 s and 10 s at heading 0 deg, mode 1") !=
        std::string::npos);

  // A complete file runs.
  const std::string good = WriteTempFile(
      "cli_good.12d", "10 10 0 0 1 1 0 1 0\n8 8 0 0 1 1 0 1 0\n10 8 0 0 1 1 0 0.3 0.4\n");
  r = RunHawser("validate '" + WriteTempFile("cli_good.xml", Scenario(good)) + "'");
  CAPTURE(r.output);
  CHECK(r.exit_code == 0);

  // More components than the pair sum allows: refused at the start of the run, exit 2.
  const std::string many = WriteTempFile(
      "cli_many.xml",
      Scenario(good, R"(Waves="jonswap" WaveHeight="2" WavePeriod="10" NumComponents="1001")"));
  r = RunHawser("run '" + many + "' -o '" + WriteTempFile("cli_many.csv", "") + "' -q");
  CAPTURE(r.output);
  CHECK(r.exit_code == 2);
  CHECK(r.output.find("D (Force/WaveDrift)") != std::string::npos);
  CHECK(r.output.find("Method qtf sums over every pair of the ocean's 1001 wave components; at "
                      "most 1000") != std::string::npos);
}

}  // namespace
}  // namespace hawser::testing
