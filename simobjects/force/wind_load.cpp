#include "simobjects/force/wind_load.h"

namespace hawser {

WindLoad::WindLoad(ObjectArgs& args) : FlowLoad(args, "wind") {
  wind_ = DeclareServiceUse({.name = Wind::kServiceName,
                             .provided_by = "an Environment/Wind object",
                             .doc = "the wind velocity and the air's density",
                             .required = true});
}

}  // namespace hawser
