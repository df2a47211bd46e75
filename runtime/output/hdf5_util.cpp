#include "runtime/output/hdf5_util.h"

#include <fmt/format.h>

#include <algorithm>

#include "hawser/errors.h"

namespace hawser::h5 {

namespace {

herr_t KeepInnermost(unsigned n, const H5E_error2_t* e, void* data) {
  if (n == 0 && e->desc != nullptr) *static_cast<std::string*>(data) = e->desc;
  return 0;
}

}  // namespace

std::string LastError() {
  std::string message;
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_DOWNWARD, KeepInnermost, &message);
  H5Eclear2(H5E_DEFAULT);
  return message;
}

int64_t Check(int64_t status, const std::string& what, const std::string& path) {
  if (status < 0) {
    const std::string detail = LastError();
    throw IoError(
        fmt::format("HDF5: {} in '{}' failed{}{}", what, path, detail.empty() ? "" : ": ", detail));
  }
  return status;
}

namespace {

void Replace(hid_t object, const char* name, hid_t type, const void* value) {
  if (H5Aexists(object, name) > 0) H5Adelete(object, name);
  const Handle space(H5Screate(H5S_SCALAR));
  const Handle attr(H5Acreate2(object, name, type, space.get(), H5P_DEFAULT, H5P_DEFAULT));
  const herr_t status = attr.valid() ? H5Awrite(attr.get(), type, value) : -1;
  Check(status, fmt::format("writing attribute '{}'", name), "result file");
}

}  // namespace

Handle VariableStringType() {
  Handle type(H5Tcopy(H5T_C_S1));
  H5Tset_size(type.get(), H5T_VARIABLE);
  H5Tset_cset(type.get(), H5T_CSET_UTF8);
  return type;
}

void SetAttribute(hid_t object, const char* name, const std::string& value) {
  const char* text = value.c_str();
  Replace(object, name, VariableStringType().get(), &text);
}

void SetAttribute(hid_t object, const char* name, double value) {
  Replace(object, name, H5T_NATIVE_DOUBLE, &value);
}

void SetAttribute(hid_t object, const char* name, long value) {
  Replace(object, name, H5T_NATIVE_LONG, &value);
}

std::string ReadStringAttribute(hid_t object, const char* name) {
  if (H5Aexists(object, name) <= 0) return "";
  const Handle attr(H5Aopen(object, name, H5P_DEFAULT));
  char* text = nullptr;
  std::string value;
  if (H5Aread(attr.get(), VariableStringType().get(), &text) >= 0 && text != nullptr) {
    value = text;
    H5free_memory(text);
  }
  return value;
}

Handle SmallWriteTransfer(hid_t memory_type, size_t elements) {
  const size_t bytes = std::max<size_t>(4096, 2 * elements * H5Tget_size(memory_type));
  Handle dxpl(H5Pcreate(H5P_DATASET_XFER));
  H5Pset_buffer(dxpl.get(), bytes, nullptr, nullptr);
  return dxpl;
}

static_assert(sizeof(hid_t) == sizeof(int64_t), "Handle keeps an hid_t as an int64_t");

void Handle::reset(int64_t id) {
  Close(id_);
  id_ = id;
}

void Close(hid_t id) {
  if (id < 0) return;
  switch (H5Iget_type(id)) {
    case H5I_FILE:
      H5Fclose(id);
      break;
    case H5I_GROUP:
      H5Gclose(id);
      break;
    case H5I_DATASET:
      H5Dclose(id);
      break;
    case H5I_DATATYPE:
      H5Tclose(id);
      break;
    case H5I_DATASPACE:
      H5Sclose(id);
      break;
    case H5I_ATTR:
      H5Aclose(id);
      break;
    case H5I_GENPROP_LST:
      H5Pclose(id);
      break;
    default:
      break;
  }
}

}  // namespace hawser::h5
