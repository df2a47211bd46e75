// Small helpers over the HDF5 C API shared by the run writer, the sweep file and the result
// reader. Internal to the runtime (includes hdf5.h); callers hold Hdf5Mutex().
#pragma once

#include <hdf5.h>
#include <hdf5_hl.h>

#include <string>

#include "runtime/output/hdf5_handle.h"

namespace hawser::h5 {

/// Closes an hid_t of any kind if valid (Handle does it for an id it holds).
void Close(hid_t id);

/// The innermost message on HDF5's error stack ("" if none); clears the stack.
std::string LastError();

/// Throws IoError "<what> in '<path>': <HDF5 message>" when `status` < 0; returns it otherwise.
int64_t Check(int64_t status, const std::string& what, const std::string& path);

/// Writes (replacing) a scalar attribute on `object`.
void SetAttribute(hid_t object, const char* name, const std::string& value);
void SetAttribute(hid_t object, const char* name, double value);
void SetAttribute(hid_t object, const char* name, long value);

/// Reads a string attribute; "" when it is missing.
std::string ReadStringAttribute(hid_t object, const char* name);

/// A variable-length UTF-8 string type.
Handle VariableStringType();

/// A dataset transfer property list for writing `elements` elements of `memory_type`. HDF5 1.10
/// allocates its type-conversion and background buffers zeroed at the default size, 1 MiB each, at
/// every H5Dwrite that converts (strings, compounds): faulting in those pages was most of a tiny
/// sweep case's time. These are sized to the write: twice the memory size covers the file's form (a
/// variable-length string is 8 bytes in memory, 16 in the file), at least 4 KiB; a smaller buffer
/// would only make HDF5 convert in several passes.
Handle SmallWriteTransfer(hid_t memory_type, size_t elements);

}  // namespace hawser::h5
