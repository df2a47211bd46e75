#include "runtime/jacobian_structure.h"

#include <doctest/doctest.h>

namespace hawser {

TEST_CASE("BandwidthOf: own bands, dense blocks and couplings through inputs") {
  // A banded block alone keeps its band (clipped to its width).
  CHECK(BandwidthOf({{.offset = 0, .width = 54, .own_band = std::pair{11, 8}}}, 54) ==
        std::pair{11, 8});
  CHECK(BandwidthOf({{.offset = 0, .width = 4, .own_band = std::pair{11, 8}}}, 4) ==
        std::pair{3, 3});
  // Without a declaration a block is dense.
  CHECK(BandwidthOf({{.offset = 0, .width = 6}}, 6) == std::pair{5, 5});
  // Two 6-wide bodies, the second reading the first's states (0..5): rows 6..11 reach back to
  // column 0 (lower 11); the first reads nothing of the second (upper stays 5).
  CHECK(
      BandwidthOf({{.offset = 0, .width = 6}, {.offset = 6, .width = 6, .input_columns = {{0, 6}}}},
                  12) == std::pair{11, 5});
  // ... and the other way round: rows 0..5 reach column 11.
  CHECK(BandwidthOf(
            {{.offset = 0, .width = 6, .input_columns = {{6, 12}}}, {.offset = 6, .width = 6}},
            12) == std::pair{5, 11});
  CHECK(BandwidthOf({}, 0) == std::pair{0, 0});
}

}  // namespace hawser
