// Every relative link of README.md and docs/*.md resolves to a file of the tree, every #anchor
// to a heading, and every tree path named in a code span exists (tests/tools/doc_links.py says
// how links and paths are read). The checker is also run on a small tree with known broken links
// and paths, so that a checker that passes everything fails.
#include <doctest/doctest.h>

#include <string>

#include "tests/tools/doc_tree.h"
#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {

namespace {

const std::string kChecker = std::string(HAWSER_SOURCE_DIR) + "/tests/tools/doc_links.py";

}  // namespace

TEST_CASE("README and docs: every relative link and anchor resolves") {
  const CommandResult r =
      RunCommand("/usr/bin/python3 '" + kChecker + "' '" + std::string(HAWSER_SOURCE_DIR) + "'");
  CHECK_MESSAGE(r.exit_code == 0, r.output);
  CHECK(r.output.find(", 0 broken") != std::string::npos);
  CHECK(r.output.find(", 0 missing") != std::string::npos);
}

TEST_CASE("doc_links.py reports each broken link with its line and reason, and exits 1") {
  const DocTree tree("hawser-doc-links-");
  tree.Write("README.md",
             "# Tool\n"
             "[design](docs/design.md) and [its part](docs/design.md#part-two)\n"  // Line 2: good.
             "[gone](docs/gone.md)\n"                                              // Line 3.
             "![picture](docs/design.md#no-such-part)\n"                           // Line 4.
             "[web](https://example.org/missing.md) `[code](not/a/link.md)`\n"     // Line 5: good.
             "```sh\n[fenced](not/a/link.md)\n```\n"                               // Lines 6-8.
             "[up]: ../outside.md\n"                                               // Line 9.
             "Named in code: `configs/gone.xml`,\n"                                // Line 10.
             "`docs/design.md`, `docs/design` (a module) and `tests/<category>/`\n");  // Good.
  tree.Write("docs/design.md", "# Design\n## Part two\n[back](../README.md#tool)\n");
  const CommandResult r =
      RunCommand("/usr/bin/python3 '" + kChecker + "' '" + tree.root.string() + "'");
  CHECK_MESSAGE(r.exit_code == 1, r.output);
  CHECK(r.output.find("README.md:3: broken link 'docs/gone.md': no such file or folder "
                      "docs/gone.md") != std::string::npos);
  CHECK(r.output.find("README.md:4: broken link 'docs/design.md#no-such-part': no heading "
                      "'#no-such-part' in docs/design.md") != std::string::npos);
  CHECK(r.output.find("README.md:9: broken link '../outside.md': outside the source tree") !=
        std::string::npos);
  // Links to what exists, links with a scheme and links inside code are not reported.
  CHECK(r.output.find("README.md:2:") == std::string::npos);
  CHECK(r.output.find("README.md:5:") == std::string::npos);
  CHECK(r.output.find("not/a/link.md") == std::string::npos);
  CHECK(r.output.find("docs/design.md:3:") == std::string::npos);
  CHECK(r.output.find("doc_links: 7 links in 2 documents, 3 broken") != std::string::npos);
  // A file of the tree named in a code span must exist (a moved file is caught); a module name
  // without its extension counts, a span with a placeholder is not a path.
  CHECK(r.output.find("README.md:10: missing path 'configs/gone.xml': no such file, folder or "
                      "module") != std::string::npos);
  CHECK(r.output.find("README.md:11:") == std::string::npos);
  CHECK(r.output.find("doc_links: 3 tree paths in code spans, 1 missing") != std::string::npos);
}

}  // namespace hawser::testing
