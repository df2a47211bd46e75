#include "runtime/output/hdf5_reader.h"

#include <fmt/format.h>

#include <mutex>

#include "runtime/output/hdf5_sink.h"
#include "runtime/output/hdf5_util.h"
#include "runtime/output/sink.h"

namespace hawser {
namespace {

bool IsDimensionScale(hid_t ds) { return H5DSis_scale(ds) > 0; }

/// Reads a dataset of doubles (time, ...): its width is the product of the dimensions after
/// time (1 for 1-D), its values row by row in the CSV's column order.
std::vector<double> ReadDoubles(hid_t ds, int& width, size_t& rows, const std::string& path) {
  hid_t space = H5Dget_space(ds);
  const int rank = H5Sget_simple_extent_ndims(space);
  constexpr int kMaxRank = 8;
  if (rank < 1 || rank > kMaxRank) {
    H5Sclose(space);
    throw IoError(fmt::format("'{}': a dataset of rank {}", path, rank));
  }
  hsize_t dims[kMaxRank] = {};
  H5Sget_simple_extent_dims(space, dims, nullptr);
  H5Sclose(space);
  rows = dims[0];
  width = 1;
  for (int k = 1; k < rank; ++k) width *= static_cast<int>(dims[k]);
  std::vector<double> values(rows * static_cast<size_t>(width));
  if (!values.empty()) {
    h5::Check(H5Dread(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()),
              "reading a dataset", path);
  }
  return values;
}

struct Visit {
  RecordedRun* run;
  std::string path;
  std::string error;
};

herr_t AddSignal(hid_t group, const char* name, const H5L_info_t*, void* data) {
  auto* v = static_cast<Visit*>(data);
  H5O_info_t info;
  if (H5Oget_info_by_name2(group, name, &info, H5O_INFO_BASIC, H5P_DEFAULT) < 0) return -1;
  if (info.type != H5O_TYPE_DATASET) return 0;
  hid_t ds = H5Dopen2(group, name, H5P_DEFAULT);
  if (ds < 0) return -1;
  if (!IsDimensionScale(ds)) {
    const std::string n = name;  // "Obj/Port" or "Obj/state/State"
    const auto first = n.find('/'), last = n.rfind('/');
    RecordedSignal s;
    s.name = first == last ? n.substr(0, first) + "." + n.substr(first + 1)
                           : n.substr(0, first) + ":" + n.substr(last + 1);
    s.unit = h5::ReadStringAttribute(ds, "unit");
    size_t rows = 0;
    try {
      s.values = ReadDoubles(ds, s.width, rows, v->path);
    } catch (const IoError& e) {
      v->error = e.what();
      H5Dclose(ds);
      return -1;
    }
    v->run->signals.push_back(std::move(s));
  }
  H5Dclose(ds);
  return 0;
}

}  // namespace

std::string RecordedSignal::Column(int i) const {
  return width == 1 ? name : fmt::format("{}[{}]", name, i);
}

RecordedRun ReadRecordedRun(const std::string& path, const std::string& group) {
  std::lock_guard lock(Hdf5Mutex());
  RecordedRun run;
  hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  if (file < 0) throw IoError(fmt::format("cannot read '{}': not an HDF5 result file", path));
  hid_t g = H5Gopen2(file, group.c_str(), H5P_DEFAULT);
  if (g < 0 || H5Lexists(g, "time", H5P_DEFAULT) <= 0) {
    if (g >= 0) H5Gclose(g);
    H5Fclose(file);
    throw IoError(fmt::format("'{}' has no run in group {} (no {}/time)", path, group,
                              group == "/" ? "" : group));
  }
  hid_t time = H5Dopen2(g, "time", H5P_DEFAULT);
  int width = 1;
  size_t rows = 0;
  run.time = ReadDoubles(time, width, rows, path);
  H5Dclose(time);
  run.status = h5::ReadStringAttribute(g, "status");
  Visit visit{&run, path, ""};
  // Every dataset below the group, in name order (objects, their ports, their states).
  const herr_t status = H5Lvisit(g, H5_INDEX_NAME, H5_ITER_INC, AddSignal, &visit);
  H5Gclose(g);
  H5Fclose(file);
  if (status < 0) {
    throw IoError(visit.error.empty() ? fmt::format("cannot read the run in '{}'", path)
                                      : visit.error);
  }
  return run;
}

}  // namespace hawser
