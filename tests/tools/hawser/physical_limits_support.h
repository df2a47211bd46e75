// Shared by the physical-limits tests (physical_limits_*_test.cpp): a scenario around given
// objects, and a check that `hawser validate` (or run) reports a located error or warning through
// the real program.
#pragma once

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {

/// A scenario of `objects` and `connections`, run with rk4 for 1 s.
inline std::string LimitsScenario(const std::string& objects, const std::string& connections = "",
                                  const std::string& initial = "") {
  return fmt::format(
      "<Contents>\n<OBJECTS>\n{}\n</OBJECTS>\n<INTERCONNECTIONS>\n{}\n</INTERCONNECTIONS>\n"
      "<INITIALIZATION>\n{}\n</INITIALIZATION>\n<INTEGRATION>\n<Engine Integrator=\"rk4\" "
      "stepsize=\"0.01\" TOutput=\"0, 0.1, 1\" FileOutput=\"objects:all\"/>\n</INTEGRATION>\n"
      "</Contents>\n",
      objects, connections, initial);
}

/// The 1-based line of the first occurrence of `marker` in `text`.
inline int MarkerLine(const std::string& text, const std::string& marker) {
  const auto pos = text.find(marker);
  REQUIRE_MESSAGE(pos != std::string::npos, "test bug: marker '" << marker << "' not found");
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + pos, '\n'));
}

/// Runs `hawser <command> FILE` on `xml` and checks the exit code, a diagnostic of `kind`
/// ("error" or "warning") at the line of `marker`, and every fragment in the output. Removes the
/// file it wrote.
inline void CheckDiagnosed(const std::string& name, const std::string& xml,
                           const std::string& marker, const std::string& kind, int exit_code,
                           const std::vector<std::string>& fragments,
                           const std::string& command = "validate") {
  CAPTURE(name);
  const std::string path = WriteTempFile(name + ".xml", xml);
  const CommandResult r = RunHawser(command + " '" + path + "'");
  CAPTURE(r.output.substr(0, 3000));
  CHECK(r.exit_code == exit_code);
  const std::string where = fmt::format("{}:{}: {}: ", path, MarkerLine(xml, marker), kind);
  CHECK(r.output.find(where) != std::string::npos);
  for (const std::string& f : fragments) CHECK(r.output.find(f) != std::string::npos);
  std::remove(path.c_str());
}

/// `hawser validate` accepts `xml` without any warning.
inline void CheckAccepted(const std::string& name, const std::string& xml) {
  CAPTURE(name);
  const std::string path = WriteTempFile(name + ".xml", xml);
  const CommandResult r = RunHawser("validate '" + path + "'");
  CAPTURE(r.output.substr(0, 3000));
  CHECK(r.exit_code == 0);
  CHECK(r.output.find("warning:") == std::string::npos);
  std::remove(path.c_str());
}

}  // namespace hawser::testing
