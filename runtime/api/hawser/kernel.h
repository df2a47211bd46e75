// The kernel form of a calculation, for objects that come by the thousand on a hot path. Write
// the plain form first (SimObject::DeclareCalc with a lambda, as simobjects/cable/
// linear_spring.cpp does); reach for a kernel when a benchmark shows the calculation matters.
//
// A kernel is a static function over a small "item": a struct of the pointers to the values it
// reads and writes and the parameters it needs, which a `pack` lambda copies out of the object.
// The model packs every object's item after wiring and again after every Initialize(), keeps the
// items of consecutive objects of one type in one array and runs the function over that array.
// So an item must hold only values and pointers (it is copied as bytes), and nothing that changes
// after Initialize(). The plain and the kernel form compute the same values; the kernel saves
// the lookups through each object's port tables (docs/design.md, "SimObjects and their
// declarations").
//
//   class Scale final : public SimObject {
//     struct Item { const double* in; double* out; double gain; };  // trivially copyable
//     static void Compute(const Item& i) { *i.out = i.gain * *i.in; }
//    public:
//     explicit Scale(ObjectArgs& args) : SimObject(args) {
//       ... gain_, in_, out_ declared as usual ...
//       DeclareCalc<&Scale::Compute>({out_}, {in_}, [this] {
//         return Item{in(in_).data(), out(out_).data(), gain_};
//       });
//     }
//   };
//
// The state derivatives have a kernel form too: DeclareDerivativeKernel<&Compute>(pack) (see
// simobjects/body/mass.cpp), which the model then runs instead of CalcDerivatives().
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <type_traits>

namespace hawser {

/// call(i) for i in [0, count); if one throws, `*failed` is that i (nothing written otherwise).
/// The loop of every batch the model runs (kernels, calculations, TypeInfo::calc_derivatives).
template <class Call>
void CallEach(int count, int* failed, Call call) {
  int i = 0;
  try {
    for (; i < count; ++i) call(i);
  } catch (...) {
    *failed = i;
    throw;
  }
}

/// A kernel, type-erased: `pack` writes this object's item (`item_size` bytes) at `item`
/// (aligned as std::max_align_t); `run` computes `count` consecutive items (see CallEach for
/// `failed`). Objects of one type share `run`; each has its own `pack`.
struct Kernel {
  std::size_t item_size = 0;
  std::function<void(void* item)> pack;
  void (*run)(const void* items, int count, int* failed) = nullptr;

  explicit operator bool() const { return run != nullptr; }
};

/// The kernel that runs `Compute(const Item&)` on items made by `pack()` (which returns an
/// Item). An Item holds values and pointers only: the model copies it as bytes.
template <auto Compute, class Pack>
Kernel MakeKernel(Pack pack) {
  using Item = std::invoke_result_t<Pack&>;
  static_assert(std::is_trivially_copyable_v<Item> && std::is_trivially_destructible_v<Item>,
                "a kernel's item holds values and pointers only");
  static_assert(alignof(Item) <= alignof(std::max_align_t), "a kernel's item is over-aligned");
  static_assert(std::is_invocable_v<decltype(Compute), const Item&>,
                "a kernel computes from the item its pack returns");
  return {sizeof(Item),
          [pack](void* item) mutable { std::construct_at(static_cast<Item*>(item), pack()); },
          [](const void* items, int count, int* failed) {
            const Item* const typed = static_cast<const Item*>(items);
            CallEach(count, failed, [typed](int i) { Compute(typed[i]); });
          }};
}

}  // namespace hawser
