#include "runtime/output/csv_sink.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstring>

namespace hawser {

CsvSink::CsvSink(std::string path) : path_(std::move(path)) {
  file_ = std::fopen(path_.c_str(), "w");
  if (file_ == nullptr) {
    throw IoError(fmt::format("cannot write results to '{}': {}", path_, std::strerror(errno)));
  }
}

CsvSink::~CsvSink() {
  if (file_ != nullptr) std::fclose(file_);
}

void CsvSink::Check(int rc) const {
  if (rc < 0) throw IoError(fmt::format("writing '{}' failed: {}", path_, std::strerror(errno)));
}

void CsvSink::Begin(const std::vector<LoggedSignal>& signals, const RunInfo&) {
  signals_ = signals;
  line_ = "Time";
  for (const std::string& name : ColumnNames(signals)) line_ += "," + name;
  line_ += '\n';
  Check(std::fputs(line_.c_str(), file_));
}

void CsvSink::Write(double t) {
  line_.clear();
  // fmt's default for double is the shortest text that reads back to the same value.
  fmt::format_to(std::back_inserter(line_), "{}", t);
  for (const LoggedSignal& s : signals_)
    for (double v : s.values) fmt::format_to(std::back_inserter(line_), ",{}", v + 0.0);  // -0 -> 0
  line_ += '\n';
  Check(std::fputs(line_.c_str(), file_));
}

void CsvSink::Finish(const RunResult&) {
  Check(std::fflush(file_));
  if (std::fclose(file_) != 0) {
    file_ = nullptr;
    throw IoError(fmt::format("closing '{}' failed: {}", path_, std::strerror(errno)));
  }
  file_ = nullptr;
}

}  // namespace hawser
