// Model assembly's service step: each service (hawser/service.h) has at most one provider, every
// required use has one, and each use is bound to its provider (or to nothing).
#include <fmt/format.h>

#include <map>

#include "runtime/model/model_builder.h"
#include "runtime/model/object_wiring.h"

namespace hawser {

void Model::Builder::BindServices() {
  std::map<std::string, int> provider_of;  // service name -> object
  for (size_t obj = 0; obj < m_.objects_.size(); ++obj) {
    for (const std::string& name : iface(obj).provides) {
      auto [it, inserted] = provider_of.emplace(name, static_cast<int>(obj));
      if (!inserted) {
        const SimObject& first = *m_.objects_[it->second];
        const SimObject& again = *m_.objects_[obj];
        errors_.Add(again.location(),
                    fmt::format("{} ({}) provides service '{}', which {} ({}) at line {} already "
                                "provides; expected one provider per service",
                                again.name(), again.type(), name, first.name(), first.type(),
                                first.location().line));
      }
    }
  }
  for (size_t obj = 0; obj < m_.objects_.size(); ++obj) {
    SimObject& user = *m_.objects_[obj];
    const auto& uses = iface(obj).uses;
    for (size_t u = 0; u < uses.size(); ++u) {
      auto it = provider_of.find(uses[u].name);
      if (it == provider_of.end()) {
        if (uses[u].required) {
          errors_.Add(user.location(),
                      fmt::format("{} ({}) needs service '{}', and no object provides it; "
                                  "expected {} in OBJECTS",
                                  user.name(), user.type(), uses[u].name, uses[u].provided_by));
        }
        continue;
      }
      ObjectWiring::BindService(user, static_cast<int>(u),
                                m_.objects_[it->second]->provided_service(uses[u].name));
    }
  }
}

}  // namespace hawser
