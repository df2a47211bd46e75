// `hawser run --save-state`, `--save-state-at` and `--restart`: a run continued from a saved
// state equals the uninterrupted run (bit for bit with a fixed-step integrator), and a state file
// is refused for another model (docs/command-line.md).
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "runtime/analysis/hdf5_reader.h"
#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

const std::string kMassOnSpring = HAWSER_SOURCE_DIR "/configs/mass_on_spring.xml";
/// RK4 with a step of 0.005 s, which divides the output interval 0.05 s; every state logged.
const std::string kRk4 =
    " --set Engine.IntegratorMethod=1 --set Engine.stepsize=0.005 --set Engine.LogStates=1";

/// A fresh, empty folder in the temporary directory, removed with everything in it at the end.
struct TempDir {
  explicit TempDir(const std::string& name)
      : path((std::filesystem::temp_directory_path() / ("hawser_restart_" + name)).string()) {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
  std::string path;
};

CommandResult Run(const std::string& args, const TempDir& dir) {
  return RunHawser("run '" + kMassOnSpring + "' " + args, dir.path);
}

/// The rows of `full` from time `from` on, signal by signal, against the whole of `continued`:
/// each difference at most `tolerance` times the signal's largest magnitude (at least 1). With
/// `tolerance` 0 every value must be the same double.
void CheckContinues(const RecordedRun& full, const RecordedRun& continued, double from,
                    double tolerance) {
  size_t first = 0;
  while (first < full.time.size() && full.time[first] < from) ++first;
  REQUIRE(continued.time.size() == full.time.size() - first);
  REQUIRE(continued.signals.size() == full.signals.size());
  for (size_t r = 0; r < continued.time.size(); ++r)
    REQUIRE(continued.time[r] == full.time[first + r]);
  for (size_t s = 0; s < full.signals.size(); ++s) {
    const RecordedSignal& a = full.signals[s];
    const RecordedSignal& b = continued.signals[s];
    CAPTURE(a.name);
    REQUIRE(a.name == b.name);
    const size_t w = static_cast<size_t>(a.width);
    double largest = 0.0, scale = 1.0;
    for (size_t i = 0; i < b.values.size(); ++i) {
      largest = std::max(largest, std::abs(b.values[i] - a.values[first * w + i]));
      scale = std::max(scale, std::abs(a.values[first * w + i]));
    }
    CHECK(largest <= tolerance * scale);
  }
}

/// Runs the uninterrupted run (`full`), the one that saves (`save`) and the one that restarts
/// (`restart`), each to an .h5 file, and checks that the restarted run continues the full one from
/// time `from` within `tolerance` (CheckContinues). Returns the saving run's output.
std::string SaveAndRestart(const TempDir& dir, const std::string& full, const std::string& save,
                           const std::string& restart, double from, double tolerance) {
  const CommandResult a = Run("-o full.h5 " + full, dir);
  REQUIRE_MESSAGE(a.exit_code == 0, a.output);
  const CommandResult b = Run("-o first.h5 --save-state s.h5 " + save, dir);
  REQUIRE_MESSAGE(b.exit_code == 0, b.output);
  const CommandResult c = Run("-o second.h5 --restart s.h5 " + restart, dir);
  REQUIRE_MESSAGE(c.exit_code == 0, c.output);
  CheckContinues(ReadRecordedRun(dir.path + "/full.h5"), ReadRecordedRun(dir.path + "/second.h5"),
                 from, tolerance);
  return b.output;
}

TEST_CASE("restart: a fixed-step run continued from a saved state repeats it bit for bit") {
  // RK4's steps restart at each output time (fixed_step_integrator.h), and the mass and spring
  // keep no state outside x: from the state at t = 4 the same steps give the same doubles.
  const TempDir dir("rk4");
  SaveAndRestart(dir, kRk4, "--save-state-at 4" + kRk4, kRk4, 4.0, 0.0);
}

TEST_CASE("restart: the state at the end continues the run to a later end time") {
  // A 10 s run saved at its end, continued to 20 s with only the Engine's TOutput changed,
  // equals a 20 s run from t = 10 on, bit for bit (RK4 as above).
  const TempDir dir("end");
  const std::string to20 = " --set 'Engine.TOutput=\"0, 0.05, 20\"'";
  const std::string saved = SaveAndRestart(dir, kRk4 + to20, kRk4, kRk4 + to20, 10.0, 0.0);
  CHECK(saved.find("state at t = 10 saved to s.h5") != std::string::npos);
}

TEST_CASE("restart: a CVODE run continues within its tolerance") {
  // CVODE keeps a history (its order and step size) that the state file does not hold: the
  // continued run starts again at order 1, so its steps, and its errors, differ. Each run is
  // within 1e-6 (relative) of the closed form z(t) = z_eq + 0.5 cos(5 t) at RelTol = AbsTol =
  // 1e-9 over 10 s (run_set_test.cpp's bound), an energy (a square) within 2e-6: the two differ
  // by at most 1e-5 of each signal's peak (3.4e-6 seen, in the kinetic energy). A wrong or
  // misplaced state would differ by the signal's own size.
  const TempDir dir("cvode");
  const std::string states = " --set Engine.LogStates=1";
  SaveAndRestart(dir, states, "--save-state-at 4" + states, states, 4.0, 1e-5);
}

TEST_CASE("restart: a state is refused for another model, with the reason") {
  const TempDir dir("refused");
  const CommandResult save = Run("-o first.csv --save-state s.h5", dir);
  REQUIRE_MESSAGE(save.exit_code == 0, save.output);
  // The Engine (tolerances, output times) may change; a parameter may not.
  const CommandResult engine =
      Run("-o a.csv --restart s.h5 --set Engine.RelTol=1e-8 --set 'Engine.TOutput=\"0, 0.05, 11\"'",
          dir);
  CHECK_MESSAGE(engine.exit_code == 0, engine.output);
  const CommandResult other = Run("-o b.csv --restart s.h5 --set k=60", dir);
  CHECK(other.exit_code == 2);
  CHECK(other.output.find("error: --restart 's.h5': the state was saved from another model") !=
        std::string::npos);
  CHECK(other.output.find("mass_on_spring.xml") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(dir.path + "/b.csv"));  // Refused before any output.
  // The state is at t = 10: a run that ends at 5 cannot continue from it.
  const CommandResult early =
      Run("-o c.csv --restart s.h5 --set 'Engine.TOutput=\"0, 0.05, 5\"'", dir);
  CHECK(early.exit_code == 2);
  CHECK(early.output.find("the restart state is at t = 10, outside the scenario's output times "
                          "0 .. 5") != std::string::npos);
}

TEST_CASE("restart: bad state files and options are refused with exit 2 and the reason") {
  const TempDir dir("bad");
  const CommandResult result = Run("-o r.h5", dir);
  REQUIRE_MESSAGE(result.exit_code == 0, result.output);
  // Each refused with exit 2, its output naming every part of the reason.
  const auto refused = [&](const std::string& args, const std::vector<std::string>& reasons) {
    CAPTURE(args);
    const CommandResult r = Run(args, dir);
    CHECK_MESSAGE(r.exit_code == 2, r.output);
    for (const std::string& reason : reasons) {
      CHECK_MESSAGE(r.output.find(reason) != std::string::npos, reason);
    }
  };
  refused("-o a.csv --restart r.h5", {"'r.h5' is a hawser result file, not a state file"});
  refused("-o a.csv --restart nothing.h5", {"nothing.h5"});
  refused(
      "-o a.csv --save-state s.h5 --save-state-at 4.01",
      {"--save-state-at 4.01: not an output time", "the nearest are 4 (before) and 4.05 (after)"});
  refused("-o a.csv --save-state-at 4", {"--save-state-at needs --save-state FILE"});
  refused("-o s.h5 --save-state ./s.h5", {"--save-state './s.h5' is the result file (-o)"});
  CHECK_FALSE(std::filesystem::exists(dir.path + "/s.h5"));
}

}  // namespace
}  // namespace hawser::testing
