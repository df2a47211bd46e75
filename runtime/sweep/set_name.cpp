#include "runtime/sweep/set_name.h"

#include <fmt/format.h>

#include "hawser/errors.h"
#include "runtime/sweep/sweep_number.h"

namespace hawser {

SetTarget ParseSetName(const std::string& name) {
  SetTarget t;
  const auto colon = name.find(':');
  if (colon != std::string::npos) {
    t.kind = SetTarget::Kind::kInitialCondition;
    t.object = name.substr(0, colon);
    t.member = name.substr(colon + 1);
    if (auto br = t.member.find('['); br != std::string::npos) {
      if (t.member.back() != ']') {
        throw ScenarioError({}, fmt::format("--set {}: missing ']'", name));
      }
      t.has_element = true;
      t.element = sweep::Number(t.member.substr(br + 1, t.member.size() - br - 2), "--set " + name);
      t.member.resize(br);
    }
    if (t.object.empty() || t.member.empty()) {
      throw ScenarioError({},
                          fmt::format("--set {}: expected OBJECT:STATE or OBJECT:STATE[i]", name));
    }
  } else if (name.rfind("Engine.", 0) == 0) {
    t.kind = SetTarget::Kind::kEngine;
    t.member = name.substr(7);
  } else if (const auto dot = name.find('.'); dot != std::string::npos) {
    t.kind = SetTarget::Kind::kParameter;
    t.object = name.substr(0, dot);
    t.member = name.substr(dot + 1);
  } else {
    t.member = name;
  }
  return t;
}

}  // namespace hawser
