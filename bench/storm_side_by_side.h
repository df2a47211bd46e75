// storm_bench --moordyn DIR: hawser beside MoorDyn in the same run (alternating), in the same
// sea: the components of a JONSWAP (Hs 6 m, Tp 10 s, gamma 3.3; 200 components evenly spaced
// to 2 rad/s, peer_sea.h) in wave_frequencies.txt, read by hawser (Waves="file") and MoorDyn
// (WaveKin 7: the exact sum at every node; WaveKin 2: its FFT grid, given water_grid.txt).
// (a) The reference line (bench/reference_line.h, N = 100, the 60-s fairlead
//     surge) in still water and in the sea (depth 100 m, no ramp in either program).
// (b) The spar's three lines (N per line), their fairleads driven in MoorDyn by the motion
//     hawser's coupled spar run computed (recorded every 0.1 s), in the sea of depth 320 m with
//     the power-law current. The hawser time is the whole coupled model's, MoorDyn's the lines'.
#pragma once
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "bench/moordyn_peer.h"
#include "bench/peer_sea.h"
#include "bench/reference_line.h"
#include "bench/storm_model.h"
#include "runtime/model/model.h"
#include "runtime/run/simulation.h"
#include "runtime/scenario/scenario.h"
#include "runtime/solve/settle.h"
#include "simobjects/register_base.h"

namespace hawser::storm {

/// hawser's settings for the reference line (bench/cable_bench, N = 100, still water): the
/// storm's tolerance (its own tension error from 20 s about 0.5 %, 16x MoorDyn's), and the fastest
/// setting at MoorDyn's accuracy (RK2 at dtM against dtM / 10: 0.031 %; this one 0.029 %).
inline const char* kLineSetting =
    R"(AbsTol="1.5e-4" RelTol="1.5e-4" LinearSolver="sparse" MaxOrder="3")";
inline const char* kLineSettingAtMoorDynAccuracy =
    R"(AbsTol="5e-6" RelTol="5e-6" LinearSolver="sparse" MaxOrder="3")";
/// hawser's own reference for the line: its error at each setting is measured against this.
inline const char* kLineReferenceSetting = R"(AbsTol="1e-8" RelTol="1e-8" LinearSolver="sparse")";

/// The reference line's settled state in still water, as its Nodes initial condition.
inline std::string SettledReferenceLine(int n) {
  Scenario scenario =
      LoadScenarioFromString(test::ReferenceLineXml(n, "", "cvode-bdf", false, 0.1), "ref.xml");
  auto model = Model::Assemble(scenario, BuiltinRegistry());
  std::vector<double> x = model->InitialState(0.0);
  Settle(*model, 0.0, x, {.abs_tol = 1e-6, .rel_tol = 1e-6});
  std::string text;  // The state ends with the cable's DissipatedEnergy.
  for (size_t i = 0; i + 1 < x.size(); ++i) text += fmt::format("{}{:.17g}", i ? "," : "", x[i]);
  return text;
}

struct LineRun {
  double ms = NAN;              // Wall time per simulated second.
  std::vector<double> tension;  // From t = 0.1 s every 0.1 s (MoorDyn's samples).
};

/// hawser on the reference line from `nodes` with the Engine attributes `setting`, in still
/// water (`waves_file` empty) or the sea.
inline LineRun HawserReferenceLine(int n, const std::string& nodes, const std::string& waves_file,
                                   const std::string& kinematics, const char* setting) {
  // Only the tensions it reads are logged, as MoorDyn's runs log nothing (disableOutput).
  std::string xml =
      test::ReferenceLineXml(n, setting, "cvode-bdf", false, 60.0, true, "object.L1.Tension");
  const std::string placeholder = "<InitialCondition/>";
  xml.replace(xml.find(placeholder), placeholder.size(),
              fmt::format(R"(<InitialCondition L1.Nodes="{}"/>)", nodes));
  if (!waves_file.empty()) {
    const std::string objects = "<OBJECTS>\n";
    xml.insert(xml.find(objects) + objects.size(),
               fmt::format(R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea"
 Depth="100" Gravity="9.81" Waves="file" WaveComponentsFile="{}" WaveKinematics="{}"/>
)",
                           waves_file, kinematics));
  }
  Scenario scenario = LoadScenarioFromString(xml, "side_by_side.xml");
  auto model = Model::Assemble(scenario, BuiltinRegistry());
  MemorySink sink;
  const RunResult result = Simulate(*model, scenario.engine, sink);
  LineRun run;
  if (result.status != RunStatus::kCompleted) return run;
  run.ms = 1e3 * result.wall_seconds / 60.0;
  // The top segment's tension, as MoorDyn's fairlead tension (Line::getNodeTen(N)); TensionB is
  // the force on the fairlead, which adds the end node's half segment of weight and drag
  // (2.7 kN of 337 kN here).
  run.tension = sink.Column(fmt::format("L1.Tension[{}]", n - 1));
  run.tension.erase(run.tension.begin());
  return run;
}

/// One MoorDyn mode of a side by side: WaveKin (0, 7 or 2) and for 2 its grid and padding.
struct Mode {
  std::string name;
  int wave_kin = 0;
  double pad_to = 0.0;  // rad/s: zero rows up to here (a finer grid time step).
  peer::Grid grid{};
};

/// Writes the wave files of `mode` into `folder`; returns MoorDyn's environment for them.
inline void WriteSea(const std::string& folder, const std::vector<peer::Component>& sea,
                     const Mode& mode) {
  if (mode.wave_kin == 0) return;
  peer::WriteWaveFrequencies(folder + "/wave_frequencies.txt", sea, mode.pad_to,
                             mode.wave_kin == 2);
  if (mode.wave_kin == 2) peer::WriteWaterGrid(folder + "/water_grid.txt", mode.grid);
}

/// The RMS of a - b over the mean of b, from sample `from` on.
inline double RmsFrom(const std::vector<double>& a, const std::vector<double>& b, size_t from) {
  if (a.size() <= from || b.size() <= from) return NAN;
  return RmsDifference(std::vector<double>(a.begin() + from, a.end()),
                       std::vector<double>(b.begin() + from, b.end()));
}

/// MoorDyn's RK2 step on the reference line at N = 100 (cable_bench's), also its coupling step.
constexpr double kReferenceDtM = 0.0025;
/// The first sample at t >= 20 s (samples from t = 0.1 s every 0.1 s).
constexpr size_t kSettledFrom = 199;

/// (a): prints hawser and MoorDyn on the reference line, per mode, each run `repeats` times
/// alternating (the fastest of each).
inline void ReferenceLineSideBySide(const peer::MoorDynLibrary& md, const std::string& folder,
                                    const std::vector<peer::Component>& sea, int repeats,
                                    const std::string& kinematics = "fast") {
  const int n = 100;
  const std::string nodes = SettledReferenceLine(n);
  const std::string waves_file = folder + "/hawser_sea.txt";
  peer::WriteWaveFrequencies(waves_file, sea);
  // Grids over the line's box, x in [-480, 10] m, z in [-100, 0] m: coarse 25 m x 10 m at
  // MoorDyn's natural dtWave (pi / 2 s for components to 2 rad/s), fine 5 m x 2.5 m padded to
  // 8 rad/s (dtWave 0.39 s).
  const std::vector<Mode> modes = {
      {"still water", 0},
      {"WaveKin 7 (exact sum)", 7},
      {"WaveKin 2 coarse grid", 2, 0.0, {-480, 10, 20, 0, 0, 1, -100, 0, 11}},
      {"WaveKin 2 fine grid", 2, 8.0, {-480, 10, 99, 0, 0, 1, -100, 0, 41}}};
  fmt::print(
      "\n(a) Reference line, N = {}, fairlead x = 5 sin(2 pi t / 10), 60 s; hawser cvode-bdf at "
      "the storm's tolerance ({}) and at MoorDyn's still-water accuracy ({}); MoorDyn RK2 dtM "
      "0.0025 s, coupled every step (step loop; its set-up apart). own: hawser's RMS tension "
      "difference from "
      "20 s against its own run at {} (its error). dT: RMS tension difference over the mean, "
      "t = 0.1..60 s and from 20 s (the fairlead starts at 3.1 m/s from rest: the first seconds' "
      "axial snap is resolved by neither alike).\n",
      n, kLineSetting, kLineSettingAtMoorDynAccuracy, kLineReferenceSetting);
  fmt::print("{:<24} {:<10} {:>10} {:>8} {:>10} {:>10} {:>8} {:>12} {:>12} {:>14}\n",
             "MoorDyn mode", "hawser at", "hawser ms/s", "own", "MD ms/s", "MD set-up s", "ratio",
             "dT hawser-MD", "from 20 s", "MD-MD exact");
  const char* const settings[] = {kLineSetting, kLineSettingAtMoorDynAccuracy};
  const char* const setting_names[] = {"1.5e-4", "MD's acc."};
  std::vector<double> exact;  // MoorDyn WaveKin 7's tension.
  // hawser's fastest run per setting, still water [0] and the sea [1], and its references.
  LineRun mine[2][2];
  LineRun reference[2];
  for (const Mode& mode : modes) {
    peer::TempFolder files;
    WriteSea(files.path(), sea, mode);
    peer::WriteReferenceLine(files.path(), n, kReferenceDtM, mode.wave_kin);
    const int in_sea = mode.wave_kin == 0 ? 0 : 1;
    const std::string water = in_sea ? waves_file : "";
    if (reference[in_sea].tension.empty())
      reference[in_sea] = HawserReferenceLine(n, nodes, water, "fast", kLineReferenceSetting);
    double md_ms = NAN, setup = NAN;
    std::vector<double> md_tension;
    // WaveKin 7 sums 200 components at 101 nodes per RHS (~3 s per simulated second): once.
    const int runs = mode.wave_kin == 7 ? 1 : repeats;
    for (int r = 0; r < runs; ++r) {
      for (int k = 0; k < 2; ++k) {
        const LineRun h = HawserReferenceLine(n, nodes, water, kinematics, settings[k]);
        if (!(h.ms >= mine[in_sea][k].ms)) mine[in_sea][k] = h;
      }
      const peer::Result m =
          peer::Run(md, files.path(), 1, peer::ReferenceSurge, 60.0, 0.1, kReferenceDtM);
      md_ms = std::min(std::isnan(md_ms) ? 1e30 : md_ms, 1e3 * m.step_seconds / 60.0);
      setup = m.init_seconds;
      md_tension = m.tensions[0];
    }
    if (mode.wave_kin == 7) exact = md_tension;
    for (int k = 0; k < 2; ++k) {
      const LineRun& h = mine[in_sea][k];
      fmt::print(
          "{:<24} {:<10} {:>10.2f} {:>7.3f}% {:>10.2f} {:>10.2f} {:>8.3f} {:>11.2f}% {:>11.2f}% "
          "{:>13.2f}%\n",
          k == 0 ? mode.name : "", setting_names[k], h.ms,
          100 * RmsFrom(h.tension, reference[in_sea].tension, kSettledFrom), md_ms, setup,
          h.ms / md_ms, 100 * RmsFrom(h.tension, md_tension, 0),
          100 * RmsFrom(h.tension, md_tension, kSettledFrom),
          100 * RmsFrom(md_tension, exact, kSettledFrom));
    }
    std::fflush(stdout);
  }
}

/// The run of storm_bench's spar (`spar(seconds)`) that the spar side by side drives MoorDyn
/// with: its wall time less Settle, and the fairleads' positions and velocities and the
/// tensions every 0.1 s.
struct SparRecord {
  double wall = NAN;
  std::vector<std::vector<double>> pos, vel, tension;  // [line][3 k + axis] and [line][k].
};

/// A hawser spar run's integrator setting: AbsTol = RelTol and the BDF order's cap.
struct SparSetting {
  double tol;
  int max_order;
};
/// The spar side by side's hawser settings: the storm's, a tighter one near MoorDyn's accuracy,
/// and the reference both are measured against.
struct SparSettings {
  SparSetting storm, tight, reference;
};

/// (b): MoorDyn's three spar lines with the fairleads hawser's spar run at the storm's tolerance
/// moved, `window` s, per mode, alternating with hawser's coupled runs of the same length at the
/// storm's and the tight setting. `spar(seconds, setting)` runs hawser's spar.
template <class SparRun>
void SparSideBySide(const peer::MoorDynLibrary& md, const std::vector<peer::Component>& sea, int n,
                    double window, const SparSettings& set, SparRun spar) {
  const double seg = 902.2 / n, c = std::sqrt(384.243e6 / 77.7066);
  // RK2 at 0.2 of the axial wave's crossing time of a segment: the reference line's stable
  // dtM at N = 20 (cable_bench); 0.4 gave NaN here.
  const double dt = 0.2 * seg / c;
  fmt::print(
      "\n(b) The spar's 3 lines, N = {}, {} s, fairleads driven by hawser's spar motion; MoorDyn "
      "RK2 dtM {:.3g} s with the current as current_profile.txt. hawser: the whole coupled model "
      "(less Settle). dT from t = {} s (hawser ramps the waves in over 30 s, MoorDyn not), worst "
      "of 3 lines. hawser at AbsTol = RelTol = {:g} (the storm's) and {:g}; own: its error, "
      "against its run at {:g}. MD own: MoorDyn's time-step error, its tensions at dtM against "
      "dtM / 10 (WaveKin 2 only: WaveKin 7 at dtM / 10 would take hours); MD-MD exact: its grid "
      "against its exact sum.\n",
      n, window, dt, std::min(30.0, 0.5 * window), set.storm.tol, set.tight.tol, set.reference.tol);
  fmt::print("{:<24} {:>9} {:>9} {:>8} {:>9} {:>11} {:>8} {:>12} {:>8} {:>12}\n", "MoorDyn mode",
             "hawser at", "hawser s", "own", "MD s", "MD set-up s", "ratio", "dT hawser-MD",
             "MD own", "MD-MD exact");
  std::vector<std::vector<double>> exact;  // MoorDyn WaveKin 7's tensions.
  std::vector<peer::Line> lines;
  const SparRecord first = spar(window, set.storm);
  const SparRecord tight = spar(window, set.tight);
  const SparRecord reference = spar(window, set.reference);
  for (int i = 0; i < 3; ++i) {
    const double a = 2.0 * M_PI * i / 3.0;
    lines.push_back({.anchor = {853.87 * std::cos(a), 853.87 * std::sin(a), -320.0},
                     .fairlead = {first.pos[i][0], first.pos[i][1], first.pos[i][2]},
                     .length = 902.2,
                     .segments = n});
  }
  std::vector<std::pair<double, double>> current;
  for (double z = -320.0; z <= 0.0; z += 10.0)
    current.push_back({z, 0.5 * std::pow((z + 320.0) / 320.0, 1.0 / 7.0)});
  const std::vector<Mode> modes = {
      {"WaveKin 7 (exact sum)", 7},
      {"WaveKin 2 coarse grid", 2, 0.0, {-440, 870, 27, -750, 750, 31, -320, 0, 17}}};
  // Compared from the end of hawser's 30-s ramp (MoorDyn has none) or half the window.
  const double compare_from = std::min(30.0, 0.5 * window);
  const size_t from = static_cast<size_t>(std::lround(compare_from / 0.1)) - 1;
  const auto motion = [&](double t, std::vector<double>& x, std::vector<double>& xd) {
    // Between the record's 0.1-s samples: cubic Hermite from positions and velocities.
    const size_t last = first.tension[0].size() - 1;
    const size_t k = std::min<size_t>(static_cast<size_t>(t / 0.1), last - 1);
    const double h = 0.1, u = std::clamp(t / h - static_cast<double>(k), 0.0, 1.0);
    const double h00 = (1 + 2 * u) * (1 - u) * (1 - u), h10 = u * (1 - u) * (1 - u);
    const double h01 = u * u * (3 - 2 * u), h11 = u * u * (u - 1);
    const double d00 = 6 * u * u - 6 * u, d10 = 3 * u * u - 4 * u + 1, d11 = 3 * u * u - 2 * u;
    for (int l = 0; l < 3; ++l) {
      for (int j = 0; j < 3; ++j) {
        const double p0 = first.pos[l][3 * k + j], p1 = first.pos[l][3 * (k + 1) + j];
        const double v0 = first.vel[l][3 * k + j], v1 = first.vel[l][3 * (k + 1) + j];
        x[3 * l + j] = h00 * p0 + h10 * h * v0 + h01 * p1 + h11 * h * v1;
        xd[3 * l + j] = (d00 * (p0 - p1)) / h + d10 * v0 + d11 * v1;
      }
    }
  };
  // The worst line's RMS difference of `a`'s tensions from `b`'s, from sample `from` on.
  const auto worst_of = [&](const std::vector<std::vector<double>>& a,
                            const std::vector<std::vector<double>>& b) {
    double worst = 0.0;
    for (int l = 0; l < 3; ++l) {
      const double d = RmsFrom(a[l], b[l], from);
      worst = std::isnan(d) || std::isnan(worst) ? NAN : std::max(worst, d);
    }
    return worst;
  };
  // A hawser record's tensions at MoorDyn's samples (from t = 0.1 s).
  const auto samples = [](const SparRecord& r) {
    std::vector<std::vector<double>> t;
    for (int l = 0; l < 3; ++l) t.emplace_back(r.tension[l].begin() + 1, r.tension[l].end());
    return t;
  };
  const std::vector<std::vector<double>> mine[2] = {samples(first), samples(tight)};
  const std::vector<std::vector<double>> ref_samples = samples(reference);
  for (const Mode& mode : modes) {
    // MoorDyn's input at RK2 step `step` in a folder of its own.
    const auto write_input = [&](const std::string& folder, double step) {
      WriteSea(folder, sea, mode);
      peer::WriteInput(folder,
                       {.diameter = 0.09, .mass_per_length = 77.7066, .ea = 384.243e6, .cdn = 1.6},
                       lines,
                       {.depth = 320.0,
                        .gravity = 9.80665,
                        .seabed_stiffness = 3e5,
                        .seabed_damping = 3e4,
                        .dt = step,
                        .wave_kin = mode.wave_kin,
                        .current = current});
    };
    peer::TempFolder files;
    write_input(files.path(), dt);
    // Alternating: hawser, then MoorDyn.
    const double hawser_wall[2] = {std::min(first.wall, spar(window, set.storm).wall),
                                   std::min(tight.wall, spar(window, set.tight).wall)};
    const peer::Result m = peer::Run(md, files.path(), 3, motion, window, 0.1, dt);
    double own = NAN;
    if (mode.wave_kin == 2) {
      peer::TempFolder fine_step;
      write_input(fine_step.path(), dt / 10);
      own = worst_of(m.tensions,
                     peer::Run(md, fine_step.path(), 3, motion, window, 0.1, dt / 10).tensions);
    }
    if (mode.wave_kin == 7) exact = m.tensions;
    for (int k = 0; k < 2; ++k) {
      fmt::print(
          "{:<24} {:>9.2g} {:>9.2f} {:>7.3f}% {:>9.2f} {:>11.2f} {:>8.3f} {:>11.2f}% {:>7.3f}% "
          "{:>11.2f}%\n",
          k == 0 ? mode.name : "", k == 0 ? set.storm.tol : set.tight.tol, hawser_wall[k],
          100 * worst_of(mine[k], ref_samples), m.step_seconds, m.init_seconds,
          hawser_wall[k] / m.step_seconds, 100 * worst_of(mine[k], m.tensions), 100 * own,
          exact.empty() ? NAN : 100 * worst_of(m.tensions, exact));
    }
    std::fflush(stdout);
  }
}

}  // namespace hawser::storm
