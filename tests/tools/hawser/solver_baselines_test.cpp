// The sparse solver's baselines as Engine attributes (Jacobian, Factorization, Operations),
// which the benchmarks set for their same-run comparison rows: each selects the path it names,
// as the run summary reports it.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

// The reference line (500 m, 20 segments, given ends) on the sparse solver with `extra` --set
// arguments; returns the output (the summary is on stderr).
CommandResult RunLine(const std::string& extra) {
  const std::string out = WriteTempFile("baseline.csv", "");
  return RunHawser("run '" HAWSER_SOURCE_DIR "/configs/cable_catenary_mooring.xml' -o '" + out +
                   "' --set Engine.LinearSolver=sparse " + extra);
}

bool Has(const CommandResult& r, const std::string& text) {
  return r.output.find(text) != std::string::npos;
}

}  // namespace

TEST_CASE("Engine Jacobian, Factorization and Operations select the solver's path") {
  // Each setting, the exit code of its run and what its summary says and does not say.
  struct Path {
    std::string set;
    int exit_code;
    std::vector<std::string> says, lacks;
  };
  const Path paths[] = {
      {"", 0, {"exact entries for 595 columns, 0 column groups", "factored as a band"}, {}},
      {"--set Engine.Jacobian=differences",
       0,
       {"column groups; 595 unknowns condensed"},
       {"exact entries"}},
      {"--set Engine.Factorization=klu", 0, {"condensed to 298", "factored by KLU"}, {}},
      {"--set Engine.Operations=sundials", 0, {"factored by SUNDIALS' KLU"}, {"condensed"}},
      {"--set Engine.Operations=fast",
       2,
       {"Engine Operations: 'fast' is not known", "valid values are: hawser, sundials"},
       {}},
  };
  for (const Path& p : paths) {
    CAPTURE(p.set);
    const CommandResult r = RunLine(p.set);
    REQUIRE_MESSAGE(r.exit_code == p.exit_code, r.output);
    for (const std::string& text : p.says) CHECK_MESSAGE(Has(r, text), text);
    for (const std::string& text : p.lacks) CHECK_FALSE_MESSAGE(Has(r, text), text);
  }
}

}  // namespace hawser::testing
