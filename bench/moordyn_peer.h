// MoorDyn v2 as a peer in hawser's benchmarks, run in the same process as hawser (alternating
// runs, one session), when the benchmark is given a MoorDyn build (`--moordyn DIR`: a directory
// with lib/libmoordyn.so, an install prefix, or a build directory with source/libmoordyn.so).
// The library is opened with dlopen and driven through its C API (MoorDyn2.h): Create, Init,
// Step with the coupled points' positions and velocities, GetLineFairTen, Close. MoorDyn is not
// a dependency of hawser: nothing here is compiled against its headers.
//
// Input files are written to a temporary folder: lines.txt (MoorDyn's v2 format, its
// docs/inputs.rst), and for waves wave_frequencies.txt (and water_grid.txt for WaveKin 2),
// current_profile.txt for a current.
#pragma once
#include <dlfcn.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <stdexcept>
#include <string>
#include <vector>

namespace hawser::peer {

/// The few MoorDyn C functions the benchmarks call.
class MoorDynLibrary {
 public:
  using System = void*;
  /// What the folder given must hold.
  static constexpr const char* kExpected =
      "a MoorDyn build folder: libmoordyn.so in its lib/, lib64/, source/ or itself";
  /// Whether `dir` holds a MoorDyn build this class can load: the benchmarks check their
  /// --moordyn argument with it before their own runs, not after.
  static bool Loads(const std::string& dir) {
    try {
      const MoorDynLibrary md(dir);
      return true;
    } catch (const std::exception&) {
      return false;
    }
  }
  explicit MoorDynLibrary(const std::string& dir) {
    for (const char* sub : {"/lib/libmoordyn.so", "/lib64/libmoordyn.so", "/source/libmoordyn.so",
                            "/libmoordyn.so"}) {
      handle_ = dlopen((dir + sub).c_str(), RTLD_NOW | RTLD_LOCAL);
      if (handle_ != nullptr) {
        path_ = dir + sub;
        break;
      }
    }
    if (handle_ == nullptr) throw std::runtime_error("--moordyn " + dir + ": not " + kExpected);
    Bind(create, "MoorDyn_Create");
    Bind(verbosity, "MoorDyn_SetVerbosity");
    Bind(ncoupled, "MoorDyn_NCoupledDOF");
    Bind(init, "MoorDyn_Init");
    Bind(step, "MoorDyn_Step");
    Bind(get_line, "MoorDyn_GetLine");
    Bind(fair_ten, "MoorDyn_GetLineFairTen");
    Bind(close, "MoorDyn_Close");
  }
  ~MoorDynLibrary() { dlclose(handle_); }
  MoorDynLibrary(const MoorDynLibrary&) = delete;
  MoorDynLibrary& operator=(const MoorDynLibrary&) = delete;
  const std::string& path() const { return path_; }

  System (*create)(const char*) = nullptr;
  int (*verbosity)(System, int) = nullptr;
  int (*ncoupled)(System, unsigned int*) = nullptr;
  int (*init)(System, const double*, const double*) = nullptr;
  int (*step)(System, const double*, const double*, double*, double*, double*) = nullptr;
  void* (*get_line)(System, unsigned int) = nullptr;
  int (*fair_ten)(void*, double*) = nullptr;
  int (*close)(System) = nullptr;

 private:
  template <class F>
  void Bind(F& f, const char* name) {
    f = reinterpret_cast<F>(dlsym(handle_, name));
    if (f == nullptr) throw std::runtime_error(path_ + ": no symbol " + name);
  }
  void* handle_ = nullptr;
  std::string path_;
};

/// A MoorDyn line type and the lines of one system, all of that type.
struct LineType {
  double diameter, mass_per_length, ea;
  double damping_ratio = 0.5;  // hawser's DampingRatio of one segment (written as BA/-zeta).
  double cdn = 1.2, can = 1.0, cdt = 0.008, cat = 0.0;
};
struct Line {
  std::vector<double> anchor, fairlead;  // Fixed end A; coupled end B (its initial place).
  double length;
  int segments;
};
struct Environment {
  double depth, gravity, density = 1025.0;
  double seabed_stiffness, seabed_damping;  // Per length of cable, as hawser's Cable.
  double dt;                                // MoorDyn's dtM (RK2).
  int wave_kin = 0;                         // 0: still water; 7: sum at the nodes; 2: FFT grid.
  double dt_wave = 0.0;                     // WaveKin 2's time step.
  std::string wave_files;  // Folder with wave_frequencies.txt (and water_grid.txt).
  std::vector<std::pair<double, double>> current;  // (z, u_x) rows; empty: none.
};

/// Writes MoorDyn's lines.txt for `lines` in `folder` (and the current's file).
inline void WriteInput(const std::string& folder, const LineType& type,
                       const std::vector<Line>& lines, const Environment& env) {
  std::ofstream f(folder + "/lines.txt");
  f << "--------------------- MoorDyn Input File ------------------------------------\n"
       "hawser benchmark peer\n"
       "----------------------- LINE TYPES ------------------------------------------\n"
       "TypeName Diam Mass/m EA BA/-zeta EI Cd Ca CdAx CaAx\n(-) (m) (kg/m) (N) (-) (-) (-) (-) "
       "(-) (-)\n";
  // Internal damping: hawser's DampingRatio zeta gives a segment c = zeta sqrt(2 (EA / l) m l)
  // = zeta sqrt(2 EA m) (simobjects/cable/line_type.cpp), MoorDyn's -zeta' a material BA =
  // zeta' l sqrt(EA m), i.e. c = BA / l = zeta' sqrt(EA m) (Line.cpp): zeta' = sqrt(2) zeta.
  f << fmt::format("line {} {} {} {} 0 {} {} {} {}\n", type.diameter, type.mass_per_length, type.ea,
                   -std::sqrt(2.0) * type.damping_ratio, type.cdn, type.can, type.cdt, type.cat);
  f << "---------------------- POINTS --------------------------------\n"
       "ID Attachment X Y Z M V CdA CA\n(-) (-) (m) (m) (m) (kg) (m^3) (m^2) (-)\n";
  for (size_t i = 0; i < lines.size(); ++i) {
    const Line& l = lines[i];
    f << fmt::format("{} Fixed {} {} {} 0 0 0 0\n", 2 * i + 1, l.anchor[0], l.anchor[1],
                     l.anchor[2]);
    f << fmt::format("{} Coupled {} {} {} 0 0 0 0\n", 2 * i + 2, l.fairlead[0], l.fairlead[1],
                     l.fairlead[2]);
  }
  f << "---------------------- LINES ----------------------------------------\n"
       "ID LineType AttachA AttachB UnstrLen NumSegs Outputs\n(-) (-) (-) (-) (m) (-) (-)\n";
  for (size_t i = 0; i < lines.size(); ++i) {
    f << fmt::format("{} line {} {} {} {} -\n", i + 1, 2 * i + 1, 2 * i + 2, lines[i].length,
                     lines[i].segments);
  }
  // MoorDyn's seabed is a pressure per depth of penetration (kBot, Pa/m): hawser's per-length
  // values over the diameter (the contact width MoorDyn multiplies by).
  f << "---------------------- OPTIONS -----------------------------------------\n";
  f << fmt::format(
      "0 writeLog\n{} dtM\n{} g\n{} rho\n{} WtrDpth\n{} kBot\n{} cBot\n{} WaveKin\n{} "
      "Currents\n{} dtWave\nRK2 tScheme\n0.5 dtIC\n300 TmaxIC\n1e-4 threshIC\n1 disableOutTime\n1 "
      "disableOutput\n",
      env.dt, env.gravity, env.density, env.depth, env.seabed_stiffness / type.diameter,
      env.seabed_damping / type.diameter, env.wave_kin, env.current.empty() ? 0 : 1,
      env.dt_wave > 0 ? env.dt_wave : 0.25);
  f << "------------------------- need this line --------------------------------------\n";
  if (!env.current.empty()) {
    std::ofstream c(folder + "/current_profile.txt");
    c << "--- MoorDyn steady currents File ---\nhawser benchmark peer\nz ux uy uz\n";
    for (const auto& [z, u] : env.current) c << fmt::format("{} {} 0 0\n", z, u);
  }
}

/// The reference line of bench/reference_line.h (500 m, d 0.1 m, 150 kg/m,
/// EA 6e8 N, anchor (-470, 0, -100), fairlead (0, 0, -10), seabed at -100 m) in `folder`, N
/// segments, RK2 at dtM `dt`, WaveKin `wave_kin` (its wave files written apart).
inline void WriteReferenceLine(const std::string& folder, int n, double dt, int wave_kin = 0) {
  WriteInput(folder, {.diameter = 0.1, .mass_per_length = 150.0, .ea = 6.0e8},
             {{.anchor = {-470, 0, -100}, .fairlead = {0, 0, -10}, .length = 500.0, .segments = n}},
             {.depth = 100.0,
              .gravity = 9.81,
              .seabed_stiffness = 3e5,
              .seabed_damping = 3e4,
              .dt = dt,
              .wave_kin = wave_kin});
}

/// The reference line's fairlead motion of the dynamic case, x = 5 sin(2 pi t / 10) at
/// (x, 0, -10) (reference_line.h's `motion`), as MoorDyn's coupled point.
inline void ReferenceSurge(double t, std::vector<double>& x, std::vector<double>& xd) {
  const double w = 2.0 * M_PI / 10.0;
  x = {5.0 * std::sin(w * t), 0.0, -10.0};
  xd = {5.0 * w * std::cos(w * t), 0.0, 0.0};
}

/// f() with the process's stdout sent to /dev/null: MoorDyn_Create prints its banner and what
/// it read before a verbosity can be set.
template <class F>
auto Quietly(F f) {
  std::fflush(stdout);
  std::cout.flush();
  const int saved = dup(1);
  const int null = open("/dev/null", O_WRONLY);
  if (saved >= 0 && null >= 0) dup2(null, 1);
  auto result = f();
  std::cout.flush();
  std::fflush(stdout);
  if (saved >= 0 && null >= 0) dup2(saved, 1);
  if (null >= 0) close(null);
  if (saved >= 0) close(saved);
  return result;
}

/// One MoorDyn run: the step loop's wall time (not the input reading or the initial
/// condition's dynamic relaxation, timed apart) and the fairlead tensions every dt_sample.
struct Result {
  double init_seconds = 0.0, step_seconds = 0.0;
  // [line][k], k = 0, 1, ...: at t = (k + 1) dt_sample (MoorDyn computes a tension only in a
  // step: after Init it holds the relaxation's last, not the initial state's).
  std::vector<std::vector<double>> tensions;
};

/// Runs lines.txt in `folder` to `end_time`, the coupled points (3 values each, in line order)
/// given by motion(t, x, xd), sampling the tensions every `dt_sample`.
/// Coupling: within a call MoorDyn_Step(x, xd, t, dt) moves a coupled point as x + xd tau, tau
/// from 0 to dt (Point::updateFairlead), so x and xd are the motion at the step's START, and the
/// point jumps by about a dt^2 / 2 to the next call's x. On a stiff line that jump is a blow: at
/// the reference line's 2 m/s^2 and a 0.1-s step, 1 cm on a 5-m segment of EA 6e8 N is 1.2 MN.
/// So the coupling step is MoorDyn's own dtM (`dt_couple`; jumps of microns), as a coupled code
/// calling it each of its steps does.
inline Result Run(
    const MoorDynLibrary& md, const std::string& folder, int lines,
    const std::function<void(double, std::vector<double>&, std::vector<double>&)>& motion,
    double end_time, double dt_sample, double dt_couple) {
  const auto now = [] { return std::chrono::steady_clock::now(); };
  // MoorDyn reads wave_frequencies.txt, water_grid.txt and current_profile.txt from the input
  // file's folder.
  const std::string input = folder + "/lines.txt";
  Result r;
  auto t0 = now();
  void* system = Quietly([&] { return md.create(input.c_str()); });
  if (system == nullptr) throw std::runtime_error("MoorDyn could not read " + input);
  md.verbosity(system, 4096);  // MOORDYN_NO_OUTPUT (MoorDynAPI.h)
  unsigned int n = 0;
  md.ncoupled(system, &n);
  std::vector<double> x(n), xd(n), f(n);
  motion(0.0, x, xd);
  if (Quietly([&] { return md.init(system, x.data(), xd.data()); }) != 0) {
    md.close(system);
    throw std::runtime_error("MoorDyn_Init failed on " + input);
  }
  r.init_seconds = std::chrono::duration<double>(now() - t0).count();
  r.tensions.assign(lines, {});
  const auto sample = [&] {
    for (int l = 0; l < lines; ++l) {
      double t = NAN;
      md.fair_ten(md.get_line(system, l + 1), &t);
      r.tensions[l].push_back(t);
    }
  };
  const long per_sample = std::max(1L, std::lround(dt_sample / dt_couple));
  const double dt_step = dt_sample / static_cast<double>(per_sample);
  const long steps = std::lround(end_time / dt_sample) * per_sample;
  t0 = now();
  for (long k = 0; k < steps; ++k) {
    double t = static_cast<double>(k) * dt_step, dt = dt_step;
    motion(t, x, xd);
    if (md.step(system, x.data(), xd.data(), f.data(), &t, &dt) != 0) {
      md.close(system);
      throw std::runtime_error(fmt::format("MoorDyn_Step failed at t = {}", t));
    }
    if ((k + 1) % per_sample == 0) sample();
  }
  r.step_seconds = std::chrono::duration<double>(now() - t0).count();
  md.close(system);
  return r;
}

/// A fresh temporary folder for one peer's files, removed with the object.
class TempFolder {
 public:
  TempFolder() {
    std::string pattern = (std::filesystem::temp_directory_path() / "hawser_peer_XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
  }
  ~TempFolder() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace hawser::peer
