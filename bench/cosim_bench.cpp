// The cost of driving a run step by step (runtime/embed/session.h, the C API's core) against one
// uninterrupted run: the reference mooring line (bench/reference_line.h) with its fairlead moved
// by Src/Sine blocks, x = 5 sin(2 pi t / 10), 60 s in 0.1 s steps. Prints a table; never fails on
// a timing.
//   one run       Simulate over the output times 0, 0.1, ..., 60 into memory (the CLI's path)
//   steps         Session::AdvanceTo every 0.1 s: CVODE goes on from step to step
//   steps, set    the same, with a Signal/External (read by nothing) set to a new value every
//                 step: each change restarts CVODE at order 1, as an input that jumps must
// Usage: cosim_bench [SEGMENTS (default 50)] [END_TIME s (default 60)]
#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <functional>
#include <string>

#include "bench/reference_line.h"
#include "runtime/embed/session.h"
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

}  // namespace
}  // namespace hawser

int main(int argc, char** argv) {
  using namespace hawser;
  const int n = argc > 1 ? std::atoi(argv[1]) : 50;
  const double end = argc > 2 ? std::atof(argv[2]) : 60.0;
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
  fmt::print("reference line, {} segments, {} s, {} steps of 0.1 s (CVODE BDF)\n", n, end, steps);
  fmt::print("{:<14} {:>9} {:>12}\n", "way", "wall s", "vs one run");
  fmt::print("{:<14} {:>9.3f} {:>12.2f}\n", "one run", one_run, 1.0);
  fmt::print("{:<14} {:>9.3f} {:>12.2f}\n", "steps", held, held / one_run);
  fmt::print("{:<14} {:>9.3f} {:>12.2f}\n", "steps, set", set, set / one_run);
  return 0;
}
