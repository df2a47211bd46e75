// `hawser stats --utilisation`: DNV-OS-E301's design tension and utilisation per line, intact and
// damaged, on small synthetic records computed by hand, over seeds against scipy's Gumbel fit,
// the HDF5 summary, and bad input, through the real program.
#include <doctest/doctest.h>

#include <filesystem>
#include <regex>
#include <string>

#include "tests/tools/hawser/check_script.h"
#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

CommandResult Check(const std::string& args) {
  return RunCheckScript("utilisation_check.py", args);
}

/// `text` with each run of spaces made one, so that rows compare without their column widths.
std::string Squeeze(const std::string& text) {
  return std::regex_replace(text, std::regex(" +"), " ");
}

/// A fresh folder with the records utilisation_check.py writes.
std::string RecordsDir(const std::string& name) {
  const std::string dir =
      std::filesystem::path(WriteTempFile("utilisation_marker", "")).parent_path() / name;
  std::filesystem::create_directories(dir);
  const CommandResult written = Check("write '" + dir + "'");
  REQUIRE_MESSAGE(written.exit_code == 0, written.output);
  return dir;
}

}  // namespace

TEST_CASE("hawser stats --utilisation: intact and damaged design tensions by hand") {
  const std::string dir = RecordsDir("utilisation_hand");
  const std::string out = dir + "/summary.h5";
  const CommandResult run = RunHawser(
      "stats '" + dir + "/intact.h5' --utilisation Line1.TensionB=5e6,Line2.TensionB=3e6 " +
      "--damaged '" + dir + "/damaged.h5' -o '" + out + "'");
  REQUIRE_MESSAGE(run.exit_code == 0, run.output);
  const std::string text = Squeeze(run.output);
  // Each record alternates T0 -/+ A over 16 rows: mean T0, std A, 8 up-crossings, so the MPM is
  // T0 + A sqrt(2 ln 8) = T0 + 2.0393340 A. Line1 intact: T_c,dyn = 1.019667e6, T_d = 1.1 * 2e6
  // + 1.5 * 1.019667e6 = 3.7295e6, S_C = 0.95 * 5e6 = 4.75e6, u = 0.7852. Line2: T_c,dyn =
  // 407867, T_d = 1.65e6 + 611800 = 2.2618e6, S_C = 2.85e6, u = 0.7936. Damaged (ALS 1.0, 1.1):
  // Line2 = 3e6 -/+ 1e6: T_d = 3e6 + 1.1 * 2.039334e6 = 5.24327e6, S_C = 2.85e6: u = 1.8397.
  // Printed to 6 digits (4 for u), so these hand values match to the last printed digit.
  CHECK(text.find("intact case: 1 record, T_c,max = MPM, factors uls-cc1 (gamma_mean 1.1, "
                  "gamma_dyn 1.5), S_C = 0.95 MBL") != std::string::npos);
  CHECK(text.find("Line1.TensionB 2e+06 1.01967e+06 3.01967e+06 3.7295e+06 5e+06 4.75e+06 "
                  "0.7852 pass") != std::string::npos);
  CHECK(text.find("Line2.TensionB 1.5e+06 407867 1.90787e+06 2.2618e+06 3e+06 2.85e+06 0.7936 "
                  "pass") != std::string::npos);
  CHECK(text.find("damaged case: 1 record, T_c,max = MPM, factors als (gamma_mean 1, gamma_dyn "
                  "1.1), S_C = 0.95 MBL") != std::string::npos);
  // Line1 broke at t = 8 s: half its record 2e6 -/+ 0.5e6, then 0 (mean 1e6, no up-crossing).
  CHECK(text.find("Line1.TensionB 1e+06 nan nan nan 5e+06 4.75e+06 nan broken") !=
        std::string::npos);
  CHECK(text.find("Line2.TensionB 3e+06 2.03933e+06 5.03933e+06 5.24327e+06 3e+06 2.85e+06 "
                  "1.8397 FAIL") != std::string::npos);
  CHECK(text.find("a line FAILS its check") != std::string::npos);
  // The same rows in the HDF5 summary.
  const CommandResult h5 = Check("h5 '" + out + "'");
  REQUIRE_MESSAGE(h5.exit_code == 0, h5.output);
  CHECK(h5.output.find("intact uls-cc1 1.1 1.5 0.95 mpm 1\n") != std::string::npos);
  CHECK(h5.output.find("intact Line1.TensionB 3.7295e+06 5e+06 0.7852 pass\n") !=
        std::string::npos);
  CHECK(h5.output.find("damaged als 1.0 1.1 0.95 mpm 1\n") != std::string::npos);
  CHECK(h5.output.find("damaged Line1.TensionB nan 5e+06 nan broken\n") != std::string::npos);
  CHECK(h5.output.find("damaged Line2.TensionB 5.24327e+06 3e+06 1.8397 fail\n") !=
        std::string::npos);

  // Consequence class 2 (1.4, 2.1), by name or as numbers, with --mbl for both lines and S_C =
  // MBL: Line2 intact T_d = 1.4 * 1.5e6 + 2.1 * 407867 = 2.95652e6 over 3e6: u = 0.9855.
  for (const std::string factors : {"uls-cc2", "1.4,2.1"}) {
    CAPTURE(factors);
    const CommandResult cc2 =
        RunHawser("stats '" + dir + "/intact.h5' --utilisation Line2.TensionB --mbl 3e6 " +
                  "--strength 1 --factors " + factors);
    REQUIRE_MESSAGE(cc2.exit_code == 0, cc2.output);
    CHECK(Squeeze(cc2.output)
              .find("Line2.TensionB 1.5e+06 407867 1.90787e+06 2.95652e+06 3e+06 "
                    "3e+06 0.9855 pass") != std::string::npos);
    CHECK(cc2.output.find("every line passes") != std::string::npos);
  }

  // A window that ends before the break: Line1 is intact there. t = 0 .. 7 s: 8 rows, 4
  // up-crossings: MPM = 2e6 + 0.5e6 sqrt(2 ln 4) = 2.832555e6; ALS: T_d = 2e6 + 1.1 * 832555 =
  // 2.915811e6, u = 2.915811e6 / 4.75e6 = 0.6139.
  const CommandResult before =
      RunHawser("stats '" + dir + "/intact.h5' --utilisation Line1.TensionB=5e6 --damaged '" + dir +
                "/damaged.h5' --damaged-window 0:7");
  REQUIRE_MESSAGE(before.exit_code == 0, before.output);
  CHECK(Squeeze(before.output)
            .find("Line1.TensionB 2e+06 832555 2.83255e+06 2.91581e+06 5e+06 4.75e+06 0.6139 "
                  "pass") != std::string::npos);
  // 3 rows (-/+/-: one up-crossing) have no MPM: "unknown", with a warning, not a pass.
  const CommandResult short_record =
      RunHawser("stats '" + dir + "/intact.h5' --utilisation Line1.TensionB=5e6 --window 0:2");
  REQUIRE_MESSAGE(short_record.exit_code == 0, short_record.output);
  CHECK(Squeeze(short_record.output).find("nan unknown") != std::string::npos);
  CHECK(short_record.output.find("warning: intact case, Line1.TensionB: no characteristic "
                                 "maximum (a record with fewer than 2 up-crossings of its mean "
                                 "has no MPM): not checked") != std::string::npos);
  CHECK(short_record.output.find("a line FAILS its check or was not checked") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("hawser stats --utilisation: over 4 seeds, the Gumbel mode of the maxima as scipy's") {
  const std::string dir = RecordsDir("utilisation_seeds");
  std::string files;
  for (int k = 0; k < 4; ++k) files += " '" + dir + "/seed_" + std::to_string(k) + ".h5'";
  const CommandResult run =
      RunHawser("stats" + files + " --utilisation Line1.TensionB,Line2.TensionB --mbl 8e6");
  REQUIRE_MESSAGE(run.exit_code == 0, run.output);
  CHECK(run.output.find("intact case: 4 records, T_c,max = Gumbel mode of the maxima") !=
        std::string::npos);
  // scipy.stats.gumbel_r.fit's mode and the mean of the seeds' means, printed to 6 digits as
  // hawser prints them (the fits agree to 1e-8: design_stats_test.cpp).
  const CommandResult want = Check("gumbel '" + dir + "'");
  REQUIRE_MESSAGE(want.exit_code == 0, want.output);
  const std::string text = Squeeze(run.output);
  size_t from = 0;
  int rows = 0;
  while (from < want.output.size()) {
    const size_t end = want.output.find('\n', from);
    const std::string row = want.output.substr(from, end - from);
    CAPTURE(row);
    CHECK(text.find(row + " 8e+06 7.6e+06 ") != std::string::npos);
    ++rows;
    from = end + 1;
  }
  CHECK(rows == 2);
  std::filesystem::remove_all(dir);
}

TEST_CASE("hawser stats --utilisation: bad factors, MBL and records are exit 2 named") {
  const std::string dir = RecordsDir("utilisation_bad");
  const std::string intact = "stats '" + dir + "/intact.h5' --utilisation Line1.TensionB";
  const struct {
    std::string args, message;
  } cases[] = {
      {intact + "=5e6 --factors uls-cc3",
       "error: --factors 'uls-cc3': unknown factor set; expected uls-cc1 (1.1,1.5), uls-cc2 "
       "(1.4,2.1), als (1.0,1.1) or GAMMA_MEAN,GAMMA_DYN"},
      {intact + "=5e6 --factors 1.1,0",
       "error: --factors '1.1,0': gamma_dyn = 0 must be > 0 (a partial safety factor)"},
      {intact + "=5e6 --damaged '" + dir + "/damaged.h5' --damaged-factors=-1,1.1",
       "error: --damaged-factors '-1,1.1': gamma_mean = -1 must be > 0"},
      {intact,
       "error: --utilisation Line1.TensionB: no MBL for this line; give "
       "Line1.TensionB=MBL (N) or --mbl N"},
      {intact + "=0", "error: --utilisation Line1.TensionB= '0': expected an MBL in N > 0"},
      {intact + "=5e6 --strength 0", "error: --strength '0': expected a factor > 0"},
      {intact + "=5e6 --damaged '" + dir + "/damaged.h5','" + dir + "/intact.h5'",
       "error: damaged case: 2 records; give 1"},
      {"stats '" + dir + "/intact.h5' --damaged '" + dir + "/damaged.h5'",
       "error: --damaged, --damaged-window, --mbl and -o belong to --utilisation"},
      {intact + "=5e6 --extremes Line1.TensionB",
       "error: --fatigue, --extremes and --utilisation are separate analyses; give one per call"},
  };
  for (const auto& c : cases) {
    const std::string args = c.args;
    CAPTURE(args);
    const CommandResult r = RunHawser(args);
    CHECK(r.exit_code == 2);
    CHECK_MESSAGE(r.output.find(c.message) != std::string::npos, r.output);
  }
  std::filesystem::remove_all(dir);
}

}  // namespace hawser::testing
