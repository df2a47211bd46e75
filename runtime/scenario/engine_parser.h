// The <Engine> element: its attributes checked and turned into EngineSettings.
#pragma once

#include <vector>

#include "runtime/scenario/engine_settings.h"
#include "runtime/scenario/scenario.h"

namespace hawser {

/// Reads the attributes of <Engine> (values already ${variable}-expanded). `loc` is the element.
/// Names are case-sensitive, spelled as FhSim does (IntegratorMethod, stepsize, TOutput, ...);
/// hawser's extensions are Integrator, LinearSolver, MaxSteps and MaxOrder. Throws ScenarioErrors
/// listing every problem: unknown names (with a suggestion), bad values, TOutput missing,
/// inconsistent steps (HMin > HMax, a fixed-step method without stepsize > 0).
EngineSettings ParseEngineSettings(const std::vector<Attribute>& attributes,
                                   const SourceLocation& loc);

}  // namespace hawser
