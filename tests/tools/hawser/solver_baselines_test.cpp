// The sparse solver's baselines as Engine attributes (Jacobian, Factorization, Operations),
// which the benchmarks set for their same-run comparison rows: each selects the path it names,
// as the run summary reports it.
#include <doctest/doctest.h>

#include <string>

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
  const CommandResult standard = RunLine("");
  REQUIRE(standard.exit_code == 0);
  CHECK(Has(standard, "exact entries for 595 columns, 0 column groups"));
  CHECK(Has(standard, "factored as a band"));

  const CommandResult differences = RunLine("--set Engine.Jacobian=differences");
  REQUIRE(differences.exit_code == 0);
  CHECK_FALSE(Has(differences, "exact entries"));
  CHECK(Has(differences, "column groups; 595 unknowns condensed"));

  const CommandResult klu = RunLine("--set Engine.Factorization=klu");
  REQUIRE(klu.exit_code == 0);
  CHECK(Has(klu, "condensed to 298"));
  CHECK(Has(klu, "factored by KLU"));

  const CommandResult sundials = RunLine("--set Engine.Operations=sundials");
  REQUIRE(sundials.exit_code == 0);
  CHECK_FALSE(Has(sundials, "condensed"));
  CHECK(Has(sundials, "factored by SUNDIALS' KLU"));

  const CommandResult bad = RunLine("--set Engine.Operations=fast");
  CHECK(bad.exit_code == 2);
  CHECK(Has(bad, "Engine Operations: 'fast' is not known"));
  CHECK(Has(bad, "valid values are: hawser, sundials"));
}

}  // namespace hawser::testing
