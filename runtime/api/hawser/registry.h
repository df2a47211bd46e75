// The registry of SimObject types, keyed by FhSim-style paths ("Cable/LinearSpring").
#pragma once

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "hawser/simobject.h"

namespace hawser {

using SimObjectFactory = std::function<std::unique_ptr<SimObject>(ObjectArgs&)>;

struct TypeInfo {
  std::string path;                  ///< "Cable/LinearSpring"
  std::vector<std::string> aliases;  ///< Other spellings, e.g. FhSim's "Ball/3DBody".
  std::string summary;               ///< One line for `hawser list`.
  SimObjectFactory make;
  /// The library that registered it: its LibName ("base" for the built-in library, which
  /// registers under several names), and for a plugin the file it was loaded from.
  std::string library;
  std::string library_file;  ///< "" for the built-in library.
  /// Optional: runs CalcDerivatives() of `count` objects made by `make`, all of this type's
  /// class, without a virtual call each (Registry::Add<T> sets it when T overrides
  /// CalcDerivatives()). If one throws, `*failed` is its index. Without it the model runs an
  /// object's derivative kernel (SimObject::DeclareDerivativeKernel) if it declared one, and
  /// otherwise calls its CalcDerivatives() virtually.
  void (*calc_derivatives)(SimObject* const* objects, int count, int* failed) = nullptr;
};

/// A type or alias registered twice, or registered into a finished registry.
class RegistrationError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

class Registry {
 public:
  /// Registers T (constructible from ObjectArgs&).
  template <class T>
  void Add(std::string path, std::string summary, std::vector<std::string> aliases = {}) {
    TypeInfo info{std::move(path), std::move(aliases), std::move(summary),
                  [](ObjectArgs& a) { return Detach(std::unique_ptr<SimObject>(new T(a))); }};
    // Every object `make` returns is exactly a T, so T::CalcDerivatives is the override a
    // virtual call would reach (T's own or an inherited one). A T that overrides none keeps
    // SimObject's, which runs its derivative kernel: the model runs that kernel itself.
    if constexpr (requires(T & t) { t.T::CalcDerivatives(); }) {
      if constexpr (!std::is_same_v<decltype(&T::CalcDerivatives), void (SimObject::*)()>) {
        info.calc_derivatives = [](SimObject* const* objects, int count, int* failed) {
          CallEach(count, failed,
                   [objects](int i) { static_cast<T*>(objects[i])->T::CalcDerivatives(); });
        };
      }
    }
    Add(std::move(info));
  }
  /// Registers a type. Throws RegistrationError if its path or an alias is already registered.
  void Add(TypeInfo info);
  /// Registers a SimObject library name that <Lib LibName="..."> may use.
  void AddLibraryName(const std::string& name) { library_names_.push_back(name); }
  /// Marks the types added from now on as coming from `library` (loaded from `file`, "" when
  /// built in). Set by whoever calls a library's registration function, not by the library.
  void SetLibrary(std::string library, std::string file = {}) {
    library_ = std::move(library);
    library_file_ = std::move(file);
  }
  /// Adds every type and library name of `other` (one library, registered on its own). Throws
  /// RegistrationError naming both libraries, and adds nothing, if a type or alias of `other`
  /// is already here.
  void Merge(const Registry& other);

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
  /// Throws RegistrationError if t's path or an alias is already registered.
  void CheckNew(const TypeInfo& t) const;
  static std::unique_ptr<SimObject> Detach(std::unique_ptr<SimObject> object) {
    object->args_ = nullptr;
    return object;
  }
  std::vector<TypeInfo> types_;
  std::vector<std::string> library_names_;
  std::string library_, library_file_;
};

}  // namespace hawser
