// Running a sweep's cases on worker threads of one process. Each case builds its own Model; rows
// go straight into the case's group of the sweep file (HDF5 calls are serialised by
// Hdf5Mutex(), so workers only wait for each other while a chunk is being written).
#pragma once

#include <atomic>
#include <functional>
#include <vector>

#include "runtime/sweep/sweep.h"
#include "runtime/sweep/sweep_file.h"

namespace hawser {

struct SweepRunOptions {
  int threads = 1;
  /// Set (by a SIGINT handler) to interrupt running cases and start no more.
  const std::atomic<bool>* interrupt = nullptr;
  /// Called after each case was recorded (from one thread at a time).
  std::function<void(const CaseResult&)> on_case_done;
};

/// Runs `todo` (indices into `cases`) and records each in `file`. Returns when all are done or,
/// after an interrupt, when the running ones have stopped.
void RunSweepThreads(const SweepSetup& setup, const std::vector<SweepCase>& cases,
                     const std::vector<long>& todo, SweepFile& file,
                     const SweepRunOptions& options);

/// The sink factory that writes a case into its group of `file`.
CaseSinkFactory SweepFileSinks(const SweepFile& file);

}  // namespace hawser
