// Reads a run back from a result file written by Hdf5Sink (a whole file or a sweep's case
// group): its times and every logged signal, named as the CSV columns are.
#pragma once

#include <string>
#include <vector>

namespace hawser {

struct RecordedSignal {
  std::string name;  ///< "Obj.Port" or "Obj:State" (the CSV column stem).
  std::string unit;
  int width = 1;
  std::vector<double> values;  ///< n x width, row-major.
  /// The CSV name of component i ("Obj.Port" for width 1, "Obj.Port[i]" otherwise).
  std::string Column(int i) const;
};

struct RecordedRun {
  std::vector<double> time;
  std::vector<RecordedSignal> signals;  ///< In the file's (alphabetical) order.
  std::string status;                   ///< The group's status attribute.
};

/// Reads `group` ("/" or "/case_00003") of `path`. Throws IoError when the file or group cannot
/// be read or does not hold a run.
RecordedRun ReadRecordedRun(const std::string& path, const std::string& group = "/");

}  // namespace hawser
