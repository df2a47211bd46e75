#include "runtime/output/hdf5_scale_links.h"

#include <cstddef>

#include "runtime/output/hdf5_handle.h"
#include "runtime/output/hdf5_util.h"

namespace hawser::h5 {
namespace {

constexpr const char* kDimensionList = "DIMENSION_LIST";
constexpr const char* kReferenceList = "REFERENCE_LIST";

hobj_ref_t ReferenceTo(hid_t object, const std::string& path) {
  hobj_ref_t ref{};
  Check(H5Rcreate(&ref, object, ".", H5R_OBJECT, -1), "referencing a dimension scale", path);
  return ref;
}

// H5DS's REFERENCE_LIST element type.
template <class Entry>
Handle ReferenceListType(const std::string& path) {
  Handle type(Check(H5Tcreate(H5T_COMPOUND, sizeof(Entry)), "a REFERENCE_LIST type", path));
  Check(H5Tinsert(type.get(), "dataset", offsetof(Entry, dataset), H5T_STD_REF_OBJ),
        "a REFERENCE_LIST type", path);
  Check(H5Tinsert(type.get(), "dimension", offsetof(Entry, dimension), H5T_NATIVE_INT),
        "a REFERENCE_LIST type", path);
  return type;
}

}  // namespace

void ScaleLinks::Attach(hid_t dataset, const std::vector<hid_t>& scales) {
  const hobj_ref_t self = ReferenceTo(dataset, path_);
  std::vector<hobj_ref_t> refs(scales.size());
  std::vector<hvl_t> lists(scales.size());
  for (size_t k = 0; k < scales.size(); ++k) {
    lists[k] = {0, nullptr};
    if (scales[k] < 0) continue;
    refs[k] = ReferenceTo(scales[k], path_);
    lists[k] = {1, &refs[k]};
    references_[refs[k]].push_back({self, static_cast<unsigned int>(k)});
  }
  const Handle type(Check(H5Tvlen_create(H5T_STD_REF_OBJ), "a DIMENSION_LIST type", path_));
  const hsize_t rank = scales.size();
  const Handle space(Check(H5Screate_simple(1, &rank, nullptr), "a DIMENSION_LIST space", path_));
  const Handle attribute(
      Check(H5Acreate2(dataset, kDimensionList, type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT),
            "creating a DIMENSION_LIST", path_));
  Check(H5Awrite(attribute.get(), type.get(), lists.data()), "writing a DIMENSION_LIST", path_);
}

void ScaleLinks::Write(hid_t file) {
  const Handle type = ReferenceListType<Entry>(path_);
  for (const auto& [scale_ref, entries] : references_) {
    hobj_ref_t ref = scale_ref;
    const Handle scale(Check(H5Rdereference2(file, H5P_DEFAULT, H5R_OBJECT, &ref),
                             "opening a dimension scale", path_));
    const hsize_t n = entries.size();
    const Handle space(Check(H5Screate_simple(1, &n, nullptr), "a REFERENCE_LIST space", path_));
    const Handle attribute(Check(
        H5Acreate2(scale.get(), kReferenceList, type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT),
        "creating a REFERENCE_LIST", path_));
    Check(H5Awrite(attribute.get(), type.get(), entries.data()), "writing a REFERENCE_LIST", path_);
  }
  references_.clear();
}

}  // namespace hawser::h5
