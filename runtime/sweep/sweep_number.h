// The number reader of the sweep's value grammar, shared by it (sweep_values.cpp) and the cases'
// swept names (sweep.cpp). Not part of the sweep API.
#pragma once

#include <string>

namespace hawser::sweep {

/// `text` (trimmed) as a number; throws ScenarioError "WHAT: 'TEXT' is not a number" otherwise.
double Number(const std::string& text, const std::string& what);

}  // namespace hawser::sweep
