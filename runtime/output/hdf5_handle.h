// h5::Handle: an HDF5 id that closes itself. Apart from hdf5_util.h so that headers which keep
// ids (hdf5_run_writer.h) need not include hdf5.h (an hid_t is an int64_t since HDF5 1.10).
#pragma once

#include <cstdint>

namespace hawser::h5 {

/// An HDF5 id of any kind (file, group, dataset, type, space, attribute, property list), closed
/// when it goes out of scope, so that no error path closes ids by hand. -1 (what a failed HDF5
/// call returns) is held and never closed. Like every HDF5 call, closing needs Hdf5Mutex() held:
/// declare a Handle after the lock that guards it.
class Handle {
 public:
  explicit Handle(int64_t id = -1) : id_(id) {}
  ~Handle() { reset(); }
  Handle(Handle&& other) noexcept : id_(other.release()) {}
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) reset(other.release());
    return *this;
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;

  int64_t get() const { return id_; }
  bool valid() const { return id_ >= 0; }
  /// Closes the id held (h5::Close) and holds `id` instead.
  void reset(int64_t id = -1);
  /// The id, no longer closed here.
  int64_t release() {
    const int64_t id = id_;
    id_ = -1;
    return id;
  }

 private:
  int64_t id_;
};

}  // namespace hawser::h5
