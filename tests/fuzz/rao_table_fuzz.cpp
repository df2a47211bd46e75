// libFuzzer harness: text through the RAO table parser (simobjects/body/rao_table.h), as a file's
// text after it was read; the first byte picks the frequency unit. A ScenarioError is the expected
// outcome of bad text; anything else (std::invalid_argument from the grid's own checks included)
// is a finding. A table that parses keeps the header's promises: frequencies positive, finite and
// increasing, headings increasing in [0, 360), and a finite response at any frequency and heading.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "simobjects/body/rao_table.h"
#include "tests/fuzz/rao_grid_promises.h"

namespace {

const hawser::fuzz::Promises Check{"rao_table_fuzz"};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const auto unit = static_cast<hawser::RaoFrequencyUnit>(data[0] % 3);
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    const hawser::RaoTable table =
        hawser::RaoTable::Parse(text, "fuzz.csv", unit, hawser::SourceLocation{"fuzz.xml", 1});
    hawser::fuzz::CheckRaoGrid(table, Check, text);
    const auto& f = table.frequencies();
    const auto& h = table.headings();
    for (const double omega : {f.front() * 0.5, f.front(), f.back(), f.back() * 2}) {
      for (const double beta : {-30.0, 0.0, h.back(), 359.9, 720.5}) {
        for (const auto& r : table.At(omega, beta))
          Check(std::isfinite(r.real()) && std::isfinite(r.imag()), "a response is not finite",
                text);
      }
    }
  } catch (const hawser::ScenarioError&) {
  }
  return 0;
}
