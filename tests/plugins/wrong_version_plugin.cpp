// A plugin built against another plugin API version (LibName "testwrongversion"): its stamp is
// this hawser's version + 1, and hawser must refuse it before registering anything.
#include "hawser/plugin.h"
#include "tests/plugins/test_ramp.h"

extern "C" __attribute__((visibility("default"))) int hawser_plugin_api_version() {
  return HAWSER_PLUGIN_API_VERSION + 1;
}

extern "C" __attribute__((visibility("default"))) void hawser_register_simobjects(
    hawser::Registry& registry) {
  registry.Add<hawser_test::Ramp>("Test/WrongVersionRamp", "Never registered.");
}
