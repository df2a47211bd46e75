#include "tools/hawser/log_tee.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "hawser/errors.h"

namespace hawser::cli {

FdTee::FdTee(int fd, std::FILE* log) : fd_(fd), log_(log) {
  int ends[2];
  if (pipe(ends) != 0) return;  // No tee: output still reaches the terminal.
  original_ = dup(fd_);
  dup2(ends[1], fd_);
  close(ends[1]);
  read_end_ = ends[0];
  copier_ = std::thread([this] {
    char buffer[4096];
    ssize_t n;
    while ((n = read(read_end_, buffer, sizeof buffer)) > 0) {
      ssize_t written = 0;
      while (written < n) {
        const ssize_t w = write(original_, buffer + written, n - written);
        if (w <= 0) break;
        written += w;
      }
      std::fwrite(buffer, 1, static_cast<size_t>(n), log_);
      std::fflush(log_);
    }
  });
}

FdTee::~FdTee() {
  if (original_ < 0) return;
  std::fflush(nullptr);
  dup2(original_, fd_);  // Closes the pipe's last write end: the copier sees end of file.
  copier_.join();
  close(read_end_);
  close(original_);
}

LogFile::LogFile(const std::string& path, bool errors_only) : file_(std::fopen(path.c_str(), "a")) {
  if (file_ == nullptr) {
    throw IoError(fmt::format("cannot open log file '{}': {}", path, std::strerror(errno)));
  }
  if (!errors_only) out_ = std::make_unique<FdTee>(STDOUT_FILENO, file_);
  err_ = std::make_unique<FdTee>(STDERR_FILENO, file_);
}

LogFile::~LogFile() {
  err_.reset();
  out_.reset();
  std::fclose(file_);
}

}  // namespace hawser::cli
