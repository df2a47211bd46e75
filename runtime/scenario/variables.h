// Scenario variables: <Variable Name="k" Value="10"/> and `${k}` references in attribute values.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "runtime/scenario/scenario.h"

namespace hawser {

/// One <Variable> element as written (its Value not yet expanded).
struct VariableDecl {
  std::string name;
  std::string value;
  SourceLocation loc;
};

/// Applies `overrides` (--var, sweeps) to the declared values, then expands `${name}` in every
/// value. Variables may refer to each other in any order (a value is expanded when first needed);
/// a cycle is an error. An override naming no declared variable is an error at line 0 of `file`.
/// Returns name -> expanded value. Throws ScenarioErrors with every problem found.
std::map<std::string, std::string> ResolveVariables(const std::vector<VariableDecl>& decls,
                                                    const VariableOverrides& overrides,
                                                    const std::string& file);

/// Replaces each `${name}` in `text` by its value. A `$` not followed by `{` is kept as is.
/// Throws ScenarioError at `loc` for an unknown name (listing the known ones) or a missing `}`.
std::string SubstituteVariables(const std::string& text,
                                const std::map<std::string, std::string>& variables,
                                const SourceLocation& loc);

}  // namespace hawser
