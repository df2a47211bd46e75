// A table row whose frequency is a double but whose angular frequency is not: 2 pi f or 2 pi / T
// beyond the largest double (about 1.8e308). Each reader refuses it at the row's line instead of
// keeping an infinite frequency in its grid (found by tests/fuzz/wamit_fuzz.cpp's promise that
// every frequency is finite). 3e-308 s is a normal double (above 2.2e-308) and 2 pi / 3e-308 is
// 2.1e308; 1e308 Hz gives 6.3e308.
#include <doctest/doctest.h>

#include <string>

#include "simobjects/body/drift_table.h"
#include "simobjects/body/qtf_table.h"
#include "simobjects/body/rao_table.h"
#include "simobjects/body/wamit_files.h"

namespace hawser {
namespace {

const SourceLocation kWhere{"scenario.xml", 4};

/// The message's start `head` (file:line: error: what value) and the reason.
doctest::Contains Overflow(const std::string& head) {
  return doctest::Contains(
      (head + " is out of range: its angular frequency overflows a double").c_str());
}

TEST_CASE("RAO and drift tables: a frequency whose omega overflows is refused at its line") {
  const std::string rao = "omega beta\n1e308,0,1,0,1,0,1,0,1,0,1,0,1,0\n";
  CHECK_THROWS_WITH_AS(RaoTable::Parse(rao, "r.csv", RaoFrequencyUnit::kHertz, kWhere),
                       Overflow("r.csv:2: error: RAO frequency 1e+308"), ScenarioError);
  CHECK_THROWS_WITH_AS(
      ParseDriftTable("3e-308,0,1,0,1,0,0,0\n", "d.csv", RaoFrequencyUnit::kPeriodSeconds, kWhere),
      Overflow("d.csv:1: error: drift frequency 3e-308"), ScenarioError);
}

TEST_CASE("WAMIT .1, .3 and .8: a period whose omega overflows is refused at its line") {
  const WamitScales scales;
  CHECK_THROWS_WITH_AS(ParseWamitRadiation("10 1 1 1 1\n3e-308 1 1 1 1\n", "h.1", scales, kWhere),
                       Overflow("h.1:2: error: WAMIT .1 period 3e-308"), ScenarioError);
  CHECK_THROWS_WITH_AS(ParseWamitExcitation("3e-308 0 1 1 0 1 0\n", "h.3", scales, kWhere),
                       Overflow("h.3:1: error: WAMIT .3 period 3e-308"), ScenarioError);
  CHECK_THROWS_WITH_AS(ParseWamitDrift("3e-308 0 0 1 1 0 1 0\n", "h.8", false, kWhere),
                       Overflow("h.8:1: error: WAMIT drift period 3e-308"), ScenarioError);
}

TEST_CASE("WAMIT QTF: a period whose omega overflows is refused at its line") {
  // Columns PER_i PER_j BETA_i BETA_j I |F| phase Re Im; the second period overflows.
  CHECK_THROWS_WITH_AS(ParseWamitQtf("10 3e-308 0 0 1 1 0 1 0\n", "h.12d", kWhere),
                       Overflow("h.12d:1: error: WAMIT QTF period 3e-308"), ScenarioError);
}

}  // namespace
}  // namespace hawser
