// `hawser eval`: every output at the start time, without a run, as a table or one
// row; after Settle when asked. Numbers against the closed forms of configs/mass_on_spring.xml
// (k = 50 N/m, L0 = 1 m, m = 2 kg, g = 9.81 m/s^2, spring from the origin to the ball).
#include <doctest/doctest.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

const std::string kMassOnSpring = HAWSER_SOURCE_DIR "/configs/mass_on_spring.xml";

/// The text after "NAME = " on the table line for NAME, up to the end of the line.
std::string TableValue(const std::string& output, const std::string& name) {
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(name + " ", 0) != 0) continue;
    const size_t eq = line.find(" = ");
    if (eq != std::string::npos) return line.substr(eq + 3);
  }
  return "";
}

std::vector<std::string> Split(const std::string& line) {
  std::vector<std::string> cells;
  std::stringstream s(line);
  for (std::string cell; std::getline(s, cell, ',');) cells.push_back(cell);
  return cells;
}

TEST_CASE("eval prints every output at the initial state, from the closed forms") {
  // Ball at z = -2: L = 2, tension k (L - L0) = 50 N pulls the ball up, the anchor down;
  // spring energy k (L - L0)^2 / 2 = 25 J; the ball's m g z = -39.24 J. All exact in decimal
  // and computed with at most one rounding, so the shortest round-trip text is exact.
  const CommandResult r = RunHawser("eval '" + kMassOnSpring + "' --set 'Ball:Pos[2]=-2'");
  CAPTURE(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find("t = 0 (initial state)\n") == 0);
  CHECK(TableValue(r.output, "Spring.ForceA") == "0, 0, -50 [N]");
  CHECK(TableValue(r.output, "Spring.ForceB") == "0, 0, 50 [N]");
  CHECK(TableValue(r.output, "Spring.PotentialEnergy") == "25 [J]");
  CHECK(TableValue(r.output, "Ball.PotentialEnergy") == "-39.24 [J]");
  CHECK(TableValue(r.output, "Ball:Pos") == "0, 0, -2 [m]");       // States too.
  CHECK(r.output.find("hawser: completed") == std::string::npos);  // No run.
}

TEST_CASE("eval -o writes one row at the start time") {
  const std::string out = WriteTempFile("eval_row.csv", "");
  const CommandResult r =
      RunHawser("eval '" + kMassOnSpring + "' -o '" + out + "' --set 'Ball:Pos[2]=-2'");
  CAPTURE(r.output);
  REQUIRE(r.exit_code == 0);
  std::istringstream csv(ReadFile(out));
  std::string header, row, extra;
  std::getline(csv, header);
  std::getline(csv, row);
  CHECK_FALSE(std::getline(csv, extra));  // One row only.
  const auto names = Split(header), values = Split(row);
  REQUIRE(names.size() == values.size());
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == "Time") CHECK(values[i] == "0");
    if (names[i] == "Spring.ForceB[2]") CHECK(values[i] == "50");
    if (names[i] == "Spring.PosB[2]") CHECK(values[i] == "-2");
  }
  std::filesystem::remove(out);
}

TEST_CASE("eval --settle evaluates at the static equilibrium") {
  // At rest the spring carries the weight: z = -(L0 + m g / k) = -1.3924 m, ForceB = m g.
  const CommandResult r = RunHawser("eval '" + kMassOnSpring + "' --settle -q");
  CAPTURE(r.output);
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find("(after Settle)") == std::string::npos);  // -q drops the heading.
  const std::string force = TableValue(r.output, "Spring.ForceB");
  REQUIRE(force.size() > 8);
  // Settle stops at max|f| <= about 1e-9 (the config's AbsTol): 1e-6 N is far above that.
  CHECK(std::stod(force.substr(force.rfind(", ") + 2)) == doctest::Approx(2 * 9.81).epsilon(1e-6));
  const std::string pos = TableValue(r.output, "Ball:Pos");
  CHECK(std::stod(pos.substr(pos.rfind(", ") + 2)) == doctest::Approx(-1.3924).epsilon(1e-6));
}

TEST_CASE("eval reports a bad --set as run does, exit 2") {
  const CommandResult r = RunHawser("eval '" + kMassOnSpring + "' --set Bal.Mass=3");
  CAPTURE(r.output);
  CHECK(r.exit_code == 2);
  CHECK(r.output.find("error: --set Bal.Mass: unknown object 'Bal'; did you mean 'Ball'?") !=
        std::string::npos);
}

}  // namespace
}  // namespace hawser::testing
