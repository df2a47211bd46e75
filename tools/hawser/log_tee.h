// --log-file: everything the program writes to stdout and stderr also goes to a log file,
// including messages printed by SimObjects and the runtime, as FhSim's --log-file does.
#pragma once

#include <cstdio>
#include <memory>
#include <string>
#include <thread>

namespace hawser::cli {

/// While alive, copies what is written to file descriptor `fd` into `log` as well.
class FdTee {
 public:
  FdTee(int fd, std::FILE* log);
  ~FdTee();
  FdTee(const FdTee&) = delete;
  FdTee& operator=(const FdTee&) = delete;

 private:
  int fd_;
  int original_ = -1;
  int read_end_ = -1;
  std::FILE* log_;
  std::thread copier_;
};

/// Opens `path` for appending and tees stderr (errors, warnings) and, unless `errors_only`
/// (FhSim's --file-verbosity 0), stdout into it until destroyed.
class LogFile {
 public:
  /// Throws IoError when the file cannot be opened.
  explicit LogFile(const std::string& path, bool errors_only = false);
  ~LogFile();

 private:
  std::FILE* file_;
  std::unique_ptr<FdTee> out_, err_;
};

}  // namespace hawser::cli
