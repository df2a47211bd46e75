// Src/Table: a signal read from a CSV file, interpolated linearly in time.
//
//   Out(t) = v_k + (v_{k+1} - v_k) (t - t_k) / (t_{k+1} - t_k)   for t_k <= t <= t_{k+1}
//   Out(t) = v_0 for t < t_0,  v_last for t > t_last              (ends are held)
//
// File format: one row per time, `time, value1, value2, ...` separated by commas; the number of
// value columns (the same on every row) sets the width of Out. Blank lines and lines starting
// with '#' are skipped; a first line that does not start with a number is a header and skipped.
// Times must increase strictly. `File` is an absolute path or a path relative to the folder of
// the scenario file (SimObject::ResolvePath), whatever the current directory. A missing file is
// an error at the <Lib> element; a bad row is an error naming the CSV file and its line
// (`motion.csv:7: error: ...`). The file must be a regular file of at most 64 MiB and 1e6 rows
// (hawser/text_file.h).
#pragma once

#include <vector>

#include "hawser/simobject.h"

namespace hawser {

class Table final : public SimObject {
 public:
  explicit Table(ObjectArgs& args);

 private:
  /// Adds the row `text` (trimmed, at `where`); a non-numeric first line is a header.
  void AddRow(const std::string& text, const SourceLocation& where);
  void CalcOut();

  std::vector<double> times_;
  std::vector<std::vector<double>> values_;  ///< One row per time.
  Output out_;
};

}  // namespace hawser
