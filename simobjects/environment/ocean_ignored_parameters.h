// Environment/Ocean's parameters that only some modes read: a value given for a mode that does
// not read it (a CurrentTable with CurrentProfile="uniform", a WaveHeight with Waves="none") is
// a one-line warning at the parameter's line, naming both parameters. A warning, not an error:
// switching a mode off for a comparison run while keeping its parameters is a normal thing to
// do, and the run does what the mode says.
#pragma once

#include <string>

#include "hawser/declarations.h"

namespace hawser {

/// Warns (hawser/log.h) about each parameter in `args` that CurrentProfile `profile` or Waves
/// `waves` leaves unused; `args.name` and `args.type` name the object.
void WarnIgnoredOceanParameters(const ObjectArgs& args, const std::string& profile,
                                const std::string& waves);

}  // namespace hawser
