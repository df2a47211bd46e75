// Files a test process writes (CSV tables, RAO files), in the temporary directory under names
// that carry the process id so parallel test processes stay apart, removed when the process ends.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace hawser::test {

/// Writes `text` to a file named from `name` in the temporary directory; returns its path. The
/// file is removed when the test process exits.
inline std::string WriteTempFile(const std::string& name, const std::string& text) {
  struct Written {
    std::vector<std::filesystem::path> paths;
    ~Written() {
      std::error_code ignored;
      for (const auto& p : paths) std::filesystem::remove(p, ignored);
    }
  };
  static Written written;
  const auto path = std::filesystem::temp_directory_path() /
                    ("hawser_test_" + std::to_string(getpid()) + "_" + name);
  std::ofstream(path) << text;
  written.paths.push_back(path);
  return path.string();
}

}  // namespace hawser::test
