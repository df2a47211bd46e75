// The built-in SimObject library ("base").
#pragma once

#include "hawser/registry.h"

namespace hawser {

/// Adds every built-in type and the library names "base", "fhsim_base", ... to `r`.
void RegisterBaseLibrary(Registry& r);

/// A registry holding the built-in library (built once).
const Registry& BuiltinRegistry();

}  // namespace hawser
