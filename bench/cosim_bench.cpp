// The cost of driving a run step by step (runtime/embed/session.h, the C API's core) against one
// uninterrupted run: the reference mooring line (bench/reference_line.h) with its fairlead moved
// by Src/Sine blocks, x = 5 sin(2 pi t / 10), 60 s in 0.1 s steps. Prints a table; never fails on
// a timing.
//   one run       Simulate over the output times 0, 0.1, ..., 60 into memory (the CLI's path)
//   steps         Session::AdvanceTo every 0.1 s: CVODE goes on from step to step
//   steps, set    the same, with a Signal/External (read by nothing) set to a new value every
//                 step: each change restarts CVODE at order 1, as an input that jumps must
//   FMU steps     the FMU `hawser fmu` writes of the same scenario (output L1.TensionA), its
//                 binary dlopened and driven as a master does: instantiate, initialize, fmi2DoStep
//                 and fmi2GetReal every 0.1 s (the export and unzipping are not timed)
// Usage: cosim_bench [SEGMENTS (default 50)] [END_TIME s (default 60)]
#include <dlfcn.h>
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "bench/bench_args.h"
#include "bench/reference_line.h"
#include "runtime/embed/session.h"
#include "runtime/fmu/fmi2_functions.h"
#include "runtime/run/simulation.h"
#include "simobjects/register_base.h"

namespace hawser {
namespace {

double Seconds(const std::function<void()>& f) {
  const auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// The moving reference line and a Signal/External "Input" that nothing reads.
std::string Xml(int n, double end_time) {
  std::string xml = test::ReferenceLineXml(n, "", "cvode-bdf", false, end_time, true);
  const std::string anchor = R"(<Lib LibName="base" SimObject="Src/Constant")";
  xml.insert(xml.find(anchor),
             "<Lib LibName=\"base\" SimObject=\"Signal/External\" Name=\"Input\" Value=\"0\"/>\n");
  return xml;
}

/// The seconds an FMU of `xml` takes for `steps` steps of 0.1 s, from fmi2Instantiate to
/// fmi2FreeInstance; -1 when it cannot be exported or loaded (the reason printed).
double FmuSeconds(const std::string& xml, int steps) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / fmt::format("hawser_cosim_bench_{}", getpid());
  fs::create_directories(dir);
  std::ofstream(dir / "line.xml") << xml;
  const std::string fmu = (dir / "line.fmu").string(), files = (dir / "fmu").string();
  const std::string command = fmt::format(
      "'{}' fmu '{}' -o '{}' --output L1.TensionA 2>/dev/null && /usr/bin/python3 -m zipfile -e "
      "'{}' '{}'",
      HAWSER_BINARY, (dir / "line.xml").string(), fmu, fmu, files);
  double seconds = -1.0;
  void* library = nullptr;
  if (std::system(command.c_str()) != 0) {
    fmt::print(stderr, "cosim_bench: could not export and unzip the FMU: {}\n", command);
  } else if ((library = dlopen((files + "/binaries/linux64/line.so").c_str(), RTLD_NOW)) ==
             nullptr) {
    fmt::print(stderr, "cosim_bench: {}\n", dlerror());
  } else {
    const auto get = [&](const char* name) { return dlsym(library, name); };
    const auto instantiate = reinterpret_cast<decltype(&fmi2Instantiate)>(get("fmi2Instantiate"));
    const auto enter = reinterpret_cast<decltype(&fmi2EnterInitializationMode)>(
        get("fmi2EnterInitializationMode"));
    const auto exit =
        reinterpret_cast<decltype(&fmi2ExitInitializationMode)>(get("fmi2ExitInitializationMode"));
    const auto step = reinterpret_cast<decltype(&fmi2DoStep)>(get("fmi2DoStep"));
    const auto get_real = reinterpret_cast<decltype(&fmi2GetReal)>(get("fmi2GetReal"));
    const auto free_instance =
        reinterpret_cast<decltype(&fmi2FreeInstance)>(get("fmi2FreeInstance"));
    const std::string guid = [&] {  // modelDescription.xml's guid="{...}".
      std::ifstream in(files + "/modelDescription.xml");
      const std::string text{std::istreambuf_iterator<char>(in), {}};
      const size_t at = text.find("guid=\"") + 6;
      return text.substr(at, text.find('"', at) - at);
    }();
    const fmi2CallbackFunctions callbacks{};
    bool ok = true;
    seconds = Seconds([&] {
      fmi2Component c = instantiate("bench", fmi2CoSimulation, guid.c_str(),
                                    ("file://" + files + "/resources").c_str(), &callbacks, 0, 0);
      ok = c != nullptr && enter(c) == fmi2OK && exit(c) == fmi2OK;
      // The only output's value reference follows the one input's (0).
      const fmi2ValueReference tension = 1;
      double value = 0.0;
      for (int i = 0; ok && i < steps; ++i) {
        ok =
            step(c, 0.1 * i, 0.1, fmi2True) == fmi2OK && get_real(c, &tension, 1, &value) == fmi2OK;
      }
      free_instance(c);
    });
    if (!ok) seconds = -1.0;
    dlclose(library);
  }
  fs::remove_all(dir);
  return seconds;
}

}  // namespace
}  // namespace hawser

int main(int argc, char** argv) {
  using namespace hawser;
  const char* usage =
      "Usage: cosim_bench [SEGMENTS (2 to 1000; default 50)] [END_TIME s (default 60)]\n";
  bench::HelpExit(argc, argv, usage);
  if (argc > 3)
    bench::BadArgument("cosim_bench", "a third argument", argv[3], "at most two", usage);
  const int n =
      argc > 1
          ? static_cast<int>(bench::IntArgument("cosim_bench", "SEGMENTS", argv[1], 2, 1000, usage))
          : 50;
  const double end =
      argc > 2 ? bench::PositiveArgument("cosim_bench", "END_TIME", argv[2], usage) : 60.0;
  const std::string xml = Xml(n, end);
  const int steps = static_cast<int>(std::lround(end / 0.1));

  const double one_run = Seconds([&] {  // Loading and assembly included, as in a session.
    const Scenario scenario = LoadScenarioFromString(xml, "cosim_bench.xml");
    const std::unique_ptr<Model> model = Model::Assemble(scenario, BuiltinRegistry());
    MemorySink sink;
    Simulate(*model, scenario.engine, sink);
  });
  const double held = Seconds([&] {
    Session session(LoadScenarioFromString(xml, "cosim_bench.xml"));
    for (int i = 1; i <= steps; ++i) session.AdvanceTo(0.1 * i);
  });
  const double set = Seconds([&] {
    Session session(LoadScenarioFromString(xml, "cosim_bench.xml"));
    for (int i = 1; i <= steps; ++i) {
      const double value[1] = {static_cast<double>(i)};
      session.SetInput("Input", value);
      session.AdvanceTo(0.1 * i);
    }
  });
  const double fmu = FmuSeconds(xml, steps);
  fmt::print("reference line, {} segments, {} s, {} steps of 0.1 s (CVODE BDF)\n", n, end, steps);
  fmt::print("{:<14} {:>9} {:>12}\n", "way", "wall s", "vs one run");
  fmt::print("{:<14} {:>9.3f} {:>12.2f}\n", "one run", one_run, 1.0);
  fmt::print("{:<14} {:>9.3f} {:>12.2f}\n", "steps", held, held / one_run);
  fmt::print("{:<14} {:>9.3f} {:>12.2f}\n", "steps, set", set, set / one_run);
  fmt::print("{:<14} {:>9.3f} {:>12.2f}\n", "FMU steps", fmu, fmu / one_run);
  return 0;
}
