// Hdf5Sink: the Sink of `hawser run -o out.h5` (and of each sweep case), writing the layout of
// hdf5_run_writer.h.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "runtime/output/hdf5_file.h"
#include "runtime/output/hdf5_run_writer.h"
#include "runtime/output/sink.h"

namespace hawser {

/// The Sink that `hawser run -o out.h5` uses: a whole file, or one group of a shared file.
class Hdf5Sink final : public Sink {
 public:
  /// Creates a new file for `path`, which replaces any earlier one once Begin has written the
  /// layout; throws IoError if it cannot. `n_times`: the run's number of output times (0 =
  /// unknown), for the chunk sizes.
  explicit Hdf5Sink(const std::string& path, size_t n_times = 0);
  /// Writes into `group` of an already open file (sweeps).
  Hdf5Sink(std::shared_ptr<Hdf5File> file, std::string group);

  void Begin(const std::vector<LoggedSignal>& signals, const RunInfo& info) override;
  void Write(double t) override;
  void Finish(const RunResult& result) override;

 private:
  Hdf5RunWriter writer_;
  std::vector<LoggedSignal> signals_;
  std::vector<double> row_;
};

}  // namespace hawser
