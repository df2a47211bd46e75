// Cable benchmark against MoorDyn 2.7: the reference mooring line (bench/reference_line.h)
// with its fairlead moving x = 5 sin(2 pi t / 10) for 60 s, at N = 20, 100,
// 200 segments, with CVODE BDF on the structured Jacobian the model derives (LinearSolver=
// "band": CVODE's band solver; "sparse": the cable's exact Jacobian entries, condensed, factored
// as a band, what auto picks; baselines: SUNDIALS' own operations and KLU, KLU on the condensed
// matrix, and colored differences for every Jacobian column), with
// the order capped at 3, CVODE BDF dense, RK4 at its largest stable step and at the largest
// step as accurate as MoorDyn, and semi-explicit Euler at the largest step as accurate as
// MoorDyn (each by bisection). Prints wall time per simulated second (the
// fastest of up to 3 identical runs when a run takes under 1 s), steps,
// RHS and Jacobian evaluations, the RMS difference of the fairlead tension from a small-step RK4
// reference it computes (over the 60 s and from t = 20 s), whether the error from 20 s is
// MoorDyn's or better (MoorDyn's own from 20 s, RK2 at dtM against dtM / 10, measured in the run
// given --moordyn; cable_bench_moordyn.h's figures without), and, given a MoorDyn build
// (--moordyn DIR, bench/moordyn_peer.h), the ratio of the wall time to MoorDyn's on the same line
// in the same run (its RK2 step loop, dtM in MoorDynStep); then the fastest setting at MoorDyn's
// accuracy per N (the two fastest, each run 3 times alternating with MoorDyn). Before that: the
// convergence of the settled fairlead tension with N against the analytic elastic catenary, and the
// time to find it (Settle; the fastest of 3). Usage: cable_bench [--quick] [--moordyn DIR]  (quick:
// N = 20 and 100 only, dense limited to N = 20)
//        cable_bench --one N INTEGRATOR 'ENGINE ATTRIBUTES' [REPEATS [EI]]  (one setting,
//        repeated; prints its row per repeat, with its error against the reference run; EI:
//        the line's BendingStiffness in N m^2, default 0)
//        cable_bench --profile N INTEGRATOR 'ENGINE ATTRIBUTES' [REPEATS [EI]]  (the same without
//        the reference run, for a profiler: its error prints as nan)
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bench/bench_args.h"
#include "bench/cable_bench_moordyn.h"
#include "bench/reference_line.h"
#include "runtime/model/model.h"
#include "runtime/run/simulation.h"
#include "runtime/scenario/scenario.h"
#include "runtime/solve/settle.h"
#include "simobjects/cable/catenary.h"
#include "simobjects/register_base.h"

namespace hawser {
namespace {

struct Settled {
  std::vector<double> x;
  SettleResult result;
  double fx = 0.0, fz = 0.0;  // Fairlead force.
  double touchdown_x = 0.0;   // x of the first node clear of the seabed.
};

/// The reference line's scenario with BendingStiffness `ei` [N m^2] (none when 0).
std::string WithBending(std::string xml, double ei) {
  const std::string seabed = R"(SeabedDepth="-100")";
  if (ei > 0.0)
    xml.insert(xml.find(seabed) + seabed.size(), fmt::format(R"( BendingStiffness="{}")", ei));
  return xml;
}

Settled SettleLine(int n, double ei = 0.0) {
  Scenario scenario = LoadScenarioFromString(
      WithBending(test::ReferenceLineXml(n, "", "cvode-bdf", false, 0.1), ei), "ref.xml");
  auto model = Model::Assemble(scenario, BuiltinRegistry());
  Settled s;
  s.x = model->InitialState(0.0);
  s.result = Settle(*model, 0.0, s.x, {.abs_tol = 1e-6, .rel_tol = 1e-6});
  model->EvaluateOutputs(0.0, s.x.data());
  const SimObject* line = model->FindObject("L1");
  const auto& outs = line->interface().outputs;
  for (size_t o = 0; o < outs.size(); ++o) {
    if (outs[o].spec.name == "ForceB") {
      s.fx = line->output_view(o)[0];
      s.fz = line->output_view(o)[2];
    }
    if (outs[o].spec.name == "NodePositions") {
      for (int i = 0; i <= n; ++i) {
        if (line->output_view(o)[3 * i + 2] > -100.0) {
          s.touchdown_x = line->output_view(o)[3 * i];
          break;
        }
      }
    }
  }
  return s;
}

/// The cable's Nodes from a settled state (the model's state ends with DissipatedEnergy).
std::string NodesInitialCondition(const std::vector<double>& x) {
  std::string text;
  for (size_t i = 0; i + 1 < x.size(); ++i) text += fmt::format("{}{:.17g}", i ? "," : "", x[i]);
  return text;
}

struct Timed {
  RunResult result;
  std::vector<double> tension;
};

Timed RunDynamic(int n, const std::string& nodes, const std::string& integrator,
                 const std::string& extra, double end_time, double ei = 0.0) {
  // Only the tension it reads is logged: MoorDyn's runs log nothing (disableOutput), and
  // logging every output cost hawser 6 % (RK4) to 10 % (BDF) of this run's time.
  std::string xml = WithBending(
      test::ReferenceLineXml(n, extra, integrator, false, end_time, true, "object.L1.TensionB"),
      ei);
  const std::string placeholder = "<InitialCondition/>";
  xml.replace(xml.find(placeholder), placeholder.size(),
              fmt::format(R"(<InitialCondition L1.Nodes="{}"/>)", nodes));
  Scenario scenario = LoadScenarioFromString(xml, "bench.xml");
  auto model = Model::Assemble(scenario, BuiltinRegistry());
  MemorySink sink;
  Timed t;
  t.result = Simulate(*model, scenario.engine, sink);
  if (t.result.status == RunStatus::kCompleted) t.tension = sink.Column("L1.TensionB");
  return t;
}

/// RunDynamic repeated while a run is quick (under 1 s, at most 3 runs), with the fastest wall
/// time: a table row's time against noise from other processes (a single run at N = 100 varied
/// by up to 1.5x). The runs are deterministic: only their times differ.
Timed BestRun(int n, const std::string& nodes, const std::string& integrator,
              const std::string& extra, double end_time) {
  Timed best = RunDynamic(n, nodes, integrator, extra, end_time);
  for (int r = 1; r < 3 && best.result.wall_seconds < 1.0; ++r) {
    const Timed again = RunDynamic(n, nodes, integrator, extra, end_time);
    best.result.wall_seconds = std::min(best.result.wall_seconds, again.result.wall_seconds);
  }
  return best;
}

bool Stable(const Timed& t) {
  if (t.result.status != RunStatus::kCompleted) return false;
  for (double v : t.tension)
    if (!std::isfinite(v) || v > 5e6) return false;  // ~5x the largest physical tension.
  return true;
}

/// The reference run's step: RK4 about 8x below its stability limit (which scales as 1/N).
double ReferenceStep(int n) { return 5e-4 * 100.0 / n; }

/// A setting that matched MoorDyn's accuracy: its row's name, how to run it, its figures.
struct Candidate {
  std::string method, integrator, attributes;
  double ms = 0.0, rms_from_20s = 0.0;
};

/// Orders candidates by wall time per simulated second, the fastest first.
bool Faster(const Candidate& a, const Candidate& b) { return a.ms < b.ms; }

/// One row of the dynamic table; also remembers the two fastest rows at MoorDyn's error or
/// better (the final table times both again: one timing each can pick the wrong one when the
/// machine has a slow spell).
struct Table {
  int n = 0;
  std::vector<double> reference;
  std::vector<Candidate> fastest;  // At most 2, the fastest first.
  double md_ms = NAN;  // MoorDyn's ms per simulated s in this run (NaN without --moordyn).
  /// The error to match from t = 20 s: MoorDyn's own, measured in this run (kMoorDyn without).
  double accuracy = NAN;

  /// `integrator` and `attributes`: the row's setting, to run it again beside MoorDyn.
  void Row(const std::string& method, const Timed& t, double sim_seconds,
           const std::vector<double>& ref, const std::string& note, bool candidate = true,
           const std::string& integrator = "", const std::string& attributes = "") {
    const SolverStats& s = t.result.stats;
    const double ms = 1e3 * t.result.wall_seconds / sim_seconds;
    const double rms = t.tension.empty() ? NAN : RmsDifference(t.tension, ref);
    const double rms20 = t.tension.empty() ? NAN : RmsDifferenceFrom(t.tension, ref, kFrom20s);
    const bool as_accurate = rms20 <= accuracy;  // False for NaN (a failed or short run).
    fmt::print("{:>4} {:<26} {:>9.3f} {:>8} {:>8} {:>6} {:>10} {:>10} {:>5} {:>9.3f} {}\n", n,
               method, ms, s.steps, s.rhs_evals, s.jacobian_evals,
               t.tension.empty() ? std::string("failed") : fmt::format("{:.2e}", rms),
               t.tension.empty() ? std::string("failed") : fmt::format("{:.2e}", rms20),
               as_accurate ? "yes" : "no", ms / md_ms, note);
    if (!candidate || !as_accurate) return;
    // Two rows of the same setting (RK4's two bisections can agree) count once.
    for (const Candidate& c : fastest)
      if (c.integrator == integrator && c.attributes == attributes) return;
    fastest.push_back({method, integrator, attributes, ms, rms20});
    std::sort(fastest.begin(), fastest.end(), Faster);
    if (fastest.size() > 2) fastest.pop_back();
  }
};

}  // namespace
}  // namespace hawser

int main(int argc, char** argv) {
  using namespace hawser;
  const char* usage =
      "Usage: cable_bench [--quick] [--moordyn DIR]\n"
      "       cable_bench --one N INTEGRATOR 'ENGINE ATTRIBUTES' [REPEATS [EI]]\n"
      "       cable_bench --profile N INTEGRATOR 'ENGINE ATTRIBUTES' [REPEATS [EI]]\n"
      "  (what each prints: the comment at the top of bench/cable_bench.cpp)\n";
  bench::HelpExit(argc, argv, usage);
  // --moordyn DIR (anywhere): run MoorDyn from that build beside hawser; taken out of argv.
  std::optional<peer::MoorDynLibrary> moordyn;
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], "--moordyn") != 0) continue;
    if (!peer::MoorDynLibrary::Loads(argv[i + 1])) {
      bench::BadArgument("cable_bench", "--moordyn", argv[i + 1], peer::MoorDynLibrary::kExpected,
                         usage);
    }
    moordyn.emplace(argv[i + 1]);
    for (int j = i; j + 2 <= argc; ++j) argv[j] = argv[j + 2];
    argc -= 2;
    break;
  }
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  const bool setting =
      argc > 1 && (std::strcmp(argv[1], "--one") == 0 || std::strcmp(argv[1], "--profile") == 0);
  if (setting && (argc < 5 || argc > 7)) {
    bench::BadArgument("cable_bench", "the number of values after --one or --profile",
                       std::to_string(argc - 2).c_str(), "3 to 5", usage);
  }
  if (!setting && argc > (quick ? 2 : 1))
    bench::BadArgument("cable_bench", "an argument", argv[argc - 1], "the usage's", usage);
  // --one / --profile values, checked before stderr goes to /dev/null below.
  const int one_n =
      setting ? static_cast<int>(bench::IntArgument("cable_bench", "N", argv[2], 2, 10000, usage))
              : 0;
  const int repeats =
      setting && argc > 5
          ? static_cast<int>(bench::IntArgument("cable_bench", "REPEATS", argv[5], 1, 1000, usage))
          : 1;
  const double ei = setting && argc > 6
                        ? bench::PositiveArgument("cable_bench", "EI", argv[6], usage, true)
                        : 0.0;
  std::freopen("/dev/null", "w", stderr);  // Each run prints its cable's initial shape.
  if (setting) {
    const bool one = std::strcmp(argv[1], "--one") == 0;  // Else --profile: no reference run.
    const int n = one_n;
    const std::string nodes = NodesInitialCondition(SettleLine(n, ei).x);
    const Timed ref = one ? RunDynamic(n, nodes, "rk4",
                                       fmt::format(R"(stepsize="{}")", ReferenceStep(n)), 60.0, ei)
                          : Timed{};
    for (int r = 0; r < repeats; ++r) {
      const Timed run = RunDynamic(n, nodes, argv[3], argv[4], 60.0, ei);
      const SolverStats& s = run.result.stats;
      fmt::print(
          "N = {} {} {}: {:.3f} ms per simulated s, rms dT/T {:.3e} (from 20 s {:.3e}), {} steps, "
          "{} RHS, {} "
          "Jacobians, {} linear set-ups, {} Newton iterations, {} error-test and {} convergence "
          "failures\n",
          n, argv[3], argv[4], 1e3 * run.result.wall_seconds / 60.0,
          run.tension.empty() || !one ? NAN : RmsDifference(run.tension, ref.tension),
          run.tension.empty() || !one ? NAN : RmsDifferenceFrom(run.tension, ref.tension, kFrom20s),
          s.steps, s.rhs_evals, s.jacobian_evals, s.linear_setups, s.nonlinear_iterations,
          s.error_test_failures, s.nonlinear_conv_failures);
      if (r == 0) fmt::print("linear solver: {}\n", run.result.linear_solver);
    }
    return 0;
  }

  const auto sol = SolveCatenary({500.0, test::kRefWeight, 6.0e8}, 470.0, 90.0, true);
  double tdx = 0.0, tdz = 0.0;
  sol->Profile(sol->grounded_length, tdx, tdz);
  fmt::print(
      "Reference line, analytic elastic catenary: H = {:.1f} N, V = {:.1f} N, touchdown "
      "x = {:.2f} m ({:.2f} m grounded)\n\n",
      sol->horizontal_tension, sol->vertical_tension, tdx - 470.0, sol->grounded_length);
  fmt::print(
      "Settled fairlead force vs N (Settle: pseudo-transient continuation, sparse Jacobian)\n");
  fmt::print("{:>5} {:>12} {:>10} {:>12} {:>10} {:>14} {:>6} {:>8} {:>10}\n", "N", "H [N]", "err H",
             "V [N]", "err V", "first clear x", "iters", "RHS", "time [ms]");
  std::vector<int> sizes =
      quick ? std::vector<int>{20, 100} : std::vector<int>{10, 20, 50, 100, 200, 400};
  std::vector<Settled> settled(401);
  for (int n : sizes) {
    Settled s = SettleLine(n);
    // The time is the fastest of 3 identical settles (deterministic: the same result each
    // time); a single one varied by up to 1.5x with what ran before it.
    for (int repeat = 1; repeat < 3; ++repeat) {
      s.result.wall_seconds = std::min(s.result.wall_seconds, SettleLine(n).result.wall_seconds);
    }
    fmt::print("{:>5} {:>12.1f} {:>9.3f}% {:>12.1f} {:>9.3f}% {:>14.2f} {:>6} {:>8} {:>10.2f}\n", n,
               -s.fx, 100 * (-s.fx / sol->horizontal_tension - 1), -s.fz,
               100 * (-s.fz / sol->vertical_tension - 1), s.touchdown_x, s.result.iterations,
               s.result.rhs_evals, 1e3 * s.result.wall_seconds);
    settled[n] = std::move(s);
  }

  fmt::print(
      "\nDynamic case: fairlead x = 5 sin(2 pi t / 10), 60 s from the settled state.\n"
      "rms dT/T: RMS difference of the fairlead tension (every 0.1 s) from RK4 at a small step "
      "(the reference row), over the mean tension; from 20 s: the same from t = 20 s (after "
      "the start's snap).\n"
      "<=MD: as accurate as MoorDyn 2.7 on this line from 20 s: its RK2 at dtM against its own "
      "run at dtM / 10, measured in this run with --moordyn ({:.3f} / {:.3f} / {:.3f} % at N = 20 "
      "/ 100 / 200 without).\n"
      "hawser/MoorDyn: wall time per simulated second over MoorDyn's step loop in this run "
      "(--moordyn DIR; nan without).\n",
      100 * kMoorDyn[0].rms, 100 * kMoorDyn[1].rms, 100 * kMoorDyn[2].rms);
  fmt::print("{:>4} {:<26} {:>9} {:>8} {:>8} {:>6} {:>10} {:>10} {:>5} {:>11}\n", "N", "method",
             "ms/sim s", "steps", "RHS", "Jac", "rms dT/T", "from 20 s", "<=MD", "hawser/MD");
  const double t_end = 60.0;
  std::vector<Table> tables;
  for (int n : quick ? std::vector<int>{20, 100} : std::vector<int>{20, 100, 200}) {
    const std::string nodes = NodesInitialCondition(settled[n].x);
    Table table;
    table.n = n;
    const double h_ref = ReferenceStep(n);
    const Timed ref = RunDynamic(n, nodes, "rk4", fmt::format(R"(stepsize="{}")", h_ref), t_end);
    table.reference = ref.tension;
    table.accuracy = MoorDynRmsAt(n);
    if (moordyn) {
      const PeerRun md = RunMoorDyn(*moordyn, n, ref.tension, 3, true);
      table.md_ms = md.ms;
      table.accuracy = md.self_rms20;
      fmt::print("{:>4} {:<26} {:>9.3f} {:>8} {:>8} {:>6} {:>10.2e} {:>10.2e} {:>5} {:>9.3f} {}\n",
                 n, "MoorDyn RK2 (step loop)", md.ms, "", "", "", md.rms, md.rms20, "", 1.0,
                 fmt::format("(dtM {:.3g} s; rms: its difference from hawser's reference; its "
                             "own error from 20 s, against dtM / 10: {:.2e})",
                             MoorDynStep(n), md.self_rms20));
    }
    table.Row("rk4 reference", ref, t_end, ref.tension, fmt::format("(step {:.3g} s)", h_ref),
              false);
    for (const char* tol : {"1e-4", "1e-5"}) {
      for (const char* solver : {"band", "sparse"}) {
        const std::string attributes =
            fmt::format(R"(AbsTol="{0}" RelTol="{0}" LinearSolver="{1}")", tol, solver);
        const Timed run = BestRun(n, nodes, "cvode-bdf", attributes, t_end);
        table.Row(fmt::format("cvode-bdf {} {}", solver, tol), run, t_end, ref.tension, "", true,
                  "cvode-bdf", attributes);
      }
    }
    // The same run on SUNDIALS' own (unoptimised, Debian-built) vector and matrix operations
    // and its own KLU solver on the whole system: the baseline of runtime/solve/
    // compiled_sundials_ops.h and condensed_solver.h, measured in the same run.
    const Timed own = BestRun(
        n, nodes, "cvode-bdf",
        R"(AbsTol="1e-4" RelTol="1e-4" LinearSolver="sparse" Operations="sundials")", t_end);
    table.Row("  same, SUNDIALS' ops+KLU", own, t_end, ref.tension, "", false);
    // And with hawser's operations and condensation, but KLU on the condensed matrix instead of
    // the band LU that auto picks for a line (condensed_solver.h).
    const Timed klu =
        BestRun(n, nodes, "cvode-bdf",
                R"(AbsTol="1e-4" RelTol="1e-4" LinearSolver="sparse" Factorization="klu")", t_end);
    table.Row("  same, condensed KLU", klu, t_end, ref.tension, "", false);
    // And with every Jacobian column by colored differences instead of the cable's exact
    // entries (system_jacobian.h).
    const Timed differences = BestRun(
        n, nodes, "cvode-bdf",
        R"(AbsTol="1e-4" RelTol="1e-4" LinearSolver="sparse" Jacobian="differences")", t_end);
    table.Row("  same, colored differences", differences, t_end, ref.tension, "", false);
    // A ladder of tolerances, as a user would narrow one down: the error at one tolerance
    // depends on the exact sequence of steps, and a single tolerance per factor of 2-3 made the
    // fastest row at MoorDyn's accuracy a matter of luck. With the order capped at 3 (the seabed
    // contact and the slack, tension-only segments are not smooth: higher orders fail their
    // error tests there), loose ones first (0.3-0.8 % from 20 s: MoorDyn's remembered error
    // before its self-convergence was measured here), then those near MoorDyn's 0.03 % at N =
    // 100, also at BDF's own order limit (5): there both orders reach MoorDyn's error in about
    // 13300 steps (order 5 at 1e-5: 0.016 %, 13378 steps; order 3 at 5e-6: 0.029 %, 13267),
    // order 5 with more vector work per step (its predictor alone is 15 vector sums).
    const std::pair<const char*, int> ladder[] = {
        {"1e-4", 3}, {"1.5e-4", 3}, {"2e-4", 3}, {"2.5e-4", 3}, {"3e-4", 3},
        {"1e-5", 3}, {"5e-6", 3},   {"2e-5", 5}, {"5e-6", 5},   {"2e-6", 5}};
    for (const auto& [tol, order] : ladder) {
      const std::string attributes = fmt::format(
          R"(AbsTol="{0}" RelTol="{0}" LinearSolver="sparse" MaxOrder="{1}")", tol, order);
      const Timed run = BestRun(n, nodes, "cvode-bdf", attributes, t_end);
      table.Row(fmt::format("cvode-bdf sparse {} q<={}", tol, order), run, t_end, ref.tension, "",
                true, "cvode-bdf", attributes);
    }
    const bool dense_full = n <= 100 && !(quick && n > 20);
    const double t_dense = dense_full ? t_end : 10.0;
    const std::string dense_attributes = R"(AbsTol="1e-4" RelTol="1e-4" LinearSolver="dense")";
    const Timed dense = BestRun(n, nodes, "cvode-bdf", dense_attributes, t_dense);
    std::vector<double> ref_head(
        ref.tension.begin(),
        ref.tension.begin() + std::min(ref.tension.size(), dense.tension.size()));
    table.Row("cvode-bdf dense 1e-4", dense, t_dense, ref_head,
              dense_full ? "" : fmt::format("(first {} s only)", t_dense), dense_full, "cvode-bdf",
              dense_attributes);
    // The largest step of a fixed-step method, by bisection, that stays bounded and within an
    // error bound of the reference (beyond the stability limit RK4 rings at the step frequency
    // but may stay bounded through the tension-only nonlinearity, so boundedness alone is not
    // enough): 1 % on 10 s runs (its stability limit), or MoorDyn's error from 20 s on the whole
    // 60 s (the setting to compare; the error grows after the first 10 s, so a short run would
    // pass steps that the whole run does not).
    std::vector<double> ref10(ref.tension.begin(), ref.tension.begin() + 101);
    auto largest_step = [&](const std::string& integrator, double bound,
                            const std::string& extra = "") {
      const bool whole = bound != 1e-2;
      double lo = h_ref, hi = 0.1;
      for (int it = 0; it < 10; ++it) {
        const double h = std::sqrt(lo * hi);
        const Timed probe =
            RunDynamic(n, nodes, integrator, fmt::format(R"(stepsize="{}"{})", h, extra),
                       whole ? t_end : 10.0);
        const bool ok =
            Stable(probe) && (whole ? RmsDifferenceFrom(probe.tension, ref.tension, kFrom20s)
                                    : RmsDifference(probe.tension, ref10)) < bound;
        (ok ? lo : hi) = h;
      }
      const std::string attributes = fmt::format(R"(stepsize="{}"{})", lo, extra);
      const Timed run = BestRun(n, nodes, integrator, attributes, t_end);
      const std::string label = integrator == "rk4" ? "rk4 largest"
                                : extra.empty()     ? integrator
                                                    : integrator + " beta 0.2";
      table.Row(fmt::format("{}, rms < {:.2g}", label, bound), run, t_end, ref.tension,
                fmt::format("(step {:.3g} s)", lo), true, integrator, attributes);
    };
    for (const double bound : {1e-2, table.accuracy}) largest_step("rk4", bound);
    // Semi-explicit Euler: stable to h = (sqrt(zeta^2 + 1) - zeta) 2 / omega on the line's
    // fastest axial mode (omega, zeta = sqrt(2) DampingRatio; docs/performance.md).
    largest_step("semi-explicit-euler", table.accuracy);
    // The leapfrog: stable to h w = 2 at any damping ratio, second order.
    largest_step("leapfrog", table.accuracy);
    // Newmark: the lines' axial stiffness and damping implicit, so no axial limit; with beta
    // 0.2 its period error is 0.7x, and the axial limit h w < 4.47 (2.2x the leapfrog's).
    largest_step("newmark", table.accuracy);
    largest_step("newmark", table.accuracy, R"( NewmarkBeta="0.2")");
    tables.push_back(table);
  }
  fmt::print("\nFastest setting at MoorDyn's accuracy or better{}\n",
             moordyn ? ": the two fastest above, each run 3 times alternating with MoorDyn (the "
                       "fastest of each); the goal is hawser/MoorDyn <= 0.3 at N = 20, <= 0.1 at "
                       "N = 100 and 200"
                     : " (hawser/MoorDyn: give --moordyn DIR)");
  fmt::print("{:>4} {:<26} {:>9} {:>10} {:>10} {:>9} {:>11}\n", "N", "method", "ms/sim s",
             "from 20 s", "MD's", "MD ms", "hawser/MD");
  for (const Table& t : tables) {
    if (t.fastest.empty()) {  // Every row failed the accuracy test: nothing to time.
      fmt::print("{:>4} no setting reached MoorDyn's error from 20 s ({:.2e})\n", t.n, t.accuracy);
      continue;
    }
    std::vector<Candidate> raced = t.fastest;
    double md_ms = NAN;
    if (moordyn) {
      const std::string nodes = NodesInitialCondition(settled[t.n].x);
      for (int r = 0; r < 3; ++r) {
        for (Candidate& c : raced) {
          const PeerRun md = RunMoorDyn(*moordyn, t.n, t.reference, 1);
          if (!(md.ms >= md_ms)) md_ms = md.ms;
          const Timed run = RunDynamic(t.n, nodes, c.integrator, c.attributes, t_end);
          c.ms = std::min(c.ms, 1e3 * run.result.wall_seconds / t_end);
        }
      }
    }
    const Candidate& best = *std::min_element(raced.begin(), raced.end(), Faster);
    fmt::print("{:>4} {:<26} {:>9.3f} {:>10.2e} {:>10.2e} {:>9.3f} {:>11.3f}\n", t.n, best.method,
               best.ms, best.rms_from_20s, t.accuracy, md_ms, best.ms / md_ms);
  }
  return 0;
}
