// What a RaoTable that a table reader returns promises (simobjects/body/rao_table.h), checked by
// the harnesses of the readers that build one (rao_table_fuzz, wamit_fuzz).
#pragma once

#include <cmath>
#include <string>

#include "simobjects/body/rao_table.h"
#include "tests/fuzz/fuzz_support.h"

namespace hawser::fuzz {

/// Frequencies positive, finite and increasing; headings increasing in [0, 360).
inline void CheckRaoGrid(const RaoTable& table, const Promises& check, const std::string& text) {
  const auto& f = table.frequencies();
  const auto& h = table.headings();
  check(!f.empty() && !h.empty(), "the grid is empty", text);
  for (size_t i = 0; i < f.size(); ++i) {
    check(f[i] > 0 && std::isfinite(f[i]), "a frequency is not positive and finite", text);
    check(i == 0 || f[i] > f[i - 1], "the frequencies do not increase", text);
  }
  for (size_t i = 0; i < h.size(); ++i) {
    check(h[i] >= 0 && h[i] < 360, "a heading is outside [0, 360)", text);
    check(i == 0 || h[i] > h[i - 1], "the headings do not increase", text);
  }
}

}  // namespace hawser::fuzz
