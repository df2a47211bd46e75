// The model's side of a SimObject: binding its ports, states, time and services to the buffers
// the model owns, and the parts of its calculations the right-hand side runs. Not part of the
// SimObject API (a SimObject declares; only the model wires and runs).
#pragma once

#include <functional>
#include <span>

#include "hawser/simobject.h"

namespace hawser {

struct ObjectWiring {
  static void BindInput(SimObject& o, int i, std::span<const double> view, bool connected) {
    o.BindInput(i, view, connected);
  }
  static void BindOutput(SimObject& o, int i, std::span<double> view) { o.BindOutput(i, view); }
  static void BindState(SimObject& o, int i, std::span<const double> value,
                        std::span<double> derivative, bool given) {
    o.BindState(i, value, derivative, given);
  }
  static void BindInitialState(SimObject& o, int i, std::span<double> value) {
    o.BindInitialState(i, value);
  }
  static void BindTime(SimObject& o, const double* t) { o.BindTime(t); }
  static void BindJacobianFlag(SimObject& o, const bool* estimating) {
    o.BindJacobianFlag(estimating);
  }
  static void BindLoggingFlag(SimObject& o, const bool* logging) { o.BindLoggingFlag(logging); }
  /// Binds a declared service use to its provider (nullptr: none, for an optional use).
  static void BindService(SimObject& o, int use, const Service* provider) {
    o.BindService(use, provider);
  }

  /// One calculation in each of the forms the model runs (docs/design.md, "SimObjects and their
  /// declarations"): `fn()`, `call(context)`, `batch` over the contexts of several objects of
  /// one type (if one throws, `*failed` is its index), and the kernel, if declared as one.
  struct CalcParts {
    const std::function<void()>& fn;
    void (*call)(void*);
    void* context;
    void (*batch)(void* const* contexts, int count, int* failed);
    const Kernel& kernel;
  };
  static CalcParts Parts(const CalcInfo& calc) {
    const Calculation& c = calc.run;
    return {c.fn_, c.call_, c.context_, c.batch_, c.kernel_};
  }
};

}  // namespace hawser
