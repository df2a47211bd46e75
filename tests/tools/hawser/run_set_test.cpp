// `hawser run --set NAME=VALUE`: one value per name, in `hawser sweep --set`'s grammar, with the
// sweep's errors for bad names (docs/command-line.md).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/hawser/cli_support.h"
#include "tests/tools/hawser/csv_text.h"

namespace hawser::testing {
namespace {

const std::string kMassOnSpring = HAWSER_SOURCE_DIR "/configs/mass_on_spring.xml";

/// The lines of `output` that contain "error:".
std::vector<std::string> ErrorLines(const std::string& output) {
  std::vector<std::string> lines;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);) {
    if (line.find("error:") != std::string::npos) lines.push_back(line);
  }
  return lines;
}

TEST_CASE("run --set overrides a parameter, an initial condition and Engine attributes") {
  // The ball of configs/mass_on_spring.xml made 8 kg on a 200 N/m spring (L0 = 1 m, g = 9.81):
  // omega = sqrt(k/m) = 5 rad/s, z_eq = -(1 + m g / k) = -1.3924 m; released 0.3 m above it:
  // z(t) = z_eq + 0.3 cos(omega t).
  const double k = 200, m = 8, omega = std::sqrt(k / m), z_eq = -(1 + m * 9.81 / k);
  const std::string out = WriteTempFile("run_set.csv", "");
  const CommandResult r = RunHawser(
      "run '" + kMassOnSpring + "' -o '" + out +
      "' --set Ball.Mass=8 --set k=200 --set 'Ball:Pos[2]=-1.0924' --set Engine.RelTol=1e-10 "
      "--set Engine.AbsTol=1e-10 --set Engine.LogStates=1");
  CAPTURE(r.output);
  REQUIRE(r.exit_code == 0);
  const Csv csv = ParseCsv(ReadFile(out));
  const auto t = csv.Column("Time");
  const auto z = csv.Column("Ball.Pos[2]");
  REQUIRE(t.size() == 201);  // TOutput 0, 0.05, 10 is untouched.
  REQUIRE(z.size() == t.size());
  CHECK(csv.Has("Ball:Pos[2]"));  // LogStates=1 took effect.
  for (size_t i = 0; i < t.size(); ++i) {
    CAPTURE(t[i]);
    // Closed form; tolerances 1e-10 over 8 periods keep the error well below 1e-6 m.
    CHECK(z[i] == doctest::Approx(z_eq + 0.3 * std::cos(omega * t[i])).scale(1).epsilon(1e-6));
  }
  std::filesystem::remove(out);
}

TEST_CASE("run --set applies several Engine attributes together") {
  // IntegratorMethod="1" (RK4) is valid only with a stepsize: each --set Engine.X used to
  // re-read <Engine> with that one attribute replaced, so the first was refused and, in a
  // sweep, an earlier override was silently undone by a later one. Either order must work, and
  // RK4 over the file's 10 s takes exactly 10 / stepsize steps (0.005 divides the output interval
  // 0.05).
  const std::string out = WriteTempFile("run_set_engine.csv", "");
  for (const std::string sets : {"--set Engine.IntegratorMethod=1 --set Engine.stepsize=0.005",
                                 "--set Engine.stepsize=0.005 --set Engine.IntegratorMethod=1"}) {
    CAPTURE(sets);
    const CommandResult r = RunHawser("run '" + kMassOnSpring + "' -o '" + out + "' " + sets);
    CAPTURE(r.output);
    REQUIRE(r.exit_code == 0);
    CHECK(r.output.find("rk4: 2000 steps, 8000 RHS evaluations") != std::string::npos);
  }
  std::filesystem::remove(out);
}

TEST_CASE("run --set takes a quoted value with commas: output times, a whole initial state") {
  // The ball (2 kg, k = 50 N/m, L0 = 1 m) released at rest from z = -1.2: z_eq = -1.3924,
  // omega = 5 rad/s, z(t) = z_eq + 0.1924 cos(omega t), sampled at the 5 times 0, 0.5 .. 2.
  const double z_eq = -(1 + 2 * 9.81 / 50), omega = 5.0;
  const std::string out = WriteTempFile("run_set_quoted.csv", "");
  const CommandResult r =
      RunHawser("run '" + kMassOnSpring + "' -o '" + out +
                R"(' --set 'Engine.TOutput="0, 0.5, 2"' --set 'Ball:Pos="0,0,-1.2"')");
  CAPTURE(r.output);
  REQUIRE(r.exit_code == 0);
  const Csv csv = ParseCsv(ReadFile(out));
  const auto t = csv.Column("Time");
  const auto z = csv.Column("Ball.Pos[2]");
  REQUIRE(t == std::vector<double>{0, 0.5, 1, 1.5, 2});
  for (size_t i = 0; i < t.size(); ++i) {
    CAPTURE(t[i]);
    // The file's tolerances (1e-9) keep the error of this small oscillation below 1e-7 m.
    CHECK(z[i] == doctest::Approx(z_eq + (-1.2 - z_eq) * std::cos(omega * t[i])).epsilon(1e-7));
  }
  std::filesystem::remove(out);
}

TEST_CASE("run --set reports bad names exactly as sweep --set does, exit 2") {
  const std::string out = WriteTempFile("run_set_bad.csv", "");
  const std::string sweep_out = WriteTempFile("run_set_bad.h5", "");
  for (const std::string set : {"Bal.Mass=3", "Ball.Mas=3", "Engine.RelTolx=1e-6",
                                "'Ball:Pos[7]=1'", "Engine.RelTol=2", "noequals"}) {
    CAPTURE(set);
    const CommandResult run =
        RunHawser("run '" + kMassOnSpring + "' -o '" + out + "' --set " + set);
    const CommandResult sweep =
        RunHawser("sweep -q '" + kMassOnSpring + "' -o '" + sweep_out + "' --set " + set);
    CAPTURE(run.output);
    CAPTURE(sweep.output);
    CHECK(run.exit_code == 2);
    CHECK(sweep.exit_code == 2);
    CHECK(!ErrorLines(run.output).empty());
    CHECK(ErrorLines(run.output) == ErrorLines(sweep.output));
  }
  // The messages themselves, as a user reads them.
  CommandResult r = RunHawser("run '" + kMassOnSpring + "' -o '" + out + "' --set Bal.Mass=3");
  CHECK(r.output.find("mass_on_spring.xml: error: --set Bal.Mass: unknown object 'Bal'; did you "
                      "mean 'Ball'?") != std::string::npos);
  r = RunHawser("run '" + kMassOnSpring + "' -o '" + out + "' --set Ball.Mas=3");
  CHECK(r.output.find("mass_on_spring.xml:11: error: Ball (Body/3DBody): unknown parameter "
                      "'Mas'; did you mean 'Mass'?") != std::string::npos);
  std::filesystem::remove(out);
  std::filesystem::remove(sweep_out);
}

TEST_CASE("run --set takes one value per name, each name once") {
  const std::string out = WriteTempFile("run_set_many.csv", "");
  CommandResult r = RunHawser("run '" + kMassOnSpring + "' -o '" + out + "' --set k=1,2");
  CHECK(r.exit_code == 2);
  CHECK(
      r.output.find("error: --set k: 2 values; a run takes one value per name (`hawser sweep` runs "
                    "several)") != std::string::npos);
  r = RunHawser("run '" + kMassOnSpring + "' -o '" + out + "' --set k=1 --set k=2");
  CHECK(r.exit_code == 2);
  CHECK(r.output.find("error: 'k' is set twice; expected each name once") != std::string::npos);
  std::filesystem::remove(out);
}

}  // namespace
}  // namespace hawser::testing
