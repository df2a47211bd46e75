// Small helpers over the HDF5 C API shared by the HDF5 sink and the sweep file. Internal to the
// runtime (includes hdf5.h); callers hold Hdf5Mutex().
#pragma once

#include <hdf5.h>
#include <hdf5_hl.h>

#include <string>

namespace hawser::h5 {

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

/// A variable-length UTF-8 string type (caller closes it).
hid_t VariableStringType();

/// Closes an hid_t of any kind if valid.
void Close(hid_t id);

}  // namespace hawser::h5
