#include "hawser/registry.h"

#include <fmt/format.h>

namespace hawser {

namespace {

std::string LibraryText(const TypeInfo& t) {
  return t.library_file.empty() ? fmt::format("'{}'", t.library)
                                : fmt::format("'{}' ({})", t.library, t.library_file);
}

}  // namespace

void Registry::CheckNew(const TypeInfo& t) const {
  std::vector<std::string> names = t.aliases;
  names.insert(names.begin(), t.path);
  for (const std::string& name : names) {
    if (const TypeInfo* old = Find(name)) {
      throw RegistrationError(
          fmt::format("SimObject type '{}' is registered twice: by library {} "
                      "and by library {}",
                      name, LibraryText(*old), LibraryText(t)));
    }
  }
}

void Registry::Add(TypeInfo info) {
  info.library = library_;
  info.library_file = library_file_;
  CheckNew(info);
  types_.push_back(std::move(info));
}

void Registry::Merge(const Registry& other) {
  for (const TypeInfo& t : other.types_) CheckNew(t);
  types_.insert(types_.end(), other.types_.begin(), other.types_.end());
  for (const std::string& name : other.library_names_)
    if (!HasLibrary(name)) library_names_.push_back(name);
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
