// libFuzzer harness: `hawser stats --fatigue`'s table file (runtime/analysis/fatigue.h), written to
// a temporary file and read by ReadFatigueSpec. A ScenarioError is the expected outcome of a bad
// table; anything else is a finding. A table that reads keeps the header's promises: at least one
// line and curve, and a `state` or a `states` set; a_D, m, AREA and the life > 0; each line names
// an existing curve; curve names unique. Its `states` sets are then expanded by ExpandStates, each
// set's cases taking their probabilities from the set's COLUMN text split at commas (fuzzed
// values); after that every state has a probability in [0, 1], all adding up to at most 1 (within
// the reader's 1e-9), and a case numbered from 0, or -1 for a run's file.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "runtime/analysis/fatigue.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

const hawser::fuzz::Promises Check{"fatigue_table_fuzz"};

// A set's probabilities, one per case: its column's text split at commas.
std::vector<std::string> ColumnValues(const hawser::SeaStateSet& set) {
  std::vector<std::string> values(1);
  for (const char c : set.column) {
    if (c == ',')
      values.emplace_back();
    else
      values.back() += c;
  }
  return values;
}

void CheckSpec(hawser::FatigueSpec spec, const std::string& text) {
  Check(!spec.curves.empty() && !spec.lines.empty() &&
            (!spec.states.empty() || !spec.state_sets.empty()),
        "a curve, line or sea state is missing", text);
  Check(spec.life_years > 0, "the life is not > 0", text);
  for (size_t i = 0; i < spec.curves.size(); ++i) {
    const hawser::TnCurve& c = spec.curves[i];
    Check(c.a_d > 0 && c.m > 0 && c.area > 0, "a_D, m or AREA is not > 0", text);
    for (size_t k = 0; k < i; ++k)
      Check(spec.curves[k].name != c.name, "a curve is named twice", text);
  }
  for (const hawser::FatigueLine& l : spec.lines)
    Check(l.curve < spec.curves.size(), "a line's curve does not exist", text);
  hawser::ExpandStates(spec, ColumnValues);
  Check(spec.state_sets.empty() && !spec.states.empty(), "a states set is left unexpanded", text);
  double total = 0;
  for (const hawser::SeaState& s : spec.states) {
    Check(s.probability >= 0 && s.probability <= 1, "a probability is outside [0, 1]", text);
    Check(s.case_number >= -1, "a case number is below 0", text);
    total += s.probability;
  }
  Check(total <= 1 + 1e-9, "the probabilities add up to more than 1", text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // One file per process, rewritten for each input and removed after it.
  static const std::string path = "/tmp/hawser_fatigue_fuzz_" + std::to_string(getpid()) + ".txt";
  const std::string text(reinterpret_cast<const char*>(data), size);
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
  }
  hawser::fuzz::IgnoringScenarioErrors([&] { CheckSpec(hawser::ReadFatigueSpec(path), text); });
  std::remove(path.c_str());
  return 0;
}
