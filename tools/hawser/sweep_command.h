// `hawser sweep`: the parts shared by the threaded sweep (sweep_command.cpp) and the MPI sweep
// (mpi_sweep.cpp, built with HAWSER_MPI).
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "runtime/sweep/sweep.h"
#include "runtime/sweep/sweep_file.h"

namespace hawser::cli {

struct SweepRequest {
  std::string scenario;
  std::string output = "sweep.h5";
  std::vector<std::string> sets;  ///< "NAME=VALUES"
  std::string sweep_file;
  std::vector<std::string> summaries;
  bool zip = false;
  int threads = 1;
  bool resume = false;
  VariableOverrides variables;
  std::string command_line;
  bool quiet = false;
  bool strict_units = false;  ///< --strict-units: a unit mismatch is an error, not a warning.
  std::vector<std::string> plugin_path;  ///< --plugin-path DIR: searched first for LibNames.
};

int Sweep(const SweepRequest& request);

/// What every process of a sweep knows: the setup, the cases and which still need running.
struct SweepPlan {
  /// The built-in library and the scenario's plugins; setup.registry points to it.
  std::shared_ptr<const Registry> registry;
  SweepSetup setup;
  std::vector<SweepCase> cases;
};

/// Counts results and draws the progress line; Finish prints the summary and gives the exit code.
class SweepReport {
 public:
  SweepReport(size_t to_run, size_t total, bool quiet);
  void Add(const CaseResult& result);
  int Finish(SweepFile& file, const std::string& path, bool interrupted);

 private:
  size_t to_run_, total_, done_ = 0, failed_ = 0;
  bool quiet_, tty_;
  double start_;
  double last_draw_ = -1;
};

/// True when this process was started by mpirun with more than one rank.
bool LaunchedWithMpi();

#ifdef HAWSER_WITH_MPI
/// The MPI sweep: rank 0 hands out case indices on request, runs cases itself on a worker thread,
/// and writes every result into the one output file; other ranks run cases and send results.
int MpiSweep(const SweepRequest& request, SweepPlan& plan, std::atomic<bool>& interrupt);
#endif

/// Rank 0 / single process: opens or creates the output file and lists the cases to run.
std::unique_ptr<SweepFile> OpenSweepFile(const SweepRequest& request, const SweepPlan& plan,
                                         std::vector<long>& todo);

}  // namespace hawser::cli
