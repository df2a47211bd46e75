// Reads a run back from a result file written by Hdf5Sink (a whole file or a sweep's case
// group): its times and every logged signal, named as the CSV columns are. Any numeric dataset
// type is read (converted to double by HDF5); a file that is not a hawser result, or whose
// datasets hawser could not have written (not numbers, not /time's rows), is refused.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "runtime/analysis/stats_spec.h"

namespace hawser {

struct RecordedSignal : SignalShape {  ///< name: "Obj.Port" or "Obj:State" (the CSV stem).
  std::string unit;
  std::vector<double> values;  ///< n x width, row-major; empty when it was not asked for.
};

struct RecordedRun {
  std::vector<double> time;
  std::vector<RecordedSignal> signals;  ///< In the file's (alphabetical) order.
  std::string status;                   ///< The group's status attribute.
  std::string message;                  ///< The group's message attribute (why it failed).
};

/// Which signals to read the values of (all of them when empty); every signal is listed.
using SignalFilter = std::function<bool(const SignalShape&)>;

/// The most values ReadRecordedRun reads at once, time and the chosen signals together: 2^28
/// doubles (2 GiB). A longer record is refused, not read into memory the machine may not have.
inline constexpr size_t kMaxRecordedValues = size_t{1} << 28;
/// The most columns (values per row, all signals together) a run may have: 2^20, so that the
/// list of their names stays small (a 1000-node cable logs ~10^4).
inline constexpr size_t kMaxRecordedColumns = size_t{1} << 20;

/// Reads `group` ("/" or "/case_00003") of `path`, the values of the signals `wanted` accepts.
/// Throws ScenarioError (bad input) for a file that is missing, empty, not HDF5, damaged, not a
/// hawser result, or has no such run (each message names the file and the reason); IoError when
/// the system cannot read it.
RecordedRun ReadRecordedRun(const std::string& path, const std::string& group = "/",
                            const SignalFilter& wanted = {});

/// What a hawser result file holds: one run, or a sweep's cases.
struct ResultFileInfo {
  bool sweep = false;
  long n_cases = 0;  ///< A sweep's number of cases (its n_cases attribute).
};

/// Checks `path` as ReadRecordedRun does, and tells a run from a sweep.
ResultFileInfo InspectResultFile(const std::string& path);

}  // namespace hawser
