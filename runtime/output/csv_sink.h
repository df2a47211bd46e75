// CSV results (DESIGN section 4): header `Time,<Obj>.<Port>[i],...`, one row per output time,
// values printed so that they read back to the same double. Rows are flushed as the run goes, so
// a failed or interrupted run keeps every row written.
#pragma once

#include <cstdio>
#include <string>

#include "runtime/output/sink.h"

namespace hawser {

class CsvSink final : public Sink {
 public:
  /// Opens `path` for writing; throws IoError if it cannot.
  explicit CsvSink(std::string path);
  ~CsvSink() override;
  void Begin(const std::vector<LoggedSignal>& signals, const RunInfo& info) override;
  void Write(double t) override;
  void Finish(const RunResult& result) override;

 private:
  void Check(int rc) const;
  std::string path_;
  std::FILE* file_ = nullptr;
  std::vector<LoggedSignal> signals_;
  std::string line_;  ///< Reused row buffer.
};

}  // namespace hawser
