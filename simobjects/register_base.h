// The built-in SimObject library ("base").
#pragma once

#include "hawser/plugin.h"

namespace hawser {

/// Adds every built-in type and the library names "base", "fhsim_base", ... to `r`. A
/// hawser::RegisterFunction, as every plugin's registration function.
void RegisterBaseLibrary(Registry& r);

/// A registry holding the built-in library (built once).
const Registry& BuiltinRegistry();

}  // namespace hawser
