// hawser_bench: sweep throughput (threads and MPI ranks) and the cost of HDF5 logging.
// Prints tables; never fails on a timing. Usage: hawser_bench [--quick]
#include <fmt/format.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "bench/bench_args.h"
#include "runtime/output/csv_sink.h"
#include "runtime/output/hdf5_sink.h"
#include "runtime/run/simulation.h"
#include "runtime/sweep/sweep_runner.h"
#include "simobjects/register_base.h"

namespace hawser {
namespace {

double Seconds(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// A ball on a spring-damper: cheap dynamics, so that output costs show.
std::string BenchScenario(const std::string& toutput) {
  return fmt::format(R"(<Contents>
<VARIABLES><Variable Name="k" Value="50" /></VARIABLES>
<OBJECTS>
  <Lib LibName="base" SimObject="Cable/LinearSpring" Name="Spring" Stiffness="${{k}}" RelaxedLength="1" />
  <Lib LibName="base" SimObject="Body/3DBody" Name="Ball" Mass="2" />
</OBJECTS>
<INTERCONNECTIONS>
  <Connection Spring.PosA="0,0,0" Spring.PosB="Ball.Pos" />
  <Connection Ball.Force="Spring.ForceB - 0.5 * Ball.Vel" />
</INTERCONNECTIONS>
<INITIALIZATION><InitialCondition Ball.Pos="0.3,0,-0.9" /></INITIALIZATION>
<INTEGRATION>
  <Engine IntegratorMethod="2" TOutput="{}" AbsTol="1e-9" RelTol="1e-9" LogStates="1" FileOutput="objects:all" />
</INTEGRATION>
</Contents>
)",
                     toutput);
}

class NullSink final : public Sink {
 public:
  void Begin(const std::vector<LoggedSignal>&, const RunInfo&) override {}
  void Write(double) override {}
  void Finish(const RunResult&) override {}
};

double TimeRun(const std::string& xml, Sink& sink) {
  Scenario s = LoadScenarioFromString(xml, "bench.xml");
  auto model = Model::Assemble(s, BuiltinRegistry());
  const auto start = std::chrono::steady_clock::now();
  Simulate(*model, s.engine, sink);
  return Seconds(start);
}

void LoggingOverhead(const std::string& dir, bool quick) {
  const std::string xml = BenchScenario(quick ? "0, 0.01, 500" : "0, 0.01, 3000");
  const long rows = quick ? 50001 : 300001;
  NullSink null;
  const double t_null = TimeRun(xml, null);
  Hdf5Sink h5(dir + "/bench.h5");
  const double t_h5 = TimeRun(xml, h5);
  CsvSink csv(dir + "/bench.csv");
  const double t_csv = TimeRun(xml, csv);
  fmt::print("\nLogging overhead: one run, {} rows x 22 columns (ball on spring, CVODE 1e-9)\n",
             rows);
  fmt::print("  {:<12} {:>10} {:>14} {:>12}\n", "sink", "wall [s]", "vs no output", "file [MB]");
  fmt::print("  {:<12} {:>10.3f} {:>14.2f} {:>12}\n", "none", t_null, 1.0, "-");
  fmt::print("  {:<12} {:>10.3f} {:>14.2f} {:>12.2f}\n", "hdf5", t_h5, t_h5 / t_null,
             std::filesystem::file_size(dir + "/bench.h5") / 1e6);
  fmt::print("  {:<12} {:>10.3f} {:>14.2f} {:>12.2f}\n", "csv", t_csv, t_csv / t_null,
             std::filesystem::file_size(dir + "/bench.csv") / 1e6);
}

void SweepThroughput(const std::string& dir, bool quick) {
  const std::string xml = BenchScenario("0, 0.05, 100");
  const std::string path = dir + "/sweep.xml";
  std::ofstream(path) << xml;
  const int n_cases = quick ? 8 : 32;
  const std::string values = fmt::format("linspace(20,80,{})", n_cases);
  SweepSetup setup;
  setup.scenario_file = path;
  setup.scenario_text = xml;
  setup.registry = &BuiltinRegistry();
  setup.definition.parameters = {ParseSweepSetting("k=" + values)};
  setup.definition.summaries = {ParseSummarySpec("Ball.Pos[2]:min")};
  const auto cases = ExpandCases(setup.definition);
  std::vector<long> todo;
  for (const auto& c : cases) todo.push_back(c.index);
  fmt::print("\nSweep throughput: {} cases (ball on spring, 100 s, 2001 rows each, HDF5 output)\n",
             n_cases);
  fmt::print("  {:<26} {:>10} {:>10} {:>10}\n", "workers", "wall [s]", "cases/s", "speed-up");
  double base = 0;
  for (int threads : {1, 2}) {
    auto file = SweepFile::Create(dir + "/threads.h5", setup, cases);
    SweepRunOptions options;
    options.threads = threads;
    const auto start = std::chrono::steady_clock::now();
    RunSweepThreads(setup, cases, todo, *file, options);
    const double t = Seconds(start);
    if (threads == 1) base = t;
    fmt::print("  {:<26} {:>10.3f} {:>10.1f} {:>10.2f}\n", fmt::format("{} thread(s)", threads), t,
               n_cases / t, base / t);
  }
  for (int ranks : {1, 2}) {
    const std::string cmd = fmt::format(
        "cd '{}' && mpirun --allow-run-as-root --oversubscribe -n {} {} sweep sweep.xml "
        "--set 'k={}' --summary 'Ball.Pos[2]:min' -o mpi.h5 -q >mpi.log 2>&1",
        dir, ranks, HAWSER_BINARY, values);
    const auto start = std::chrono::steady_clock::now();
    const int rc = std::system(cmd.c_str());
    const double t = Seconds(start);
    if (rc != 0) {
      fmt::print("  {} MPI rank(s): mpirun failed (exit {}); see {}/mpi.log\n", ranks, rc, dir);
      continue;
    }
    fmt::print("  {:<26} {:>10.3f} {:>10.1f} {:>10.2f}\n",
               fmt::format("{} MPI rank(s) (+ mpirun)", ranks), t, n_cases / t, base / t);
  }
  fmt::print("  (MPI rows include mpirun start-up, ~0.5 s; rank 0 also runs cases on a thread.)\n");
}

}  // namespace
}  // namespace hawser

int main(int argc, char** argv) {
  const char* usage = "Usage: hawser_bench [--quick]\n";
  hawser::bench::HelpExit(argc, argv, usage);
  if (argc > 2 || (argc == 2 && std::string(argv[1]) != "--quick"))
    hawser::bench::BadArgument("hawser_bench", "an argument", argv[argc - 1], "--quick or nothing",
                               usage);
  const bool quick = argc > 1 && std::string(argv[1]) == "--quick";
  const auto dir =
      std::filesystem::temp_directory_path() / fmt::format("hawser_bench_{}", getpid());
  std::filesystem::create_directories(dir);
  fmt::print("hawser_bench{} on {} hardware threads\n", quick ? " --quick" : "",
             std::thread::hardware_concurrency());
  hawser::LoggingOverhead(dir.string(), quick);
  hawser::SweepThroughput(dir.string(), quick);
  std::filesystem::remove_all(dir);
  return 0;
}
