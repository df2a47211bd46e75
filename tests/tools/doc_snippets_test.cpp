// Every command, Python snippet and scenario of README.md and docs/*.md runs as written
// (tests/tools/doc_snippets.py says how, and which set-up scripts it leaves to CI). The checker
// is also run on a small tree with known bad snippets, so that a checker that passes everything
// fails.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "tests/tools/doc_tree.h"
#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {

namespace {

const std::string kSource = HAWSER_SOURCE_DIR;
const std::string kChecker = kSource + "/tests/tools/doc_snippets.py";

/// The build tree this test belongs to (build/ or build-sanitize/): <build>/tools/hawser.
std::string BuildDir() {
  return std::filesystem::path(HAWSER_BINARY).parent_path().parent_path().string();
}

/// A tree whose configs/ and tools/ link to the real ones, which the checker's set-up runs use.
void LinkConfigsAndTools(const DocTree& tree) {
  std::filesystem::create_directory_symlink(kSource + "/configs", tree.root / "configs");
  std::filesystem::create_directory_symlink(kSource + "/tools", tree.root / "tools");
}

/// The command line's start that runs /usr/bin/python3 with the Python module importable. In the
/// sanitizer build (HAWSER_PYTHON_PRELOAD names the runtime) the uninstrumented interpreter
/// gets the runtime preloaded and its leak check off (CPython does not free its heap at exit);
/// the commands the checker runs inherit both.
std::string Python() {
  const std::string preload = HAWSER_PYTHON_PRELOAD;
  if (preload.empty()) return "/usr/bin/python3";
  return "LD_PRELOAD='" + preload +
         "' ASAN_OPTIONS=\"$ASAN_OPTIONS:detect_leaks=0\" /usr/bin/python3";
}

}  // namespace

TEST_CASE("README and docs: every documented command and Python snippet runs") {
  const CommandResult r =
      RunCommand(Python() + " '" + kChecker + "' '" + kSource + "' '" + BuildDir() + "'");
  CHECK_MESSAGE(r.exit_code == 0, r.output);
  CHECK(r.output.find(" 0 failed") != std::string::npos);
}

TEST_CASE("doc_snippets.py reports each failing snippet with its document and line, exits 1") {
  const DocTree tree("hawser-doc-snippets-");
  LinkConfigsAndTools(tree);
  tree.Write("README.md",
             "# Tool\n"
             "```sh\n"
             "hawser list\n"  // Line 3: runs.
             "tools/test\n"   // Line 4: not run, with its reason.
             "ls -l\n"        // Line 5: neither run nor skipped.
             "```\n"
             "```xml\n"  // Lines 7-13: a scenario with a misspelt parameter.
             "<Contents><OBJECTS>\n"
             "<Lib LibName=\"base\" SimObject=\"Cable/LinearSpring\" Name=\"S\" Stifness=\"1\" />\n"
             "</OBJECTS><INTERCONNECTIONS/><INITIALIZATION/><INTEGRATION>\n"
             "<Engine TOutput=\"0, 1, 2\" />\n"
             "</INTEGRATION></Contents>\n"
             "```\n");
  // A page of docs/ is read without being listed anywhere.
  tree.Write("docs/page.md", "# Page\n```sh\nhawser run no_such_scenario.xml\n```\n");
  const CommandResult r = RunCommand(Python() + " '" + kChecker + "' '" + tree.root.string() +
                                     "' '" + BuildDir() + "'");
  CHECK_MESSAGE(r.exit_code == 1, r.output);
  CHECK(r.output.find("not run: README.md:4: tools/test (set-up and test scripts, which CI runs "
                      "itself)") != std::string::npos);
  CHECK(r.output.find("README.md:5: `ls -l` is neither run nor skipped with a reason") !=
        std::string::npos);
  CHECK(r.output.find("README.md:8: xml block fails `hawser validate --strict-units`") !=
        std::string::npos);
  CHECK(r.output.find("unknown parameter 'Stifness'") != std::string::npos);  // hawser's own.
  CHECK(r.output.find("docs/page.md:3: `hawser run no_such_scenario.xml` exited 4") !=
        std::string::npos);
  CHECK(r.output.find("README.md:3:") == std::string::npos);  // `hawser list` ran and passed.
  CHECK(r.output.find("doc_snippets: 3 snippets ran, 3 failed, 1 not run") != std::string::npos);
}

}  // namespace hawser::testing
