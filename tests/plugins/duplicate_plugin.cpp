// A plugin that registers a built-in type's path again (LibName "testduplicate").
#include "hawser/plugin.h"
#include "tests/plugins/test_ramp.h"

namespace {

void RegisterDuplicate(hawser::Registry& registry) {
  registry.Add<hawser_test::Ramp>("Test/DuplicateRamp", "Registered before the clash.");
  registry.Add<hawser_test::Ramp>("Src/Constant", "Clashes with the built-in Src/Constant.");
}

}  // namespace

HAWSER_PLUGIN(RegisterDuplicate);
