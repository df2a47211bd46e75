// What a `--set` or swept name sets (sweep.h lists the forms): the name's grammar alone, apart
// from the scenario, so that a fuzzer can call it on any text.
#pragma once

#include <string>

namespace hawser {

struct SetTarget {
  enum class Kind { kVariable, kParameter, kInitialCondition, kEngine };
  Kind kind = Kind::kVariable;
  std::string object;  ///< The object of a parameter or an initial condition; "" otherwise.
  /// The variable, the parameter, the state or the Engine attribute.
  std::string member;
  bool has_element = false;  ///< OBJ:STATE[i]
  /// The element i as written: any finite number. Model assembly checks it against the state's
  /// width, which only the model knows.
  double element = 0;
};

/// "k" (variable), "M.Stiffness" (parameter), "M:Pos" / "M:Pos[2]" (initial condition),
/// "Engine.RelTol" (Engine attribute). Throws ScenarioError "--set NAME: ..." for a malformed
/// initial-condition name (no object or state, a missing ']', an element that is not a number).
SetTarget ParseSetName(const std::string& name);

}  // namespace hawser
