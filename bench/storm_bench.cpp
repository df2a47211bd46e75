// A 3-hour storm on the OC3-Hywind spar (issue 26): the spar on its three catenary lines
// (bench/storm_model.h), N = 20 and 40 segments per line, JONSWAP Hs 6 m / Tp 10 s / gamma 3.3
// with 200 components, a 0.5 m/s power-law current, the waves ramped in over 30 s, settled
// first, CVODE BDF at AbsTol = RelTol = 3e-4 with the order capped at 2 (BDF2 is A-stable: at
// orders 3-5 the lines' lightly damped modes held the step near 0.04 s; --sweep 1 measures it).
// Prints per N: the storm's wall time (from the first output, so less Settle) and simulated
// seconds per wall second, steps, RHS and Jacobian evaluations, the share of the wall time spent in
// wave kinematics (the ocean's in-run timer), and same-run baselines: the regular wave of the same
// height and period, the current alone, and the direct wave sum (WaveKinematics="direct",
// today's code path) on a shorter window, scaled to the storm's length; and the storm with the
// design loads of configs/spar_oc3_design.xml on (wind with a Kaimal gust, the current's load
// on the column, Newman's slow drift, the WAMIT hull with radiation memory: storm_model.h),
// same N, same seconds, its cost as 'x storm'. Then the accuracy:
// the fairlead tensions' RMS difference and their 600-s most probable maxima against a run of
// the same model at tight tolerances (1e-7) over the first `reference` seconds.
// Never fails on a timing; exits 1 only when a run fails.
//
// With --moordyn DIR (a MoorDyn build, bench/moordyn_peer.h) it then runs the side by side of
// bench/storm_side_by_side.h: the reference line and the spar's lines, hawser and MoorDyn
// alternating, in one sea. The reference line runs at two hawser settings, the storm's tolerance
// and MoorDyn's still-water accuracy, each with its own error against a tight hawser run.
//
// Usage: storm_bench [--seconds S] [--n N[,N...]] [--baseline S] [--reference S]
//                    [--moordyn DIR [--moordyn-window S] [--moordyn-parts a|b|ab]
//                     [--kinematics fast|grid]]
//   defaults: --seconds 10800 --n 20,40 --baseline 600 --reference 1200 (each at most --seconds)
//   --moordyn-window 60 (the spar side by side's length), --kinematics fast (hawser's
//   WaveKinematics in the side by side)
//   --sweep 1: instead, the storm at the largest N under several integrator settings (steps,
//   failures, CPU time, accuracy against the tight reference): docs/benchmarks.md.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "bench/bench_args.h"
#include "bench/storm_model.h"
#include "bench/storm_side_by_side.h"
#include "runtime/model/model.h"
#include "runtime/run/simulation.h"
#include "runtime/scenario/scenario.h"
#include "simobjects/environment/ocean_environment.h"
#include "simobjects/register_base.h"

namespace hawser {
namespace {

constexpr double kOutputStep = 0.1;  // s: tension samples for the RMS and the MPM.
constexpr double kTightTol = 1e-7;   // The reference's AbsTol = RelTol.
constexpr double kTol = 3e-4;        // The storm's (--sweep 1: the cheapest within 0.5 %).
constexpr int kMaxOrder = 2;         // The storm's (--sweep 1).
// The spar side by side's second hawser setting: its own error near MoorDyn's there (0.02 %).
constexpr double kSideBySideTightTol = 1e-5;

/// The integrator settings of a run (storm_model.h's SparXml).
struct Settings {
  double tol = kTol;          ///< AbsTol.
  double rel_tol = -1.0;      ///< RelTol (< 0: tol).
  int max_order = kMaxOrder;  ///< MaxOrder.
};

double CpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

/// Forwards to a MemorySink and notes, at the first output (Settle is done by then), the wall
/// and CPU clocks and the ocean's kinematics timer: a run's times then leave Settle out.
class SettledSink final : public Sink {
 public:
  explicit SettledSink(const OceanEnvironment& ocean) : ocean_(ocean) {}
  void Begin(const std::vector<LoggedSignal>& signals, const RunInfo& info) override {
    rows.Begin(signals, info);
  }
  void Write(double t) override {
    if (!marked_) {
      marked_ = true;
      wall = std::chrono::steady_clock::now();
      cpu = CpuSeconds();
      kinematics = ocean_.KinematicsTiming().seconds;
    }
    rows.Write(t);
  }
  void Finish(const RunResult& result) override { rows.Finish(result); }

  MemorySink rows;
  std::chrono::steady_clock::time_point wall;
  double cpu = 0.0, kinematics = 0.0;

 private:
  const OceanEnvironment& ocean_;
  bool marked_ = false;
};

/// A run's times from its first output on (Settle left out), and its records.
struct Run {
  RunResult result;
  double wall_seconds = 0.0;        // Wall time from the first output to the end.
  double cpu_seconds = 0.0;         // Process CPU time over the same span (load-independent).
  double kinematics_seconds = 0.0;  // The ocean's in-run timer over the same span.
  double settle_seconds = 0.0;      // Wall time to the first output: Settle, mostly.
  std::vector<std::vector<double>> tensions;  // Line1..3 TensionB, every kOutputStep.
  std::vector<std::vector<double>> pos, vel;  // Fair1..3 Pos and Vel, [line][3 k + axis].
};

/// One run of the spar (storm_model.h), settled first.
Run RunSpar(int n, const storm::Sea& sea, double seconds, const Settings& set = {}) {
  const std::string rao = std::string(HAWSER_SOURCE_DIR) + "/configs/data/spar_oc3_force_raos.csv";
  Scenario scenario = LoadScenarioFromString(
      storm::SparXml(n, sea, seconds, set.tol, kOutputStep, rao, set.max_order, set.rel_tol),
      "storm_bench.xml");
  auto model = Model::Assemble(scenario, BuiltinRegistry());
  const auto& ocean = dynamic_cast<const OceanEnvironment&>(*model->FindObject("Sea"));
  SettledSink settled(ocean);
  const MemorySink& sink = settled.rows;
  Run run;
  const auto start = std::chrono::steady_clock::now();
  run.result = Simulate(*model, scenario.engine, settled);
  const auto end = std::chrono::steady_clock::now();
  run.cpu_seconds = CpuSeconds() - settled.cpu;
  if (run.result.status != RunStatus::kCompleted) {
    fmt::print("run failed (N = {}, waves {}, {}): {}\n", n, sea.waves, sea.kinematics,
               run.result.message);
    std::exit(1);
  }
  run.wall_seconds = std::chrono::duration<double>(end - settled.wall).count();
  run.settle_seconds = std::chrono::duration<double>(settled.wall - start).count();
  run.kinematics_seconds = ocean.KinematicsTiming().seconds - settled.kinematics;
  for (int i = 1; i <= 3; ++i) {
    run.tensions.push_back(sink.Column(fmt::format("Line{}.TensionB", i)));
    for (auto [port, out] : {std::pair{"Pos", &run.pos}, std::pair{"Vel", &run.vel}}) {
      std::vector<std::vector<double>> axes;
      for (int j = 0; j < 3; ++j)
        axes.push_back(sink.Column(fmt::format("Fair{}.{}[{}]", i, port, j)));
      out->emplace_back();
      for (size_t k = 0; k < axes[0].size(); ++k)
        for (int j = 0; j < 3; ++j) out->back().push_back(axes[j][k]);
    }
  }
  return run;
}

struct Options {
  double seconds = 10800.0, baseline = 600.0, reference = 1200.0;
  std::vector<int> sizes = {20, 40};
  std::string moordyn;              // A MoorDyn build: the side by side (storm_side_by_side.h).
  double moordyn_window = 60.0;     // s of the spar side by side (MoorDyn's WaveKin 7 is slow).
  std::string parts = "ab";         // Which side by side: (a) reference line, (b) spar lines.
  bool sweep = false;               // --sweep 1: the integrator settings table instead.
  std::string kinematics = "fast";  // hawser's WaveKinematics in the side by side.
};

constexpr const char* kUsage =
    "Usage: storm_bench [--seconds S] [--n N[,N...]] [--baseline S] [--reference S]\n"
    "                   [--moordyn DIR [--moordyn-window S] [--moordyn-parts a|b|ab]\n"
    "                    [--kinematics fast|grid]] [--sweep 1]\n"
    "  defaults: --seconds 10800 --n 20,40 --baseline 600 --reference 1200 --moordyn-window 60\n"
    "  (what each row means: the comment at the top of bench/storm_bench.cpp)\n";

/// The sizes of --n: whole numbers from 2 to 1000, separated by commas.
std::vector<int> Sizes(const char* text) {
  std::vector<int> sizes;
  std::string item;
  for (const char* p = text;; ++p) {
    if (*p != ',' && *p != '\0') {
      item += *p;
      continue;
    }
    sizes.push_back(static_cast<int>(
        bench::IntArgument("storm_bench", "a size in --n", item.c_str(), 2, 1000, kUsage)));
    item.clear();
    if (*p == '\0') return sizes;
  }
}

Options Parse(int argc, char** argv) {
  Options o;
  bench::HelpExit(argc, argv, kUsage);
  if (argc % 2 == 0)
    bench::BadArgument("storm_bench", "the last option", argv[argc - 1], "a value after it",
                       kUsage);
  const auto positive = [](const char* what, const char* text) {
    return bench::PositiveArgument("storm_bench", what, text, kUsage);
  };
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const char* value = argv[i + 1];
    if (flag == "--seconds") {
      o.seconds = positive("--seconds", value);
    } else if (flag == "--baseline") {
      o.baseline = positive("--baseline", value);
    } else if (flag == "--moordyn") {
      o.moordyn = value;
    } else if (flag == "--moordyn-parts") {
      o.parts = value;
      if (o.parts.empty() || o.parts.find_first_not_of("ab") != std::string::npos)
        bench::BadArgument("storm_bench", "--moordyn-parts", value, "a, b or ab", kUsage);
    } else if (flag == "--moordyn-window") {
      o.moordyn_window = positive("--moordyn-window", value);
    } else if (flag == "--kinematics") {
      o.kinematics = value;
      if (o.kinematics != "fast" && o.kinematics != "grid")
        bench::BadArgument("storm_bench", "--kinematics", value, "fast or grid", kUsage);
    } else if (flag == "--sweep") {
      o.sweep = bench::IntArgument("storm_bench", "--sweep", value, 0, 1, kUsage) != 0;
    } else if (flag == "--reference") {
      o.reference = positive("--reference", value);
    } else if (flag == "--n") {
      o.sizes = Sizes(value);
    } else {
      bench::BadArgument("storm_bench", "an option", flag.c_str(), "one of the usage's", kUsage);
    }
  }
  if (!o.moordyn.empty() && !peer::MoorDynLibrary::Loads(o.moordyn)) {
    bench::BadArgument("storm_bench", "--moordyn", o.moordyn.c_str(),
                       peer::MoorDynLibrary::kExpected, kUsage);
  }
  o.baseline = std::min(o.baseline, o.seconds);
  o.reference = std::min(o.reference, o.seconds);
  return o;
}

/// The largest over the three lines of |f(run) - f(reference)| / f(reference).
template <class F>
double WorstLine(const Run& run, const Run& ref, F f) {
  double worst = 0.0;
  for (int i = 0; i < 3; ++i) {
    std::vector<double> head(run.tensions[i].begin(),
                             run.tensions[i].begin() + ref.tensions[i].size());
    const double d = f(head, ref.tensions[i]);
    worst = std::isnan(d) || std::isnan(worst) ? NAN : std::max(worst, d);
  }
  return worst;
}

void Row(const std::string& what, const Run& run, double scale, double storm_wall,
         double sim_seconds) {
  const SolverStats& s = run.result.stats;
  const double wall = run.wall_seconds * scale;
  fmt::print("{:<30} {:>9.2f} {:>9.2f} {:>9.1f} {:>8.2f} {:>9} {:>10} {:>6} {:>10.1f}\n", what,
             wall, run.cpu_seconds * scale, sim_seconds / wall, wall / storm_wall,
             static_cast<long>(s.steps * scale), static_cast<long>(s.rhs_evals * scale),
             static_cast<long>(s.jacobian_evals * scale),
             100.0 * run.kinematics_seconds / run.wall_seconds);
  std::fflush(stdout);
}

/// --moordyn: the side by side of storm_side_by_side.h, at the largest N of --n.
void SideBySide(const Options& o) {
  const peer::MoorDynLibrary md(o.moordyn);
  peer::TempFolder folder;
  const std::vector<peer::Component> sea = peer::JonswapComponents(6.0, 10.0, 3.3, 0.01, 200, 1);
  fmt::print(
      "\nSide by side with MoorDyn ({}), alternating runs; the sea: JONSWAP Hs 6 m, Tp 10 "
      "s, gamma 3.3, 200 components at 0.01..2 rad/s in wave_frequencies.txt; hawser's "
      "WaveKinematics=\"{}\".\n",
      md.path(), o.kinematics);
  if (o.parts.find('a') != std::string::npos)
    storm::ReferenceLineSideBySide(md, folder.path(), sea, 2, o.kinematics);
  if (o.parts.find('b') == std::string::npos) return;
  const std::string file = folder.path() + "/spar_sea.txt";
  peer::WriteWaveFrequencies(file, sea);
  const int n = o.sizes.back();
  const auto spar = [&](double seconds, const storm::SparSetting& setting) {
    Run run = RunSpar(n, {.waves = "file", .kinematics = o.kinematics, .components_file = file},
                      seconds, {.tol = setting.tol, .max_order = setting.max_order});
    return storm::SparRecord{
        .wall = run.wall_seconds, .pos = run.pos, .vel = run.vel, .tension = run.tensions};
  };
  storm::SparSideBySide(md, sea, n, std::min(o.moordyn_window, o.seconds),
                        {.storm = {kTol, kMaxOrder},
                         .tight = {kSideBySideTightTol, kMaxOrder},
                         .reference = {kTightTol, 5}},  // As the accuracy line's reference.
                        spar);
}

const char* Verdict(double relative) {
  return std::isnan(relative) ? "(n/a: too short)" : relative <= 5e-3 ? "ok" : "OVER";
}

/// The fairlead tensions' RMS and 600-s MPM differences of `run` against `ref` (worst line).
std::pair<double, double> Accuracy(const Run& run, const Run& ref) {
  const double rms = WorstLine(run, ref, storm::RmsDifference);
  // The MPM from t = 60 s on (after the ramp and the start-up transient).
  const size_t skip = static_cast<size_t>(60.0 / kOutputStep);
  const double mpm = WorstLine(run, ref, [&](const auto& a, const auto& b) {
    const double ma = storm::RayleighMpm(a, kOutputStep, 600.0, skip);
    const double mb = storm::RayleighMpm(b, kOutputStep, 600.0, skip);
    return std::abs(ma / mb - 1.0);
  });
  return {rms, mpm};
}

/// --sweep 1: the storm at the largest N of --n under several integrator settings, each against
/// the tight reference: what bounds the step (error-test and convergence failures) and the cost.
void Sweep(const Options& o) {
  const int n = o.sizes.back();
  const storm::Sea jonswap;
  const Run ref = RunSpar(n, jonswap, o.reference, {.tol = kTightTol, .max_order = 5});
  fmt::print(
      "N = {}, {:g} s storm; accuracy over the first {:g} s against AbsTol = RelTol = {:g}"
      " (q <= 5). CPU s: process CPU time less Settle's.\n",
      n, o.seconds, o.reference, kTightTol);
  fmt::print("{:>7} {:>7} {:>2} {:>8} {:>8} {:>6} {:>6} {:>6} {:>8} {:>8} {:>7} {:>7}\n", "AbsTol",
             "RelTol", "q", "steps", "RHS", "Jac", "ETF", "NCF", "mean h", "CPU s", "RMS %",
             "MPM %");
  const Settings list[] = {{1e-4, -1, 3}, {1e-4, -1, 5}, {3e-4, -1, 5}, {1e-4, -1, 2},
                           {3e-4, -1, 2}, {1e-3, -1, 2}, {3e-4, -1, 3}, {1e-4, -1, 1}};
  for (const Settings& set : list) {
    const Run run = RunSpar(n, jonswap, o.seconds, set);
    const SolverStats& st = run.result.stats;
    const auto [rms, mpm] = Accuracy(run, ref);
    fmt::print(
        "{:>7.0e} {:>7.0e} {:>2} {:>8} {:>8} {:>6} {:>6} {:>6} {:>8.4f} {:>8.2f} {:>7.3f} "
        "{:>7.3f}\n",
        set.tol, set.rel_tol < 0 ? set.tol : set.rel_tol, set.max_order, st.steps, st.rhs_evals,
        st.jacobian_evals, st.error_test_failures, st.nonlinear_conv_failures,
        o.seconds / static_cast<double>(st.steps), run.cpu_seconds, 100 * rms, 100 * mpm);
    std::fflush(stdout);
  }
}

}  // namespace
}  // namespace hawser

int main(int argc, char** argv) {
  using namespace hawser;
  const Options o = Parse(argc, argv);
  std::freopen("/dev/null", "w", stderr);  // Settle's notes and each cable's initial shape.
  if (o.sweep) {
    Sweep(o);
    return 0;
  }
  fmt::print(
      "OC3-Hywind spar, 3 lines; JONSWAP Hs 6 m, Tp 10 s, gamma 3.3, 200 components; current "
      "0.5 m/s power law; 30-s ramp; settled; cvode-bdf AbsTol = RelTol = {:g}, q <= {}.\n"
      "Storm: {:g} s simulated. Wall times exclude Settle (from the first output on); 'x storm': "
      "wall time over the storm run's; 'kin %': share of the run's wall time in wave kinematics.\n"
      "The direct-sum row runs {:g} s and is scaled to {:g} s (wall, steps, RHS, Jacobians).\n"
      "'+ wind, drift, memory': the storm with wind (Kaimal gust) on the rotor, the current's "
      "load on the column, Newman's drift and the WAMIT hull's radiation memory on.\n",
      kTol, kMaxOrder, o.seconds, o.baseline, o.seconds);
  for (int n : o.sizes) {
    const storm::Sea jonswap;
    const Run storm_run = RunSpar(n, jonswap, o.seconds);
    const double storm_wall = storm_run.wall_seconds;
    fmt::print("\nN = {} per line (Settle {:.2f} s)\n", n, storm_run.settle_seconds);
    fmt::print("{:<30} {:>9} {:>9} {:>9} {:>8} {:>9} {:>10} {:>6} {:>10}\n", "run", "wall s",
               "CPU s", "sim/wall", "x storm", "steps", "RHS", "Jac", "kin %");
    Row("storm, fast kinematics", storm_run, 1.0, storm_wall, o.seconds);
    const Run loaded = RunSpar(n, {.design_loads = true}, o.seconds);
    Row("storm + wind, drift, memory", loaded, 1.0, storm_wall, o.seconds);
    const Run regular = RunSpar(n, {.waves = "regular"}, o.seconds);
    Row("regular wave H 6 m, T 10 s", regular, 1.0, storm_wall, o.seconds);
    const Run current = RunSpar(n, {.waves = "none"}, o.seconds);
    Row("current only", current, 1.0, storm_wall, o.seconds);
    const Run direct = RunSpar(n, {.kinematics = "direct"}, o.baseline);
    Row(fmt::format("storm, direct sum (x{:.3g})", o.seconds / o.baseline), direct,
        o.seconds / o.baseline, storm_wall, o.seconds);
    const Run grid = RunSpar(n, {.kinematics = "grid"}, o.seconds);
    Row("storm, kinematics grid", grid, 1.0, storm_wall, o.seconds);

    const Run ref = RunSpar(n, jonswap, o.reference, {.tol = kTightTol, .max_order = 5});
    const auto [rms, mpm] = Accuracy(storm_run, ref);
    fmt::print(
        "accuracy over the first {:g} s against AbsTol = RelTol = {:g} (worst of 3 lines): "
        "fairlead tension RMS difference {:.3f} % {}, 600-s MPM difference {:.3f} % {} "
        "(bound 0.5 %)\n",
        o.reference, kTightTol, 100 * rms, Verdict(rms), 100 * mpm, Verdict(mpm));
    const auto [grid_rms, grid_mpm] = Accuracy(grid, ref);
    fmt::print("the grid's, against the same: RMS {:.3f} % {}, MPM {:.3f} % {}\n", 100 * grid_rms,
               Verdict(grid_rms), 100 * grid_mpm, Verdict(grid_mpm));
    std::fflush(stdout);
  }
  if (!o.moordyn.empty()) {
    try {
      SideBySide(o);
    } catch (const std::exception& e) {  // MoorDyn's library or a run of it failed.
      fmt::print("side by side stopped: {}\n", e.what());
      return 1;
    }
  }
  return 0;
}
