#include "tests/tools/hawser/cli_support.h"

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace hawser::testing {

CommandResult RunCommand(const std::string& command, const std::string& workdir) {
  const std::string shell = "cd '" + workdir + "' && " + command + " 2>&1";
  CommandResult result;
  std::FILE* pipe = popen(shell.c_str(), "r");
  if (pipe == nullptr) return result;
  std::array<char, 4096> buffer;
  size_t n;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0)
    result.output.append(buffer.data(), n);
  const int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

std::string UnconnectedScenario(const std::string& objects, const std::string& engine,
                                const std::string& variables) {
  return "<Contents>\n" + (variables.empty() ? "" : variables + "\n") + "<OBJECTS>\n" + objects +
         "</OBJECTS>\n<INTERCONNECTIONS>\n</INTERCONNECTIONS>\n<INITIALIZATION>\n"
         "</INITIALIZATION>\n<INTEGRATION>\n<Engine " +
         engine + "/>\n</INTEGRATION>\n</Contents>\n";
}

CommandResult RunHawser(const std::string& args, const std::string& workdir) {
  return RunCommand("'" HAWSER_BINARY "' " + args, workdir);
}

namespace {

/// This test process's folder for WriteTempFile, removed with its files when the process ends.
struct ProcessTempDir {
  std::filesystem::path path =
      std::filesystem::temp_directory_path() / ("hawser-cli-test-" + std::to_string(getpid()));
  ProcessTempDir() { std::filesystem::create_directories(path); }
  ~ProcessTempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
};

}  // namespace

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HAWSER_CLI_TEST_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(HAWSER_CLI_TEST_ASAN)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif

std::string MemoryLimit(long kilobytes) {
  return kAddressSanitizer ? "" : "ulimit -v " + std::to_string(kilobytes) + " && ";
}

std::string HangTimeout() { return kAddressSanitizer ? "timeout 600 " : "timeout 60 "; }

std::string WriteTempFile(const std::string& name, const std::string& text) {
  static const ProcessTempDir dir;
  const auto path = dir.path / name;
  std::ofstream(path) << text;
  return path.string();
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

ScratchFolder::ScratchFolder(const std::string& name)
    : path(std::filesystem::temp_directory_path() /
           ("hawser_" + name + "_" + std::to_string(getpid()))) {
  std::filesystem::remove_all(path);
  std::filesystem::create_directories(path);
}

ScratchFolder::~ScratchFolder() {
  std::error_code ignored;
  std::filesystem::remove_all(path, ignored);
}

}  // namespace hawser::testing
