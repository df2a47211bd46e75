// Malformed WAMIT files given to a Body/FloatingBody (WamitFile) through the real program: each
// must exit 2 with "file:line: error: ..." at the data file's line, naming what is wrong
// (docs/ocean-and-bodies.md, "Hull data from WAMIT files").
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

const std::string kData = HAWSER_SOURCE_DIR "/configs/data/wamit_cylinder";

const char* kScenario = R"(<Contents>
<OBJECTS>
  <Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Depth="100"/>
  <Lib LibName="base" SimObject="Body/FloatingBody" Name="Spar" Mass="9660397.41"
       CentreOfGravity="0,0,-15" Inertia="966039741,966039741,483019870.5" WamitFile="{}"/>
</OBJECTS>
<INTERCONNECTIONS/>
<INITIALIZATION><InitialCondition/></INITIALIZATION>
<INTEGRATION>
  <Engine Integrator="cvode-bdf" TOutput="0, 0.5, 1" FileOutput="objects:all"/>
</INTEGRATION>
</Contents>
)";

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string Join(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return text;
}

/// Writes the committed cylinder files as `name`.1/.3/.hst, with `edit` applied to the lines of
/// the file with `extension`, and a scenario that reads them; runs `hawser validate`.
template <typename Edit>
CommandResult Validate(const std::string& name, const std::string& extension, Edit edit) {
  for (const char* e : {".1", ".3", ".hst"}) {
    std::vector<std::string> lines = Lines(ReadFile(kData + e));
    REQUIRE(!lines.empty());
    if (extension == e) edit(lines);
    WriteTempFile(name + e, Join(lines));
  }
  const std::string xml = WriteTempFile(name + ".xml", fmt::format(fmt::runtime(kScenario), name));
  return RunHawser("validate '" + xml + "'");
}

void CheckError(const CommandResult& r, const std::string& file, int line,
                const std::string& reason) {
  CAPTURE(r.output);
  CHECK(r.exit_code == 2);
  const std::string expected = fmt::format("{}:{}: error: ", file, line);
  CHECK(r.output.find(expected) != std::string::npos);
  CHECK(r.output.find(reason) != std::string::npos);
}

}  // namespace

TEST_CASE("hawser validate: the committed WAMIT files are accepted") {
  const CommandResult r = Validate("wamit_ok", "", [](std::vector<std::string>&) {});
  CAPTURE(r.output);
  CHECK(r.exit_code == 0);
}

TEST_CASE("hawser validate: malformed WAMIT files exit 2 at the data file's line") {
  // A column dropped from the first row at a finite period (line 19; rows 1-18 are the PER -1
  // and 0 rows, four columns by the format).
  const auto columns = Validate("wamit_cols", ".1", [](std::vector<std::string>& l) {
    l[18] = "   6.283185E+01  1  1   9.522329E+03";
  });
  CheckError(columns, "wamit_cols.1", 19,
             "WAMIT .1 row has 4 values; expected 5: PER I J Abar Bbar");
  // A non-numeric token in the .hst file.
  const auto token = Validate("wamit_token", ".hst",
                              [](std::vector<std::string>& l) { l[1] = " 4  4  7.85E+03x"; });
  CheckError(token, "wamit_token.hst", 2, "'7.85E+03x' (value 3) is not a finite number");
  // The second period's six rows at heading 90 deg (lines 61-66) left out: a missing heading.
  const auto heading = Validate("wamit_heading", ".3", [](std::vector<std::string>& l) {
    l.erase(l.begin() + 60, l.begin() + 66);
  });
  CheckError(heading, "wamit_heading.3", 49,
             "heading 90 deg (line 13); expected every period at every heading");
  // The last period's 48 rows left out of the .3 file: a period missing there.
  const auto period =
      Validate("wamit_period", ".3", [](std::vector<std::string>& l) { l.resize(l.size() - 48); });
  CheckError(period, "wamit_period.1", 370, "is not in the .3 file");
  // A phase written in radians.
  const auto radians = Validate("wamit_radians", ".3", [](std::vector<std::string>& l) {
    l[0] = "  6.283185E+01     0.0000  1   1.892380E+01       1.5708   0.000000E+00   1.892380E+01";
  });
  CheckError(radians, "wamit_radians.3", 1, "(expected Mod >= 0 and Pha in degrees");
}

}  // namespace hawser::testing
