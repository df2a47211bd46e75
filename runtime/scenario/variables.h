// Scenario variables: <Variable Name="k" Value="10"/> and `${k}` references in attribute values.
#pragma once

#include <cstddef>
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
/// a cycle, a chain deeper than kMaxVariableDepth and a value longer than kMaxAttributeLength
/// (or all together longer than kMaxExpandedTotal) are errors. An override naming no declared
/// variable is an error at line 0 of `file`. Returns name -> expanded value. Throws ScenarioErrors
/// with every problem found.
std::map<std::string, std::string> ResolveVariables(const std::vector<VariableDecl>& decls,
                                                    const VariableOverrides& overrides,
                                                    const std::string& file);

/// Replaces each `${name}` in `text` by its value. A `$` not followed by `{` is kept as is.
/// Throws ScenarioError at `loc` for an unknown name (listing the known ones), a missing `}`, or
/// a result longer than kMaxAttributeLength or than what is left of `*budget` (characters all
/// expansions of a file may still produce; decreased by this one). Checked while expanding.
std::string SubstituteVariables(const std::string& text,
                                const std::map<std::string, std::string>& variables,
                                const SourceLocation& loc, std::size_t* budget = nullptr);

}  // namespace hawser
