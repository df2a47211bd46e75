// Helpers for the HDF5 and sweep tests: temporary folders, shell commands with their output,
// the hawser binary and /usr/bin/python3 (which has h5py; the default python3 does not).
#pragma once

#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

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

/// A fresh empty folder for one test.
inline std::string TempDir(const std::string& name) {
  auto dir = std::filesystem::temp_directory_path() /
             ("hawser_i5_" + name + "_" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

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

/// Starts hawser with `args` (no shell) in `dir`, sends `signal` after `seconds`, and returns
/// the exit code (128 + signal number when killed by it).
inline int RunAndSignal(const std::vector<std::string>& args, const std::string& dir, int signal,
                        double seconds) {
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
  usleep(static_cast<useconds_t>(seconds * 1e6));
  kill(pid, signal);
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace hawser::sweep_test
