// The malformed drift files of the wave-drift tests (qtf_drift_test.cpp, wamit_drift_test.cpp).
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {

/// A malformed data file and what its error must say: the place (file:line) and the reason.
struct BadFile {
  std::string name, text, where, reason;
};

/// For each file, the errors `errors(name, text)` returns name its place and its reason.
template <typename Errors>
void CheckBadFiles(const Errors& errors, const std::vector<BadFile>& files) {
  for (const BadFile& f : files) {
    CAPTURE(f.name);
    const std::string e = errors(f.name, f.text);
    CHECK(Contains(e, f.where));
    CHECK(Contains(e, f.reason));
  }
}

}  // namespace hawser::test
