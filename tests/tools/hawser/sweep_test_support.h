// Helpers for the HDF5 and sweep tests: temporary folders, shell commands with their output,
// the hawser binary and /usr/bin/python3 (which has h5py; the default python3 does not).
#pragma once

#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::sweep_test {

using Shell = testing::CommandResult;
using testing::RunCommand;

/// A fresh empty folder for one test, removed with everything in it when the test ends.
class TempDir {
 public:
  explicit TempDir(const std::string& name)
      : path_((std::filesystem::temp_directory_path() /
               ("hawser_i5_" + name + "_" + std::to_string(getpid())))
                  .string()) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  operator const std::string&() const { return path_; }  // NOLINT: reads as the folder's path.
  std::string operator+(const std::string& tail) const { return path_ + tail; }

 private:
  std::string path_;
};

inline std::string WriteFile(const std::string& path, const std::string& text) {
  std::ofstream(path) << text;
  return path;
}

inline std::string Hawser() { return HAWSER_BINARY; }

/// `/usr/bin/python3 tests/tools/hawser/hdf5_check.py ARGS`.
inline Shell CheckHdf5(const std::string& args, const std::string& dir) {
  return RunCommand(std::string("/usr/bin/python3 ") + HAWSER_SOURCE_DIR +
                        "/tests/tools/hawser/hdf5_check.py " + args,
                    dir);
}

/// Rows in /time of a result file that hawser may still be writing; -1 while it cannot be read.
/// File locking is off for this reader: hawser holds the file open for writing.
inline long Hdf5Rows(const std::string& file, const std::string& dir) {
  const Shell r =
      RunCommand("HDF5_USE_FILE_LOCKING=FALSE /usr/bin/python3 " + std::string(HAWSER_SOURCE_DIR) +
                     "/tests/tools/hawser/hdf5_check.py rows " + file,
                 dir);
  return r.exit_code == 0 ? std::atol(r.output.c_str()) : -1;
}

/// Rows of a CSV file being written (its complete lines, less the header).
inline long CsvRows(const std::string& path) {
  std::ifstream in(path);
  long lines = 0;
  for (std::string line; std::getline(in, line);) lines += in.eof() ? 0 : 1;
  return lines - 1;
}

/// How a started process ended.
struct ProcessEnd {
  bool exited = false;  ///< By exit(); false: killed by a signal.
  int code = -1;        ///< The exit status, or the signal number.
  /// As a shell reports it: the exit status, or 128 + the signal.
  int shell_code() const { return exited ? code : 128 + code; }
};

/// Starts hawser with `args` (no shell) in `dir`, its output going to `dir`/run.log. With
/// `blocked`, the child starts with SIGINT, SIGTERM and SIGHUP blocked (as some launchers do).
inline pid_t StartHawser(const std::vector<std::string>& args, const std::string& dir,
                         bool blocked = false) {
  // Blocked before fork, so that the child never runs a moment with them unblocked.
  sigset_t set, previous;
  sigemptyset(&set);
  for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&set, s);
  if (blocked) sigprocmask(SIG_BLOCK, &set, &previous);
  const pid_t pid = fork();
  if (pid == 0) {
    if (chdir(dir.c_str()) != 0) _exit(127);
    if (!freopen("run.log", "w", stdout) || !freopen("run.log", "a", stderr)) _exit(127);
    std::vector<char*> argv;
    std::string binary = Hawser();
    argv.push_back(binary.data());
    std::vector<std::string> copy = args;
    for (std::string& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    execv(binary.c_str(), argv.data());
    _exit(127);
  }
  if (blocked) sigprocmask(SIG_SETMASK, &previous, nullptr);
  return pid;
}

inline ProcessEnd WaitForExit(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? ProcessEnd{true, WEXITSTATUS(status)}
                           : ProcessEnd{false, WTERMSIG(status)};
}

/// Polls `condition` until it holds (true) or `pid` ended or `max_seconds` passed (false). The
/// bound is generous: it only ends a test that would otherwise hang.
template <class Condition>
bool WaitUntil(pid_t pid, Condition condition, double max_seconds = 60) {
  const auto start = std::chrono::steady_clock::now();
  while (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() <
         max_seconds) {
    if (condition()) return true;
    siginfo_t info{};
    if (waitid(P_PID, pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid)
      return false;     // It ended before the condition held (left for WaitForExit to collect).
    usleep(50 * 1000);  // Between polls, not instead of them.
  }
  return false;
}

/// Starts hawser with `args` in `dir`, waits until `condition` holds (polled), sends `signal` and
/// returns how the process ended. Fails the test if the condition never held.
template <class Condition>
ProcessEnd RunAndSignal(const std::vector<std::string>& args, const std::string& dir, int signal,
                        Condition condition) {
  const pid_t pid = StartHawser(args, dir);
  const bool ready = WaitUntil(pid, condition);
  CHECK_MESSAGE(ready, "the condition for sending the signal never held; run.log: "
                           << testing::ReadFile(dir + "/run.log"));
  if (signal == SIGKILL && ready) {
    // Stopped first: SIGSTOP takes effect only outside system calls, so the kill lands between
    // two write()s, as almost every kill of a real run does. (The test's condition, "a row has
    // appeared", is met while a write is in progress, and a SIGKILL inside write() can cut it at
    // a page boundary: a kernel window that no program can close; see csv_sink.h.)
    kill(pid, SIGSTOP);
    int status = 0;
    waitpid(pid, &status, WUNTRACED);
  }
  kill(pid, signal);
  return WaitForExit(pid);
}

}  // namespace hawser::sweep_test
