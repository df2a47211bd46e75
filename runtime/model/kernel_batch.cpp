#include "runtime/model/kernel_batch.h"

#include "hawser/check.h"

namespace hawser {

void KernelBatch::Add(const Kernel& kernel) {
  HAWSER_CHECK(kernel && Accepts(kernel), "a kernel batch runs one kernel function");
  run_ = kernel.run;
  item_size_ = kernel.item_size;  // One run function, one item type.
  packs_.push_back(&kernel);
}

void KernelBatch::Pack() {
  const std::size_t bytes = item_size_ * packs_.size();
  storage_.assign((bytes + sizeof(Line) - 1) / sizeof(Line), {});
  auto* const base = reinterpret_cast<std::byte*>(storage_.data());
  for (std::size_t i = 0; i < packs_.size(); ++i) packs_[i]->pack(base + i * item_size_);
}

}  // namespace hawser
