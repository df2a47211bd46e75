// libFuzzer harness: text through the WAMIT-format readers (simobjects/body/wamit_files.h and
// drift_table.h), as a file's text after it was read; the first byte picks the reader: .1
// (radiation), .3 (excitation), .hst (hydrostatics), .8 (mean drift) or .12d (QTF diagonal). A
// ScenarioError is the expected outcome of bad text; anything else is a finding. What parses keeps
// the headers' promises: a .1 file gives increasing positive frequencies, each with its matrices
// and first line, at most kMaxWamitPeriods; a .3 or drift table gives positive increasing
// frequencies and increasing headings in [0, 360).
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "simobjects/body/drift_table.h"
#include "simobjects/body/wamit_files.h"
#include "tests/fuzz/rao_grid_promises.h"

namespace {

const hawser::fuzz::Promises Check{"wamit_fuzz"};

void CheckRadiation(const hawser::WamitRadiation& r, const std::string& text) {
  const auto& w = r.omegas;
  Check(!w.empty() && w.size() <= hawser::kMaxWamitPeriods, "no period or too many", text);
  Check(
      r.added_mass.size() == w.size() && r.damping.size() == w.size() && r.lines.size() == w.size(),
      "a frequency lacks its matrices or line", text);
  for (size_t i = 0; i < w.size(); ++i) {
    Check(w[i] > 0 && std::isfinite(w[i]), "a frequency is not positive and finite", text);
    Check(i == 0 || w[i] > w[i - 1], "the frequencies do not increase", text);
    Check(r.lines[i] >= 1, "a frequency's line is not a line of the file", text);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const int reader = data[0] % 5;
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const hawser::SourceLocation where{"fuzz.xml", 1};
  const hawser::WamitScales scales;
  hawser::fuzz::IgnoringScenarioErrors([&] {
    switch (reader) {
      case 0:
        return CheckRadiation(hawser::ParseWamitRadiation(text, "fuzz.1", scales, where), text);
      case 1: {
        std::vector<int> lines;
        const hawser::RaoTable table =
            hawser::ParseWamitExcitation(text, "fuzz.3", scales, where, &lines);
        hawser::fuzz::CheckRaoGrid(table, Check, text);
        return Check(lines.size() == table.frequencies().size(), "a period's first line is missing",
                     text);
      }
      case 2:
        hawser::ParseWamitHydrostatics(text, "fuzz.hst", scales, where);
        return;
      default:
        return hawser::fuzz::CheckRaoGrid(
            hawser::ParseWamitDrift(text, reader == 3 ? "fuzz.8" : "fuzz.12d", reader == 4, where),
            Check, text);
    }
  });
  return 0;
}
