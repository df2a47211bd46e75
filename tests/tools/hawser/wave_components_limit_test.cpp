// Counts that size an allocation: an irregular sea's NumComponents of 3e7 took 5.5 GB
// and was accepted, 2e8 grew memory without bound. The documented limit (1e5,
// docs/scenario-format.md, "Limits") refuses such counts at the Ocean element at once, in bounded
// memory: the commands run under `ulimit -v` (2 GB; hawser needs about 0.1 GB here) and `timeout`,
// and bad_alloc is never the message.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <string>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

// A JONSWAP sea of `components` components (line 3).
std::string Scenario(const std::string& components) {
  return UnconnectedScenario(
      R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Depth="100" Waves="jonswap" )"
      R"(WaveHeight="3" WavePeriod="10" NumComponents=")" +
          components +
          "\"/>\n"
          R"(<Lib LibName="base" SimObject="Environment/WaveProbe" Name="P" Position="0,0,0"/>)"
          "\n",
      R"(TOutput="0, 0.5, 1")");
}

// `hawser validate` on the scenario under a 2 GB address-space limit and HangTimeout (generous: a
// refusal takes a fraction of a second; 2e8 components used to run out of memory).
CommandResult Validate(const std::string& components) {
  const std::string xml = WriteTempFile("components_" + components + ".xml", Scenario(components));
  return RunCommand(fmt::format("{}{}'{}' validate '{}'", MemoryLimit(2000000), HangTimeout(),
                                HAWSER_BINARY, xml));
}

TEST_CASE("Ocean NumComponents above 1e5 is refused at the element, in bounded memory") {
  for (const std::string n : {"100001", "10000000", "30000000", "200000000", "1e10"}) {
    CAPTURE(n);
    const CommandResult r = Validate(n);
    CAPTURE(r.output);
    CHECK(r.exit_code == 2);
    CHECK(r.output.find("components_" + n + ".xml:3: error: Sea: parameter 'NumComponents'") !=
          std::string::npos);
    CHECK(r.output.find("100000") != std::string::npos);  // The limit is named.
    CHECK(r.output.find("bad_alloc") == std::string::npos);
  }
  // The limit itself is accepted (about 18 MB of components).
  const CommandResult r = Validate("100000");
  CAPTURE(r.output);
  CHECK(r.exit_code == 0);
}

}  // namespace
}  // namespace hawser::testing
