// A plugin whose Test/ThrowingRamp throws from its constructor or calculation when its parameters
// say so (LibName "testthrowing").
#include "hawser/plugin.h"
#include "tests/plugins/test_ramp.h"

namespace {

void RegisterThrowing(hawser::Registry& registry) {
  registry.Add<hawser_test::Ramp>("Test/ThrowingRamp", "Throws when told to.");
}

}  // namespace

HAWSER_PLUGIN(RegisterThrowing);
