#include "hawser/registry.h"

#include "hawser/check.h"

namespace hawser {

void Registry::Add(TypeInfo info) {
  HAWSER_CHECK(Find(info.path) == nullptr, "type registered twice");
  for (const auto& a : info.aliases) HAWSER_CHECK(Find(a) == nullptr, "alias registered twice");
  types_.push_back(std::move(info));
}

const TypeInfo* Registry::Find(const std::string& name) const {
  for (const auto& t : types_) {
    if (t.path == name) return &t;
    for (const auto& a : t.aliases)
      if (a == name) return &t;
  }
  return nullptr;
}

std::vector<std::string> Registry::AllNames() const {
  std::vector<std::string> names;
  for (const auto& t : types_) {
    names.push_back(t.path);
    names.insert(names.end(), t.aliases.begin(), t.aliases.end());
  }
  return names;
}

bool Registry::HasLibrary(const std::string& name) const {
  for (const auto& n : library_names_)
    if (n == name) return true;
  return false;
}

std::unique_ptr<SimObject> Registry::MakeForDescription(const TypeInfo& type) const {
  ObjectArgs args;
  args.name = "describe";
  args.type = type.path;
  args.describe = true;
  return type.make(args);
}

}  // namespace hawser
