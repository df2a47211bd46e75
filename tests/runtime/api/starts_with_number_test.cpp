// StartsWithNumber (hawser/text.h): what the table readers (RAO, drift, flow coefficients,
// Src/Table) take for a data row rather than a header on their first line.
#include <doctest/doctest.h>

#include "hawser/text.h"

namespace hawser {
namespace {

TEST_CASE("StartsWithNumber: a digit, a sign or a decimal point starts a number") {
  for (const char* row : {"0.1, 0", "12 3", "-1,2", "+5", ".5, 1", "1e-3"})
    CHECK_MESSAGE(StartsWithNumber(row), row);
  // Headers, and text that only contains a number later on.
  for (const char* header : {"frequency, heading", "omega 1", " 1", "#1", "e5", "nan", "inf", ""})
    CHECK_FALSE_MESSAGE(StartsWithNumber(header), header);
}

}  // namespace
}  // namespace hawser
