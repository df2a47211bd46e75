// A well-formed plugin (LibName "testgood"): Test/Ramp.
#include "hawser/plugin.h"
#include "tests/plugins/test_ramp.h"

namespace {

void RegisterGood(hawser::Registry& registry) {
  registry.Add<hawser_test::Ramp>("Test/Ramp", "X' = Rate (a test plugin's type).");
}

}  // namespace

HAWSER_PLUGIN(RegisterGood);
