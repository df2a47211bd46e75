#include "runtime/analysis/utilisation_file.h"

#include <limits>
#include <mutex>

#include "runtime/analysis/result_file.h"
#include "runtime/output/hdf5_file.h"
#include "runtime/output/hdf5_layout.h"
#include "runtime/output/hdf5_util.h"

namespace hawser {
namespace {

using h5::Handle;

/// A 1-D dataset `name` of `values` in `group`. Caller holds Hdf5Mutex().
void WriteNumbers(hid_t group, const char* name, const std::vector<double>& values,
                  const std::string& path) {
  const hsize_t n = values.size();
  const Handle space(h5::Check(H5Screate_simple(1, &n, nullptr), "a dataspace", path));
  const Handle set(h5::Check(
      H5Dcreate2(group, name, H5T_IEEE_F64LE, space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
      std::string("dataset ") + name, path));
  if (n > 0) {
    h5::Check(H5Dwrite(set.get(), H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()),
              std::string("writing ") + name, path);
  }
}

/// A 1-D dataset `name` of variable-length strings. Caller holds Hdf5Mutex().
void WriteStrings(hid_t group, const char* name, const std::vector<std::string>& values,
                  const std::string& path) {
  const hsize_t n = values.size();
  const Handle type = h5::VariableStringType();
  const Handle space(h5::Check(H5Screate_simple(1, &n, nullptr), "a dataspace", path));
  const Handle set(h5::Check(
      H5Dcreate2(group, name, type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
      std::string("dataset ") + name, path));
  std::vector<const char*> text;
  for (const std::string& v : values) text.push_back(v.c_str());
  if (n > 0) {
    h5::Check(H5Dwrite(set.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, text.data()),
              std::string("writing ") + name, path);
  }
}

void WriteCase(hid_t parent, const UtilisationCase& c, const std::string& path) {
  const Handle g = h5::OpenOrCreateGroup(parent, c.name, path);
  h5::SetAttribute(g.get(), "factors", c.factors.name);
  h5::SetAttribute(g.get(), "gamma_mean", c.factors.gamma_mean);
  h5::SetAttribute(g.get(), "gamma_dyn", c.factors.gamma_dyn);
  h5::SetAttribute(g.get(), "strength_factor", c.strength_factor);
  h5::SetAttribute(g.get(), "characteristic", c.characteristic);
  h5::SetAttribute(g.get(), "records", c.records);
  std::vector<std::string> lines, results;
  std::vector<double> mean, dynamic, characteristic, design, mbl, strength, utilisation;
  for (const UtilisationRow& r : c.rows) {
    lines.push_back(r.line);
    results.push_back(r.Result());
    mean.push_back(r.check.mean);
    dynamic.push_back(r.check.dynamic);
    characteristic.push_back(r.check.characteristic);
    design.push_back(r.check.design);
    mbl.push_back(r.mbl);
    strength.push_back(r.check.strength);
    utilisation.push_back(r.broken ? std::numeric_limits<double>::quiet_NaN()
                                   : r.check.utilisation);
  }
  WriteStrings(g.get(), "line", lines, path);
  WriteNumbers(g.get(), "mean", mean, path);
  WriteNumbers(g.get(), "dynamic", dynamic, path);
  WriteNumbers(g.get(), "characteristic", characteristic, path);
  WriteNumbers(g.get(), "design", design, path);
  WriteNumbers(g.get(), "mbl", mbl, path);
  WriteNumbers(g.get(), "strength", strength, path);
  WriteNumbers(g.get(), "utilisation", utilisation, path);
  WriteStrings(g.get(), "result", results, path);
}

}  // namespace

std::optional<double> BreakTime(const std::string& path, const std::string& group,
                                const std::string& object) {
  std::lock_guard lock(Hdf5Mutex());
  const Handle file(h5::OpenResultFile(path));
  if (H5Lexists(file.get(), group.c_str(), H5P_DEFAULT) <= 0) return std::nullopt;
  const Handle run(H5Gopen2(file.get(), group.c_str(), H5P_DEFAULT));
  if (!run.valid() || H5Lexists(run.get(), object.c_str(), H5P_DEFAULT) <= 0) {
    h5::LastError();  // Clears the stack.
    return std::nullopt;
  }
  const Handle g(H5Oopen(run.get(), object.c_str(), H5P_DEFAULT));
  if (!g.valid() || H5Aexists(g.get(), "break_time") <= 0) {
    h5::LastError();
    return std::nullopt;
  }
  const Handle attr(H5Aopen(g.get(), "break_time", H5P_DEFAULT));
  double t = 0;
  if (H5Aread(attr.get(), H5T_NATIVE_DOUBLE, &t) < 0) {
    h5::LastError();
    return std::nullopt;
  }
  return t;
}

void WriteUtilisationFile(const std::string& path, const std::vector<UtilisationCase>& cases) {
  const std::shared_ptr<Hdf5File> file = Hdf5File::Create(path);
  {
    std::lock_guard lock(Hdf5Mutex());
    const Handle top = h5::OpenOrCreateGroup(file->id(), "utilisation", path);
    h5::SetAttribute(top.get(), "standard", std::string("DNV-OS-E301 (2010) Ch.2 Sec.2"));
    for (const UtilisationCase& c : cases) WriteCase(top.get(), c, path);
  }
  file->Flush();
  file->Publish();
}

}  // namespace hawser
