#include "runtime/output/csv_sink.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace hawser {

namespace {

/// Rows are written when this many bytes are buffered, or kMaxSecondsBetweenWrites passed.
constexpr size_t kFlushBytes = 64 * 1024;
constexpr double kMaxSecondsBetweenWrites = 1.0;

}  // namespace

CsvSink::CsvSink(std::string path) : path_(std::move(path)), file_(path_, false) {
  fd_ = ::open(file_.write_path().c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd_ < 0) {
    throw IoError(fmt::format("cannot write results to '{}': {}", path_, std::strerror(errno)));
  }
}

CsvSink::~CsvSink() {
  // Reached without Finish only when an exception is on its way: keep the rows buffered so far.
  if (fd_ < 0) return;
  try {
    WriteBuffer();
  } catch (...) {
  }
  ::close(fd_);
}

void CsvSink::WriteBuffer() {
  last_write_ = std::chrono::steady_clock::now();
  if (buffer_.empty() || failed_) return;
  size_t done = 0;
  while (done < buffer_.size()) {
    const ssize_t n = ::write(fd_, buffer_.data() + done, buffer_.size() - done);
    if (n > 0) {
      done += static_cast<size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    const int error = n < 0 ? errno : ENOSPC;  // write() returning 0 for a file: out of space.
    failed_ = true;
    // Part of the batch may have reached the file: cut it back to the last whole row.
    const bool cut = ::ftruncate(fd_, static_cast<off_t>(written_)) == 0;
    buffer_.clear();
    throw IoError(fmt::format("writing '{}' failed: {}; {}", path_, std::strerror(error),
                              cut ? "the file holds every complete row written before"
                                  : "the last row in the file may be incomplete"));
  }
  written_ += static_cast<long long>(buffer_.size());
  buffer_.clear();
}

void CsvSink::Begin(const std::vector<LoggedSignal>& signals, const RunInfo&) {
  signals_ = signals;
  buffer_ = "Time";
  for (const std::string& name : ColumnNames(signals)) buffer_ += "," + name;
  buffer_ += '\n';
  WriteBuffer();
  file_.Publish();  // The header is on disk: the new file replaces any earlier one.
}

void CsvSink::Write(double t) {
  // fmt's default for double is the shortest text that reads back to the same value.
  fmt::format_to(std::back_inserter(buffer_), "{}", t);
  for (const LoggedSignal& s : signals_)
    for (double v : s.values) fmt::format_to(std::back_inserter(buffer_), ",{}", v + 0.0);  // -0
  buffer_ += '\n';
  if (buffer_.size() >= kFlushBytes ||
      std::chrono::duration<double>(std::chrono::steady_clock::now() - last_write_).count() >=
          kMaxSecondsBetweenWrites) {
    WriteBuffer();
  }
}

void CsvSink::Finish(const RunResult&) {
  WriteBuffer();
  const int fd = fd_;
  fd_ = -1;
  if (::close(fd) != 0) {
    throw IoError(fmt::format("closing '{}' failed: {}", path_, std::strerror(errno)));
  }
}

}  // namespace hawser
