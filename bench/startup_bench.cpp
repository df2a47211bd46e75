// Start-up cost against model size: load (XML -> Scenario), assemble (Scenario -> Model) and
// the initial state, for models of 1k, 10k and 100k objects of three shapes. Prints wall times
// and, per shape, how each time grows against the 1k model: with linear start-up the ratio of
// "per object" times stays near 1. Also the process CPU time of the three (on a shared machine
// it varies less than the wall time), and the time to free the model and the scenario (a run
// pays it at exit; not in the total). Then `cli s`: the whole `hawser run` of the same scenario
// as a process (one RK4 step, no columns logged): reading the file, assembly, the CLI's checks
// (connection units), the initial state, the step and freeing at exit; what a user waits for.
// Never fails on a timing.
//
//   build/bench/startup_bench [max_objects]   (default 100000; hawser from ../tools/hawser)
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "bench/bench_args.h"
#include "runtime/model/model.h"
#include "runtime/scenario/scenario.h"
#include "simobjects/register_base.h"

namespace hawser {
namespace {

std::string Wrap(const std::string& objects, const std::string& wires,
                 const std::string& initial = "") {
  return fmt::format(
      "<Contents><OBJECTS>\n{}</OBJECTS><INTERCONNECTIONS>\n{}</INTERCONNECTIONS>"
      "<INITIALIZATION>{}</INITIALIZATION><INTEGRATION><Engine TOutput=\"0, 0.1, 1\" "
      "FileOutput=\"objects:none\"/></INTEGRATION></Contents>",
      objects, wires, initial);
}

/// n copies of FhSim's LinearSpring example: constant ends, no states.
std::string Springs(int n) {
  std::string objects, wires;
  for (int i = 0; i < n; ++i) {
    objects += fmt::format(
        "<Lib LibName=\"base\" SimObject=\"Cable/LinearSpring\" Name=\"M{}\" Stiffness=\"10\" "
        "RelaxedLength=\"10\"/>\n",
        i);
    wires += fmt::format("<Connection M{}.PosA=\"0,0,0\" M{}.PosB=\"0,0,5\"/>\n", i, i);
  }
  return Wrap(objects, wires);
}

/// A hanging chain: n/2 springs and n/2 point masses, each mass held by the springs beside it.
std::string Chain(int n) {
  const int links = n / 2;
  std::string objects, wires, initial;
  for (int i = 1; i <= links; ++i) {
    objects += fmt::format(
        "<Lib LibName=\"base\" SimObject=\"Cable/LinearSpring\" Name=\"S{}\" Stiffness=\"2000\" "
        "RelaxedLength=\"1\"/>\n<Lib LibName=\"base\" SimObject=\"Body/3DBody\" Name=\"N{}\" "
        "Mass=\"0.5\"/>\n",
        i, i);
    wires += fmt::format("<Connection S{}.PosA=\"{}\" S{}.PosB=\"N{}.Pos\"/>\n", i,
                         i == 1 ? "0,0,0" : fmt::format("N{}.Pos", i - 1), i, i);
    wires += i < links
                 ? fmt::format("<Connection N{}.Force=\"S{}.ForceB + S{}.ForceA\"/>\n", i, i, i + 1)
                 : fmt::format("<Connection N{}.Force=\"S{}.ForceB\"/>\n", i, i);
    initial += fmt::format("<InitialCondition N{}.Pos=\"{},0,0\"/>\n", i, i);
  }
  return Wrap(objects, wires, initial);
}

/// A cascade of n low-pass filters after a sine: every Initialize() sets a state from its input.
std::string Filters(int n) {
  std::string objects =
      "<Lib LibName=\"base\" SimObject=\"Src/Sine\" Name=\"Src\" Amplitude=\"1\" "
      "FHz=\"1\" PhaseRad=\"0.5\"/>\n";
  std::string wires;
  for (int i = 1; i < n; ++i) {
    objects += fmt::format(
        "<Lib LibName=\"base\" SimObject=\"Math/LowPass\" Name=\"F{}\" ConvergenceRatio=\"2\"/>\n",
        i);
    wires += fmt::format("<Connection F{}.In=\"{}.Out\"/>\n", i,
                         i == 1 ? std::string("Src") : fmt::format("F{}", i - 1));
  }
  return Wrap(objects, wires);
}

/// Wall time of `hawser run` on `xml` with its Engine replaced by one RK4 step, as a process;
/// NaN when the run fails or there is no hawser binary.
double CliSeconds(const std::filesystem::path& hawser, std::string xml) {
  if (!std::filesystem::exists(hawser)) return NAN;
  const std::string engine = "TOutput=\"0, 0.1, 1\"";
  xml.replace(xml.find(engine), engine.size(),
              "Integrator=\"rk4\" stepsize=\"0.01\" TOutput=\"0, 0.01, 0.01\"");
  const std::filesystem::path dir = std::filesystem::temp_directory_path();
  const std::string stem = fmt::format("hawser_startup_bench_{}", static_cast<long>(getpid()));
  const std::filesystem::path file = dir / (stem + ".xml"), csv = dir / (stem + ".csv");
  std::ofstream(file) << xml;
  const auto start = std::chrono::steady_clock::now();
  const int status = std::system(
      fmt::format("'{}' run '{}' -q -o '{}'", hawser.string(), file.string(), csv.string())
          .c_str());
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::filesystem::remove(file);
  std::filesystem::remove(csv);
  return status == 0 ? seconds : NAN;
}

double Seconds(const std::function<void()>& f) {
  const auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace
}  // namespace hawser

int main(int argc, char** argv) {
  using namespace hawser;
  const char* usage = "Usage: startup_bench [MAX_OBJECTS (1000 to 10000000; default 100000)]\n";
  bench::HelpExit(argc, argv, usage);
  if (argc > 2)
    bench::BadArgument("startup_bench", "a second argument", argv[2], "at most one", usage);
  const int max_objects = argc > 1
                              ? static_cast<int>(bench::IntArgument("startup_bench", "MAX_OBJECTS",
                                                                    argv[1], 1000, 10000000, usage))
                              : 100000;
  const std::filesystem::path hawser =
      std::filesystem::path(argv[0]).parent_path() / ".." / "tools" / "hawser";
  const std::vector<std::pair<std::string, std::function<std::string(int)>>> shapes = {
      {"springs", Springs}, {"chain", Chain}, {"filters", Filters}};
  fmt::print("{:<8} {:>8} {:>9} {:>9} {:>9} {:>9} {:>12} {:>9} {:>9} {:>9}\n", "shape", "objects",
             "load s", "assemble s", "initial s", "total s", "per-object x", "CPU s", "free s",
             "cli s");
  for (const auto& [shape, make] : shapes) {
    double first_per_object = 0.0;
    for (int n = 1000; n <= max_objects; n *= 10) {
      const std::string xml = make(n);
      auto scenario = std::make_unique<Scenario>();
      std::unique_ptr<Model> model;
      const std::clock_t cpu_start = std::clock();
      const double load = Seconds([&] { *scenario = LoadScenarioFromString(xml, "bench.xml"); });
      const double assemble =
          Seconds([&] { model = Model::Assemble(*scenario, BuiltinRegistry()); });
      const double initial = Seconds([&] { model->InitialState(0.0); });
      const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
      const double free = Seconds([&] {
        model.reset();
        scenario.reset();
      });
      const double total = load + assemble + initial;
      if (n == 1000) first_per_object = total / n;
      // Time per object relative to the 1k model: 1 is linear, 10 at 10k would be quadratic.
      const double cli = CliSeconds(hawser, xml);
      fmt::print(
          "{:<8} {:>8} {:>9.3f} {:>10.3f} {:>9.3f} {:>9.3f} {:>12.2f} {:>9.3f} {:>9.3f} {:>9.3f}\n",
          shape, n, load, assemble, initial, total, total / n / first_per_object, cpu, free, cli);
      std::fflush(stdout);
    }
  }
  return 0;
}
