#include "runtime/model/connection_units.h"

#include <doctest/doctest.h>

namespace hawser {
namespace {

TEST_CASE("UnitsCompatible: equal units, or '-' on either side") {
  CHECK(UnitsCompatible("N", "N"));
  CHECK(UnitsCompatible("N*m, N", "N*m,N"));  // Spaces are not part of a unit.
  CHECK(UnitsCompatible("-", "N"));           // A unitless signal feeds anything.
  CHECK(UnitsCompatible("m", "-"));           // Anything feeds a signal block.
  CHECK_FALSE(UnitsCompatible("m", "N"));
  CHECK_FALSE(UnitsCompatible("m/s", "m"));
  CHECK_FALSE(UnitsCompatible("N*m", "N"));
}

}  // namespace
}  // namespace hawser
