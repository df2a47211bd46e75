// Environment/Ocean Waves="file": a sea given as MoorDyn's wave_frequencies.txt rows, through the
// real program. The file's wave is the regular wave it describes (same probe record), the path is
// relative to the scenario, and bad rows are refused at file:line with the column and reason.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <numbers>
#include <string>

#include "tests/tools/hawser/cli_support.h"
#include "tests/tools/hawser/csv_text.h"

namespace hawser::testing {
namespace {

// An ocean of `waves` (attributes, line 3) with a probe at 40 m along x, 10 m deep, run 20 s.
std::string Scenario(const std::string& waves) {
  return UnconnectedScenario(
      "<Lib LibName=\"base\" SimObject=\"Environment/Ocean\" Name=\"Sea\" Depth=\"50\" "
      "WaveDirection=\"30\" " +
          waves +
          "/>\n"
          "<Lib LibName=\"base\" SimObject=\"Environment/WaveProbe\" Name=\"P\" "
          "Position=\"40,0,-10\"/>\n",
      R"(Integrator="rk4" stepsize="0.1" TOutput="0, 0.5, 20" FileOutput="objects:all")");
}

Csv RunProbe(const std::string& name, const std::string& waves) {
  const std::string xml = WriteTempFile(name + ".xml", Scenario(waves));
  const std::string out = WriteTempFile(name + ".csv", "");
  const CommandResult r = RunHawser("run '" + xml + "' -o '" + out + "' -q");
  CAPTURE(r.output);
  REQUIRE(r.exit_code == 0);
  const Csv csv = ParseCsv(ReadFile(out));
  std::filesystem::remove(xml);
  std::filesystem::remove(out);
  return csv;
}

TEST_CASE("Waves=\"file\" gives the regular wave its row describes, turned by WaveDirection") {
  // H = 3 m, T = 9 s, phase 40 deg as a regular wave, travelling towards 30 deg. As a MoorDyn
  // row: omega = 2 pi / 9, |A| = 1.5 m, arg A = 90 - 40 = 50 deg (eta = |A| sin(omega t - k l +
  // arg A) = |A| cos(k l - omega t + 40 deg)); beta 0, WaveDirection turns it.
  const double omega = 2.0 * std::numbers::pi / 9.0, arg = 50.0 * std::numbers::pi / 180.0;
  const std::string rows = fmt::format("0 0 0\n{:.17g} {:.17g} {:.17g}\n", omega,
                                       1.5 * std::cos(arg), 1.5 * std::sin(arg));
  const std::string file = WriteTempFile("one_wave.txt", rows);
  const Csv from_file = RunProbe("waves_file", "Waves=\"file\" WaveComponentsFile=\"" +
                                                   std::filesystem::path(file).filename().string() +
                                                   "\"");  // Relative.
  const Csv regular =
      RunProbe("waves_regular", R"(Waves="regular" WaveHeight="3" WavePeriod="9" WavePhase="40")");
  std::filesystem::remove(file);
  for (const std::string column :
       {"P.Elevation", "P.WaterVelocity[0]", "P.WaterVelocity[1]", "P.WaterVelocity[2]",
        "P.WaterAcceleration[0]", "P.WaterAcceleration[2]"}) {
    CAPTURE(column);
    const std::vector<double> a = from_file.Column(column), b = regular.Column(column);
    REQUIRE(a.size() == 41);
    REQUIRE(b.size() == a.size());
    double amplitude = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i) {
      // 1e-9: the CSV's printed digits and the rounding of the phase pi/2 - arg A, against
      // values of order 1 (m, m/s, m/s^2).
      CHECK(std::abs(a[i] - b[i]) < 1e-9);
      amplitude = std::max(amplitude, std::abs(b[i]));
    }
    CHECK(amplitude > 0.1);  // A wave, not two records of still water.
  }
}

TEST_CASE("a bad wave components file is refused at its row, or at the attribute") {
  const std::string bad = WriteTempFile("bad_waves.txt", "0 0 0\n0.7 0.2 0.1\n0.8 0.1 zero\n");
  const std::string xml = WriteTempFile(
      "bad_waves.xml", Scenario("Waves=\"file\" WaveComponentsFile=\"bad_waves.txt\""));
  CommandResult r = RunHawser("validate '" + xml + "'");
  CAPTURE(r.output);
  CHECK(r.exit_code == 2);
  CHECK(r.output.find(bad + ":3: error: wave component column 3 (Im(A) [m]) is 'zero'; "
                            "expected a finite number") != std::string::npos);

  // A missing file: at the attribute's line (3), named, with the system's reason.
  const std::string missing = WriteTempFile(
      "missing_waves.xml", Scenario("Waves=\"file\" WaveComponentsFile=\"no_such_waves.txt\""));
  r = RunHawser("validate '" + missing + "'");
  CAPTURE(r.output);
  CHECK(r.exit_code == 2);
  CHECK(r.output.find(missing +
                      ":3: error: Sea (Environment/Ocean): cannot open wave components file") !=
        std::string::npos);
  CHECK(r.output.find("no_such_waves.txt") != std::string::npos);

  // Waves="file" without the file.
  const std::string none = WriteTempFile("no_file_waves.xml", Scenario("Waves=\"file\""));
  r = RunHawser("validate '" + none + "'");
  CAPTURE(r.output);
  CHECK(r.exit_code == 2);
  CHECK(r.output.find(none + ":3: error: Sea (Environment/Ocean): Waves=\"file\" needs "
                             "WaveComponentsFile") != std::string::npos);
  for (const std::string& p : {bad, xml, missing, none}) std::filesystem::remove(p);
}

}  // namespace
}  // namespace hawser::testing
