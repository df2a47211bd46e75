// `hawser view`: the page loaded in a real browser (Debian's headless Chromium, driven by
// view_browser.py over the DevTools pipe), for a run, a sweep and a run with a broken line, and
// the page's size budget.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "tests/tools/hawser/check_script.h"
#include "tests/tools/hawser/view_test_support.h"

namespace hawser::testing {
namespace {

/// view_browser.py on `page` and its result file `h5` (exit 0 when every check holds).
CommandResult CheckInBrowser(const std::string& page, const std::string& h5) {
  return RunCheckScript("view_browser.py", Quote(page) + " " + Quote(h5));
}

/// Writes the page of `h5` and returns its path; REQUIREs exit 0.
std::string WritePage(const std::string& h5, const std::string& extra_args = "") {
  const std::string page = h5 + ".html";
  const CommandResult r = RunHawser("view " + Quote(h5) + " -o " + Quote(page) + " " + extra_args);
  REQUIRE_MESSAGE(r.exit_code == 0, r.output);
  return page;
}

/// The page loads nothing from elsewhere: no script, style or image by URL.
void CheckSelfContained(const std::string& page) {
  const std::string html = ReadFile(page);
  CHECK(html.find("<script src") == std::string::npos);
  CHECK(html.find("<link") == std::string::npos);
  CHECK(html.find("three.js r111") != std::string::npos);  // The licence notice.
  CHECK(html.find("Permission is hereby granted") != std::string::npos);
}

TEST_CASE("hawser view: Chromium draws a run's line where the result file puts it") {
  const std::string h5 = RunScenario(MooredLineScenario(), "view_run.h5");
  const std::string page = WritePage(h5);
  CheckSelfContained(page);
  const CommandResult r = CheckInBrowser(page, h5);
  CHECK_MESSAGE(r.exit_code == 0, r.output);
  CHECK(r.output.find("run: 1 cables, t=0 and t=10") != std::string::npos);
  std::filesystem::remove(page);
  std::filesystem::remove(h5);
}

TEST_CASE("hawser view: a sweep's page has a case selector, and each case is drawn") {
  const std::string scenario = WriteTempFile("view_sweep.xml", MooredLineScenario());
  const std::string h5 = TempDir() + "/view_sweep.h5";
  const CommandResult sweep =
      RunHawser("sweep -q " + Quote(scenario) + " --set Surge.Amplitude=10,30 -o " + Quote(h5));
  REQUIRE_MESSAGE(sweep.exit_code == 0, sweep.output);
  const std::string page = WritePage(h5);
  const CommandResult r = CheckInBrowser(page, h5);
  CHECK_MESSAGE(r.exit_code == 0, r.output);
  CHECK(r.output.find("case 0: 1 cables") != std::string::npos);
  CHECK(r.output.find("case 1: 1 cables") != std::string::npos);
  for (const std::string& f : {scenario, h5, page}) std::filesystem::remove(f);
}

TEST_CASE("hawser view: a broken line's free end is drawn moving away, beside an intact line") {
  // A real break (Cable BreakTime = 1 s at the fairlead): view_browser.py finds the free end in
  // the pictures at the first output time after the break and at the last, apart, and no
  // segment drawn across the break.
  const std::string h5 = RunScenario(BrokenLineScenario(), "view_broken.h5");
  const std::string page = WritePage(h5);
  const CommandResult r = CheckInBrowser(page, h5);
  CHECK_MESSAGE(r.exit_code == 0, r.output);
  CHECK(r.output.find("run: 2 cables") != std::string::npos);
  CHECK(r.output.find("run: Broken broke at t=1; its free end moved ") != std::string::npos);
  std::filesystem::remove(page);
  std::filesystem::remove(h5);
}

TEST_CASE("hawser view: a long run is decimated in time to the page's size budget") {
  // 1001 output times (every 0.01 s) of 11 nodes and 10 tensions: ~0.5 MB of data on ~0.9 MB of
  // three.js and script, so a 1.0 MB budget must drop most times but keep the first and last.
  const std::string h5 = RunScenario(
      MooredLineScenario("", "", "", "object.Moored.NodePositions,object.Moored.Tension", "0.01"),
      "view_long.h5");
  const std::string page = h5 + ".html";
  const CommandResult r = RunHawser("view " + Quote(h5) + " -o " + Quote(page) + " --max-size 1.0");
  REQUIRE_MESSAGE(r.exit_code == 0, r.output);
  CHECK(r.output.find("of 1001 output times (one in every ") != std::string::npos);
  CHECK(std::filesystem::file_size(page) <= 1'000'000);
  const std::string html = ReadFile(page);
  CHECK(html.find("\"time\":[0,") != std::string::npos);
  CHECK(html.find(",10],\"cables\"") != std::string::npos);  // The last output time is kept.
  // Without a budget that binds (the default 50 MB), every time is kept.
  const CommandResult all = RunHawser("view " + Quote(h5) + " -o " + Quote(page));
  REQUIRE_MESSAGE(all.exit_code == 0, all.output);
  CHECK(all.output.find("all 1001 output times") != std::string::npos);
  // A budget below three.js itself cannot be met: exit 2 with the sizes.
  const CommandResult tiny =
      RunHawser("view " + Quote(h5) + " -o " + Quote(page) + " --max-size 0.5");
  CHECK(tiny.exit_code == 2);
  CHECK(tiny.output.find("a page of 0.5 MB cannot hold even two output times") !=
        std::string::npos);
  std::filesystem::remove(page);
  std::filesystem::remove(h5);
}

}  // namespace
}  // namespace hawser::testing
