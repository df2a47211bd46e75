// Cable/Line with a fibre rope's tension-strain table, through the real program: a weightless
// line stretched between two fixed points settles at the uniform strain D / L - 1 with the
// tension the table gives there (not EA strain), and a table that does not increase exits 2
// naming the file, line and column.
#include <doctest/doctest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "tests/tools/hawser/cli_support.h"
#include "tests/tools/hawser/csv_text.h"
#include "tests/tools/hawser/settled_line.h"

namespace hawser::testing {
namespace {

std::string Types(const std::string& table) {
  return "Name, Diameter, MassPerLength, EA, MBL, TensionStrain\n"
         "rope, 0.1, 10, 1e7, 2e6, " +
         table + "\n";
}

// Gravity 0: no weight, so every segment takes the same strain D / L - 1 = 0.04.
std::string Scenario(const std::string& types_file) {
  return SettledLineScenario(
      {.line = "LineTypes=\"" + types_file + "\" Sections=\"rope 100 20\" Gravity=\"0\"",
       .position_a = "0,0,0",
       .position_b = "104,0.0,0.0",
       .tolerance = "1e-6",
       .file_output = "object.L1.Tension,object.L1.Utilisation"});
}

TEST_CASE("Cable/Line: a rope with a tension-strain table carries the table's tension") {
  // Strain 0.04 lies on the table's second piece, from 0.03:5e5 to 0.06:1.4e6: by hand,
  // 5e5 + (0.04 - 0.03) / (0.06 - 0.03) (1.4e6 - 5e5) = 8e5 N (EA strain would be 4e5 N).
  const std::string types = WriteTempFile("rope_types.csv", Types("0.01:1e5 0.03:5e5 0.06:1.4e6"));
  const std::string xml = WriteTempFile("rope_line.xml", Scenario("rope_types.csv"));
  const std::string out = WriteTempFile("rope_line.csv", "");
  const CommandResult r = RunHawser("run '" + xml + "' -o '" + out + "'");
  REQUIRE_MESSAGE(r.exit_code == 0, r.output);
  const std::vector<double> row = ParseCsv(ReadFile(out)).rows.back();
  REQUIRE(row.size() == 22);  // Time, 20 segment tensions, Utilisation.
  for (size_t s = 1; s <= 20; ++s) {
    CAPTURE(s);
    // 1e-6: Settle's residual (SettleTolerance on AbsTol/RelTol 1e-6) on strains of 0.04.
    CHECK(row[s] == doctest::Approx(8e5).epsilon(1e-6));
  }
  CHECK(row[21] == doctest::Approx(8e5 / 2e6).epsilon(1e-6));
  std::remove(types.c_str());
  std::remove(xml.c_str());
  std::remove(out.c_str());
}

TEST_CASE("Cable/Line: a tension-strain table that does not increase exits 2 at its row") {
  for (const std::string& table :
       {std::string("0.01:1e5 0.03:9e4"), std::string("0.02:1e5 0.01:2e5"),
        std::string("0.01:1e5 0.02")}) {
    CAPTURE(table);
    const std::string types = WriteTempFile("rope_types_bad.csv", Types(table));
    const std::string xml = WriteTempFile("rope_line_bad.xml", Scenario("rope_types_bad.csv"));
    const CommandResult r = RunHawser("validate '" + xml + "'");
    CHECK(r.exit_code == 2);
    // The rope's row is line 2 of the file (after the header); the table is column 6.
    CHECK_MESSAGE(r.output.find(types + ":2: error: column 6 (TensionStrain)") != std::string::npos,
                  r.output);
    CHECK_MESSAGE((r.output.find("strictly increasing") != std::string::npos ||
                   r.output.find("is not STRAIN:TENSION") != std::string::npos),
                  r.output);
    std::remove(types.c_str());
    std::remove(xml.c_str());
  }
}

}  // namespace
}  // namespace hawser::testing
