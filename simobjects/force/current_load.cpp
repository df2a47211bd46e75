#include "simobjects/force/current_load.h"

namespace hawser {

CurrentLoad::CurrentLoad(ObjectArgs& args) : FlowLoad(args, "current") {
  ocean_ = DeclareServiceUse({.name = Ocean::kServiceName,
                              .provided_by = "an Environment/Ocean object",
                              .doc = "the current and the water's density",
                              .required = true});
}

}  // namespace hawser
