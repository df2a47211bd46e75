// Kernels: a calculation or a derivative computation in batch form. Reaching an object's ports
// through its pointer tables costs a chain of dependent loads from memory scattered over the
// heap, per object and per evaluation. A kernel instead reads one small "item" per object: the
// pointers to the values it reads and writes and the parameters it needs, copied out of the
// object once. The model keeps the items of consecutive objects of one type in one contiguous
// array and runs the kernel's function over it, with the function inlined in the loop.
//
//   struct Item { const double* in; double* out; double gain; };   // trivially copyable
//   static void Scale(const Item& i) { *i.out = i.gain * *i.in; }
//   ... DeclareKernelCalc<&Scale>({out_}, {in_}, [this] { return Item{...}; });
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <type_traits>

namespace hawser {

/// call(i) for i in [0, count); if one throws, `*failed` is that i (nothing written otherwise).
/// The loop of every batch the model runs (kernels, CalcInfo::batch, TypeInfo::calc_derivatives).
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
