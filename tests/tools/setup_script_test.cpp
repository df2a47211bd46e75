// tools/setup as a first-time user sees it: the packages it installs, apt's progress as
// "[k/n] set up PACKAGE", and apt's own messages when apt fails. apt-get is replaced by a script
// that prints what apt prints (the "Inst", "Get:" and "Setting up" lines these come from); the
// real tools/setup runs with one package no machine has added to its list.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

const char* kFakeAptGet = R"(#!/bin/bash
case "$*" in
  *update*) echo "Hit:1 fake"; exit 0 ;;
  *" -s "*) printf 'Inst a (1)\nInst b (1)\nInst c (1)\n'; exit 0 ;;
  *) printf 'Get:1 a\nGet:2 b\nGet:3 c\n'
     for p in a b c; do echo "Setting up $p:amd64 (1) ..."; done
     if [ -n "${FAKE_FAIL:-}" ]; then echo "E: fake failure"; exit 100; fi ;;
esac
)";

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST_CASE("tools/setup says what it installs, shows [k/n] progress and apt's errors") {
  // As another user tools/setup calls sudo, whose PATH would not find the stand-in apt-get.
  if (getuid() != 0) {
    MESSAGE("skipped: needs root (as CI runs), so that no sudo is involved");
    return;
  }
  const std::filesystem::path dir =
      std::filesystem::path(WriteTempFile("setup_marker", "")).parent_path() / "setup";
  std::filesystem::create_directories(dir / "bin");
  const std::string apt = WriteTempFile("setup/bin/apt-get", kFakeAptGet);
  std::filesystem::permissions(apt, std::filesystem::perms::owner_all);
  const std::string setup = (dir / "setup").string();
  REQUIRE(RunCommand("sed 's/^packages=(/packages=(hawser-fake-package /' '" HAWSER_SOURCE_DIR
                     "/tools/setup' > '" +
                     setup + "' && chmod +x '" + setup + "'")
              .exit_code == 0);
  const std::string env =
      "PATH='" + (dir / "bin").string() + "':$PATH TMPDIR='" + dir.string() + "' ";

  const CommandResult ok = RunCommand(env + "'" + setup + "'");
  CAPTURE(ok.output);
  CHECK(ok.exit_code == 0);
  CHECK(Has(ok.output, "packages missing: hawser-fake-package\n"));
  CHECK(Has(ok.output, "tools/setup: installing 3 packages"));  // The three "Inst" lines.
  CHECK(Has(ok.output, "tools/setup: [1/3] set up a:amd64\n"));
  CHECK(Has(ok.output, "tools/setup: [3/3] set up c:amd64\n"));
  CHECK_FALSE(Has(ok.output, "Setting up"));  // apt's own lines go to the log only.

  const CommandResult failed = RunCommand("FAKE_FAIL=1 " + env + "'" + setup + "'");
  CAPTURE(failed.output);
  CHECK(failed.exit_code == 100);  // apt-get's exit code, passed on.
  CHECK(Has(failed.output, "E: fake failure\n"));
  CHECK(Has(failed.output,
            "tools/setup: apt-get install failed (exit 100); apt's full output is "
            "in " +
                dir.string() + "/hawser-setup.log"));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace hawser::testing
