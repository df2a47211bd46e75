// A small source tree for the documentation checkers' own tests (doc_links_test.cpp,
// doc_snippets_test.cpp): README.md and docs/ with known good and bad content.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace hawser::testing {

/// A folder of its own under the temporary directory, with an empty docs/, removed with its
/// files at the end.
struct DocTree {
  std::filesystem::path root;
  explicit DocTree(const std::string& prefix)
      : root(std::filesystem::temp_directory_path() / (prefix + std::to_string(getpid()))) {
    std::filesystem::create_directories(root / "docs");
  }
  ~DocTree() {
    std::error_code ignored;
    std::filesystem::remove_all(root, ignored);
  }
  DocTree(const DocTree&) = delete;
  DocTree& operator=(const DocTree&) = delete;
  void Write(const std::string& name, const std::string& text) const {
    std::ofstream(root / name) << text;
  }
};

}  // namespace hawser::testing
