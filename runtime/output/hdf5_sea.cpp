#include "runtime/output/hdf5_sea.h"

#include <fmt/format.h>

#include "hawser/errors.h"

namespace hawser::h5 {
namespace {

/// Writes `rows` x `columns` doubles as the 2-D attribute `name` of `group`.
void WriteMatrix(hid_t group, const char* name, const std::vector<double>& values, hsize_t columns,
                 const std::string& path) {
  const hsize_t dims[2] = {values.size() / columns, columns};
  const Handle space(H5Screate_simple(2, dims, nullptr));
  const Handle attr(
      H5Acreate2(group, name, H5T_NATIVE_DOUBLE, space.get(), H5P_DEFAULT, H5P_DEFAULT));
  const herr_t status = attr.valid() ? H5Awrite(attr.get(), H5T_NATIVE_DOUBLE, values.data()) : -1;
  Check(status, fmt::format("writing attribute '{}'", name), path);
}

/// The 2-D attribute `name` of `group` with `columns` columns (empty when absent).
std::vector<double> ReadMatrix(hid_t group, const char* name, hsize_t columns,
                               const std::string& path) {
  if (H5Aexists(group, name) <= 0) return {};
  const Handle attr(H5Aopen(group, name, H5P_DEFAULT));
  const Handle space(H5Aget_space(attr.get()));
  hsize_t dims[2] = {0, 0};
  if (H5Sget_simple_extent_ndims(space.get()) != 2 ||
      H5Sget_simple_extent_dims(space.get(), dims, nullptr) != 2 || dims[1] != columns) {
    throw ScenarioError(
        {}, fmt::format("'{}': attribute {} is not a table of {} columns", path, name, columns));
  }
  std::vector<double> values(dims[0] * columns);
  if (!values.empty() && H5Aread(attr.get(), H5T_NATIVE_DOUBLE, values.data()) < 0) {
    throw ScenarioError({}, fmt::format("'{}': attribute {} cannot be read", path, name));
  }
  return values;
}

}  // namespace

void WriteSea(hid_t group, const RunInfo& info, const std::string& path) {
  if (info.wave_components.empty()) return;
  std::vector<double> components;
  for (const WaveComponentInfo& c : info.wave_components)
    components.insert(components.end(),
                      {c.amplitude, c.omega, c.wave_number, c.direction, c.phase});
  WriteMatrix(group, "wave_components", components, 5, path);
  std::vector<double> ramp;
  for (const auto& [t, r] : info.wave_ramp) ramp.insert(ramp.end(), {t, r});
  if (!ramp.empty()) WriteMatrix(group, "wave_ramp", ramp, 2, path);
}

SeaRecord ReadSea(hid_t group, const std::string& path) {
  SeaRecord sea;
  const std::vector<double> c = ReadMatrix(group, "wave_components", 5, path);
  for (size_t i = 0; i + 5 <= c.size(); i += 5)
    sea.components.push_back({c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4]});
  const std::vector<double> r = ReadMatrix(group, "wave_ramp", 2, path);
  for (size_t i = 0; i + 2 <= r.size(); i += 2) sea.ramp.push_back({r[i], r[i + 1]});
  return sea;
}

}  // namespace hawser::h5
