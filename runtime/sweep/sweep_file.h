// The sweep result file (docs/design.md, "Sweeps and MPI"): one HDF5 file holding
//   /cases          a compound table, one row per case, written as cases finish:
//                   case (int64), one column per swept name (float64, or string for words),
//                   status (pending | running | completed | failed | interrupted), message,
//                   wall_seconds, steps, rhs_evals, jacobian_evals, rows, end_time, and one
//                   float64 column per summary ("M.ForceA[2]:max"; NaN without rows)
//   /case_NNNNN     each case's results in the single-run layout (hdf5_run_writer.h)
// Root attributes: hawser_version, scenario, scenario_file, command_line, sweep (the canonical
// definition, checked by --resume), n_cases, status (running | completed | interrupted), message.
// All calls are thread-safe (they hold Hdf5Mutex()).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "runtime/output/hdf5_sink.h"
#include "runtime/sweep/sweep.h"

namespace hawser {

/// "/case_00042".
std::string CaseGroupName(long index);

class SweepFile {
 public:
  /// Creates a new file for `path` with every case pending; it replaces any earlier file once
  /// the table is written (replacing_file.h).
  static std::unique_ptr<SweepFile> Create(const std::string& path, const SweepSetup& setup,
                                           const std::vector<SweepCase>& cases);
  /// Opens a file an earlier run of the same sweep wrote (for --resume). Throws ScenarioError,
  /// before writing anything, when it is not an HDF5 file, not a sweep file, or another sweep's
  /// file; IoError when it cannot be written (CheckReplaceable).
  static std::unique_ptr<SweepFile> Resume(const std::string& path, const SweepSetup& setup,
                                           const std::vector<SweepCase>& cases);
  ~SweepFile();

  /// The status of every case, as the file says.
  const std::vector<std::string>& statuses() const { return statuses_; }
  std::shared_ptr<Hdf5File> file() const { return file_; }

  /// Writes a case's row of /cases and flushes.
  void Record(const CaseResult& result);
  /// Root status and message (e.g. "completed", "2 of 10 cases failed").
  void Finish(const std::string& status, const std::string& message);

 private:
  SweepFile(std::shared_ptr<Hdf5File> file, const SweepSetup& setup,
            const std::vector<SweepCase>& cases);
  void WriteRow(long index, const std::string& status, const CaseResult* result);

  std::shared_ptr<Hdf5File> file_;
  const SweepSetup& setup_;
  std::vector<SweepCase> cases_;
  std::vector<std::string> statuses_;
  int64_t table_ = -1;
  int64_t memory_type_ = -1;
  std::vector<size_t> offsets_;  ///< Of every field in the memory record.
};

/// The /cases table of a sweep file as plain data (tests, tools).
struct CasesTable {
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;  ///< Every value as text ("{}" formatting).
  /// The text of column `name` in row `r`; aborts on an unknown column.
  const std::string& at(size_t r, const std::string& name) const;
};
CasesTable ReadCasesTable(const std::string& path);

}  // namespace hawser
