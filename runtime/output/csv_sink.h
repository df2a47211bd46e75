// CSV results (docs/design.md, "Output"): header `Time,<Obj>.<Port>[i],...`, one row per output
// time, values printed so that they read back to the same double. An earlier file at the path is
// replaced only once the header is on disk (replacing_file.h).
//
// Whole rows only: rows are formatted into a buffer and handed to the system with one write()
// at a row boundary, at least once a second or every kFlushBytes, so a failed, interrupted or
// killed run keeps the rows written so far and a reader never meets a half-written row from a
// buffer flushed mid-line. When a write fails (full disk, file size limit), the file is cut back
// to the last complete row before the error is reported. Residual risk: Linux may stop a write()
// that spans several pages between two pages when the process is killed (SIGKILL), which can
// leave the last row of that batch cut; nothing in user space can prevent that. (The faults test
// kills a stopped hawser, i.e. outside write(); a kill inside one is that kernel window.)
#pragma once

#include <chrono>
#include <string>

#include "runtime/output/replacing_file.h"
#include "runtime/output/sink.h"

namespace hawser {

class CsvSink final : public Sink {
 public:
  /// Creates the new file beside `path`, which it replaces once the header is written
  /// (replacing_file.h); throws IoError if it cannot.
  explicit CsvSink(std::string path);
  ~CsvSink() override;
  void Begin(const std::vector<LoggedSignal>& signals, const RunInfo& info) override;
  void Write(double t) override;
  void Finish(const RunResult& result) override;

 private:
  /// Writes the buffered rows; on failure truncates the file to the last row boundary and throws
  /// IoError.
  void WriteBuffer();
  std::string path_;
  ReplacingFile file_;
  int fd_ = -1;
  std::vector<LoggedSignal> signals_;
  std::string buffer_;     ///< Whole rows not yet written.
  long long written_ = 0;  ///< Bytes in the file, always at a row boundary.
  bool failed_ = false;    ///< A write failed; nothing more is written.
  std::chrono::steady_clock::time_point last_write_;
};

}  // namespace hawser
