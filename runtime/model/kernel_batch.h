// KernelBatch: one kernel (hawser/kernel.h) over the items of consecutive objects of one type,
// kept in one contiguous array that the model owns.
#pragma once

#include <cstddef>
#include <vector>

#include "hawser/kernel.h"

namespace hawser {

class KernelBatch {
 public:
  /// Whether `kernel` may join: the batch is empty or runs the same function.
  bool Accepts(const Kernel& kernel) const { return packs_.empty() || kernel.run == run_; }
  /// Adds an object's kernel (Accepts(kernel)); it must outlive the batch. Pack() before Run().
  void Add(const Kernel& kernel);
  /// (Re)writes every item from its object: after wiring, and after Initialize().
  void Pack();
  /// Runs the kernel over every item; if one throws, *failed is its index.
  void Run(int* failed) const { run_(storage_.data(), static_cast<int>(packs_.size()), failed); }

 private:
  void (*run_)(const void* items, int count, int* failed) = nullptr;
  std::size_t item_size_ = 0;
  std::vector<const Kernel*> packs_;  ///< [item]: the kernel whose pack writes it.
  /// A cache line: the items start at one, so that an item of 64 bytes (a point mass's) never
  /// straddles two.
  struct alignas(64) Line {
    std::byte bytes[64];
  };
  std::vector<Line> storage_;  ///< The items, item_size_ bytes apart.
};

}  // namespace hawser
