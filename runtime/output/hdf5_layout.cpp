#include "runtime/output/hdf5_layout.h"

#include <fmt/format.h>

#include <algorithm>

#include "hawser/errors.h"

namespace hawser::h5 {

namespace {

/// A 1-D dataset `name` of `size` 32-bit indices 0 .. size - 1 (a dimension's coordinates);
/// `what` names it in errors ("dimension node").
Handle CreateIndexDataset(hid_t parent, const std::string& name, int size, const std::string& what,
                          const std::string& path) {
  const hsize_t dims[1] = {static_cast<hsize_t>(size)};
  const Handle space(H5Screate_simple(1, dims, nullptr));
  Handle ds(Check(H5Dcreate2(parent, name.c_str(), H5T_STD_I32LE, space.get(), H5P_DEFAULT,
                             H5P_DEFAULT, H5P_DEFAULT),
                  "creating " + what, path));
  std::vector<int> index(static_cast<size_t>(size));
  for (int i = 0; i < size; ++i) index[static_cast<size_t>(i)] = i;
  Check(H5Dwrite(ds.get(), H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, index.data()),
        "writing " + what, path);
  return ds;
}

/// A 1-D dataset `name` of variable-length UTF-8 strings, `labels`.
Handle CreateLabelDataset(hid_t parent, const std::string& name,
                          const std::vector<std::string>& labels, const std::string& path) {
  const hsize_t dims[1] = {labels.size()};
  const Handle space(H5Screate_simple(1, dims, nullptr));
  const Handle type = VariableStringType();
  Handle ds(Check(H5Dcreate2(parent, name.c_str(), type.get(), space.get(), H5P_DEFAULT,
                             H5P_DEFAULT, H5P_DEFAULT),
                  "creating dimension " + name, path));
  std::vector<const char*> texts;
  for (const std::string& label : labels) texts.push_back(label.c_str());
  const Handle dxpl = SmallWriteTransfer(type.get(), texts.size());
  Check(H5Dwrite(ds.get(), type.get(), H5S_ALL, H5S_ALL, dxpl.get(), texts.data()),
        "writing dimension " + name, path);
  return ds;
}

/// Makes `ds` the dimension scale `name`, with a unit and a description.
void MakeScale(hid_t ds, const std::string& name, const std::string& description,
               const std::string& path) {
  Check(H5DSset_scale(ds, name.c_str()), "making " + name + " a dimension scale", path);
  SetAttribute(ds, "unit", std::string("-"));
  SetAttribute(ds, "description", description);
}

}  // namespace

Handle OpenOrCreateGroup(hid_t parent, const std::string& name, const std::string& path) {
  if (H5Lexists(parent, name.c_str(), H5P_DEFAULT) > 0) {
    return Handle(
        Check(H5Gopen2(parent, name.c_str(), H5P_DEFAULT), "opening group " + name, path));
  }
  return Handle(Check(H5Gcreate2(parent, name.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                      "creating group " + name, path));
}

Handle CreateSeries(hid_t parent, const std::string& name, const std::vector<hsize_t>& trailing,
                    size_t rows_per_chunk, const std::string& path) {
  std::vector<hsize_t> dims{0}, max_dims{H5S_UNLIMITED}, chunk{rows_per_chunk};
  for (hsize_t n : trailing) {
    dims.push_back(n);
    max_dims.push_back(n);
    chunk.push_back(n);
  }
  const int rank = static_cast<int>(dims.size());
  const Handle space(H5Screate_simple(rank, dims.data(), max_dims.data()));
  const Handle dcpl(H5Pcreate(H5P_DATASET_CREATE));
  H5Pset_chunk(dcpl.get(), rank, chunk.data());
  H5Pset_shuffle(dcpl.get());
  H5Pset_deflate(dcpl.get(), kDeflateLevel);
  return Handle(Check(H5Dcreate2(parent, name.c_str(), H5T_IEEE_F64LE, space.get(), H5P_DEFAULT,
                                 dcpl.get(), H5P_DEFAULT),
                      "creating dataset " + name, path));
}

// xarray reads coordinates from the group it opens; sizes differ from object to object (a
// cable's nodes), so each group has its own scale of a declared dimension.
Handle DeclaredDimensionScale(hid_t parent, const PortDimension& d, const std::string& object,
                              const std::string& path) {
  if (H5Lexists(parent, d.name.c_str(), H5P_DEFAULT) > 0) {
    Handle ds(
        Check(H5Dopen2(parent, d.name.c_str(), H5P_DEFAULT), "opening dimension " + d.name, path));
    hsize_t size = 0;
    const Handle space(H5Dget_space(ds.get()));
    H5Sget_simple_extent_dims(space.get(), &size, nullptr);
    if (H5DSis_scale(ds.get()) <= 0 || size != static_cast<hsize_t>(d.size)) {
      throw IoError(
          fmt::format("writing '{}': {} declares dimension '{}' of size {} beside "
                      "another '{}' of size {}",
                      path, object, d.name, d.size, d.name, size));
    }
    return ds;
  }
  if (d.labels.empty()) {
    Handle ds = CreateIndexDataset(parent, d.name, d.size, "dimension " + d.name, path);
    MakeScale(ds.get(), d.name, fmt::format("{} index (the CSV columns run over it)", d.name),
              path);
    return ds;
  }
  Handle ds = CreateLabelDataset(parent, d.name, d.labels, path);
  MakeScale(ds.get(), d.name, fmt::format("{} label", d.name), path);
  return ds;
}

std::string ComponentDimension(int width) { return fmt::format("component{}", width); }

bool IsDimensionName(const std::string& name) {
  if (name == "time") return true;
  const std::string stem = "component";
  return name.size() > stem.size() && name.compare(0, stem.size(), stem) == 0 &&
         std::all_of(name.begin() + static_cast<long>(stem.size()), name.end(),
                     [](char c) { return c >= '0' && c <= '9'; });
}

Handle CreateComponentScale(hid_t group, int width, const std::string& path) {
  const std::string name = ComponentDimension(width);
  Handle ds = CreateIndexDataset(group, name, width, "dataset " + name, path);
  MakeScale(ds.get(), name, "component index i of a vector signal (the CSV column [i])", path);
  return ds;
}

bool NotAGroup(hid_t group, const std::string& name) {
  if (H5Lexists(group, name.c_str(), H5P_DEFAULT) <= 0) return true;
  H5O_info_t info;
  if (H5Oget_info_by_name2(group, name.c_str(), &info, H5O_INFO_BASIC, H5P_DEFAULT) < 0)
    return false;
  return info.type != H5O_TYPE_GROUP;
}

void LinkScale(hid_t run_group, hid_t group, const std::string& name, const std::string& path) {
  if (H5Lexists(group, name.c_str(), H5P_DEFAULT) > 0) return;
  Check(H5Lcreate_hard(run_group, name.c_str(), group, name.c_str(), H5P_DEFAULT, H5P_DEFAULT),
        "linking " + name, path);
}

void AppendRows(hid_t ds, size_t old_rows, size_t rows, const std::vector<hsize_t>& trailing,
                const double* data, const std::string& path) {
  std::vector<hsize_t> new_dims{old_rows + rows}, start{old_rows}, count{rows};
  for (hsize_t n : trailing) {
    new_dims.push_back(n);
    start.push_back(0);
    count.push_back(n);
  }
  Check(H5Dset_extent(ds, new_dims.data()), "extending a dataset", path);
  const Handle file_space(H5Dget_space(ds));
  H5Sselect_hyperslab(file_space.get(), H5S_SELECT_SET, start.data(), nullptr, count.data(),
                      nullptr);
  const Handle mem_space(H5Screate_simple(static_cast<int>(count.size()), count.data(), nullptr));
  Check(H5Dwrite(ds, H5T_NATIVE_DOUBLE, mem_space.get(), file_space.get(), H5P_DEFAULT, data),
        "writing rows", path);
}

void AppendChunk(hid_t ds, size_t old_rows, size_t rows, const std::vector<hsize_t>& trailing,
                 const std::vector<unsigned char>& chunk, const std::string& path) {
  std::vector<hsize_t> new_dims{old_rows + rows}, offset{old_rows};
  for (hsize_t n : trailing) {
    new_dims.push_back(n);
    offset.push_back(0);
  }
  Check(H5Dset_extent(ds, new_dims.data()), "extending a dataset", path);
  // Filter mask 0: every filter of the pipeline (shuffle, deflate) was applied.
  Check(H5Dwrite_chunk(ds, H5P_DEFAULT, 0, offset.data(), chunk.size(), chunk.data()),
        "writing rows", path);
}

}  // namespace hawser::h5
