// The registry of SimObject types, keyed by FhSim-style paths ("Cable/LinearSpring").
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "hawser/simobject.h"

namespace hawser {

using SimObjectFactory = std::function<std::unique_ptr<SimObject>(ObjectArgs&)>;

struct TypeInfo {
  std::string path;                  ///< "Cable/LinearSpring"
  std::vector<std::string> aliases;  ///< Other spellings, e.g. FhSim's "Ball/3DBody".
  std::string summary;               ///< One line for `hawser list`.
  SimObjectFactory make;
};

class Registry {
 public:
  /// Registers T (constructible from ObjectArgs&).
  template <class T>
  void Add(std::string path, std::string summary, std::vector<std::string> aliases = {}) {
    Add(TypeInfo{std::move(path), std::move(aliases), std::move(summary),
                 [](ObjectArgs& a) { return Detach(std::unique_ptr<SimObject>(new T(a))); }});
  }
  void Add(TypeInfo info);
  /// Registers a SimObject library name that <Lib LibName="..."> may use.
  void AddLibraryName(const std::string& name) { library_names_.push_back(name); }

  /// The type for a path or alias, or nullptr.
  const TypeInfo* Find(const std::string& path_or_alias) const;
  const std::vector<TypeInfo>& types() const { return types_; }
  /// Every path and alias, for suggestions.
  std::vector<std::string> AllNames() const;
  const std::vector<std::string>& library_names() const { return library_names_; }
  bool HasLibrary(const std::string& name) const;

  /// Builds an object of a registered type, only to read its declarations (hawser describe).
  std::unique_ptr<SimObject> MakeForDescription(const TypeInfo& type) const;

 private:
  /// Ends the declaration phase: the constructor's ObjectArgs are not kept.
  static std::unique_ptr<SimObject> Detach(std::unique_ptr<SimObject> object) {
    object->args_ = nullptr;
    return object;
  }
  std::vector<TypeInfo> types_;
  std::vector<std::string> library_names_;
};

}  // namespace hawser
