// How one calculation is kept for the model. A SimObject never touches this: it declares a
// calculation with SimObject::DeclareCalc, which builds one, and the model runs it through
// runtime/model/object_wiring.h. Why it keeps the forms it keeps: docs/design.md, "SimObjects
// and their declarations".
#pragma once

#include <bit>
#include <functional>
#include <memory>
#include <type_traits>
#include <utility>

#include "hawser/kernel.h"

namespace hawser {

class Calculation {
 private:
  friend class SimObject;
  friend struct ObjectWiring;

  /// From a callable without arguments (usually a [this] lambda).
  template <class Fn>
  static Calculation FromCallable(Fn fn) {
    Calculation c;
    if constexpr (sizeof(Fn) == sizeof(void*) && std::is_trivially_copyable_v<Fn>) {
      // A callable the size of a pointer travels in context_ itself.
      c.fn_ = [fn]() mutable { fn(); };
      c.call_ = [](void* f) { std::bit_cast<Fn>(f)(); };
      c.context_ = std::bit_cast<void*>(fn);
      c.batch_ = [](void* const* contexts, int count, int* failed) {
        CallEach(count, failed, [contexts](int i) { std::bit_cast<Fn>(contexts[i])(); });
      };
    } else {
      // Otherwise on the heap, shared by fn_ and reached through context_.
      auto target = std::make_shared<Fn>(std::move(fn));
      c.context_ = target.get();
      c.fn_ = [target] { (*target)(); };
      c.call_ = [](void* f) { (*static_cast<Fn*>(f))(); };
      c.batch_ = [](void* const* contexts, int count, int* failed) {
        CallEach(count, failed, [contexts](int i) { (*static_cast<Fn*>(contexts[i]))(); });
      };
    }
    return c;
  }
  /// From a kernel (hawser/kernel.h): Compute(pack()) as a callable, and the kernel itself.
  template <auto Compute, class Pack>
  static Calculation FromKernel(Pack pack) {
    Calculation c = FromCallable([pack]() mutable { Compute(pack()); });
    c.kernel_ = MakeKernel<Compute>(std::move(pack));
    return c;
  }

  std::function<void()> fn_;       ///< The calculation.
  void (*call_)(void*) = nullptr;  ///< call_(context_) runs the same.
  void* context_ = nullptr;        ///< The callable, or where it lives.
  void (*batch_)(void* const* contexts, int count, int* failed) = nullptr;  ///< call_ for many.
  Kernel kernel_;  ///< The kernel form, if declared so.
};

}  // namespace hawser
