#include "runtime/analysis/hdf5_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <utility>

#include "hawser/errors.h"
#include "runtime/analysis/result_file.h"
#include "runtime/output/hdf5_file.h"
#include "runtime/output/hdf5_util.h"

namespace hawser {
namespace {

using h5::Handle;

[[noreturn]] void BadInput(const std::string& message) { throw ScenarioError({}, message); }

/// A dataset HDF5 cannot describe or read: `where` names it.
[[noreturn]] void Unreadable(const std::string& where) {
  const std::string detail = h5::DeepestError();
  BadInput(fmt::format("{} cannot be read: the file is truncated or damaged (HDF5: {})", where,
                       detail.empty() ? "no reason given" : detail));
}

/// A dataset as a series over time: its rows (first dimension) and the product of the others.
struct Series {
  size_t rows = 0;
  size_t width = 1;
};

const char* ClassName(H5T_class_t c) {
  switch (c) {
    case H5T_STRING:
      return "text";
    case H5T_COMPOUND:
      return "records (a compound type)";
    case H5T_ENUM:
      return "enumeration values";
    case H5T_BITFIELD:
      return "bit fields";
    case H5T_OPAQUE:
      return "opaque bytes";
    case H5T_REFERENCE:
      return "references";
    case H5T_VLEN:
      return "variable-length sequences";
    case H5T_ARRAY:
      return "arrays";
    default:
      return "values of an unknown type";
  }
}

/// `ds`'s shape, once it is known to hold numbers (any integer or floating-point type: H5Dread
/// converts them to double) in 1 to 8 dimensions. `where` names it for messages.
Series NumericSeries(hid_t ds, const std::string& where) {
  const Handle type(H5Dget_type(ds));
  const H5T_class_t kind = H5Tget_class(type.get());
  if (kind == H5T_NO_CLASS) Unreadable(where);
  if (kind != H5T_INTEGER && kind != H5T_FLOAT)
    BadInput(fmt::format("{} holds {}, not numbers", where, ClassName(kind)));
  const Handle space(H5Dget_space(ds));
  constexpr int kMaxRank = 8;
  const int rank = H5Sget_simple_extent_ndims(space.get());
  if (rank < 0) Unreadable(where);
  if (H5Sget_simple_extent_type(space.get()) == H5S_NULL)
    BadInput(fmt::format("{} holds no values (a null dataspace)", where));
  if (rank == 0) BadInput(fmt::format("{} is a single value, not a series over time", where));
  if (rank > kMaxRank) {
    BadInput(fmt::format("{} has {} dimensions; a recorded signal has 1 (time) to {}", where, rank,
                         kMaxRank));
  }
  hsize_t dims[kMaxRank] = {};
  H5Sget_simple_extent_dims(space.get(), dims, nullptr);
  Series s;
  s.rows = dims[0];
  for (int k = 1; k < rank; ++k) {
    if (dims[k] != 0 && s.width > kMaxRecordedValues / dims[k]) {
      BadInput(fmt::format("{} has more than {} values per row, the most hawser reads", where,
                           kMaxRecordedValues));
    }
    s.width *= dims[k];
  }
  return s;
}

/// `ds`'s values as doubles, row by row in the CSV's column order; `budget` is what may still
/// be read (kMaxRecordedValues in all).
std::vector<double> ReadValues(hid_t ds, const Series& s, const std::string& where,
                               size_t& budget) {
  if (s.width > 0 && s.rows > budget / s.width) {
    BadInput(
        fmt::format("{}: {} rows of {} values: more than the {} values (2 GiB) read at "
                    "once; choose fewer columns",
                    where, s.rows, s.width, kMaxRecordedValues));
  }
  budget -= s.rows * s.width;
  std::vector<double> values(s.rows * s.width);
  if (!values.empty() &&
      H5Dread(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()) < 0) {
    Unreadable(where);
  }
  return values;
}

/// The CSV stem of the dataset at `link` below a run's group: "Obj.Port" for "Obj/Port",
/// "Obj:State" for "Obj/state/State"; "" where hawser puts no signal.
std::string SignalName(const std::string& link) {
  const auto first = link.find('/');
  if (first == std::string::npos) return "";
  const auto second = link.find('/', first + 1);
  if (second == std::string::npos) return link.substr(0, first) + "." + link.substr(first + 1);
  if (link.find('/', second + 1) != std::string::npos ||
      link.compare(first + 1, second - first - 1, "state") != 0)
    return "";
  return link.substr(0, first) + ":" + link.substr(second + 1);
}

/// H5Lvisit callback: the paths of the datasets below the group (hard links only: a soft or
/// external link is not part of what hawser writes, and an external one opens another file).
herr_t CollectDataset(hid_t group, const char* name, const H5L_info_t* link, void* data) {
  if (link->type != H5L_TYPE_HARD) return 0;
  H5O_info_t info;
  if (H5Oget_info_by_name2(group, name, &info, H5O_INFO_BASIC, H5P_DEFAULT) < 0) return -1;
  if (info.type == H5O_TYPE_DATASET) static_cast<std::vector<std::string>*>(data)->push_back(name);
  return 0;
}

/// Reads /time (or `group`/time): finite and never decreasing, as hawser writes it.
std::vector<double> ReadTime(hid_t group, const std::string& where, size_t& budget) {
  const Handle time(H5Dopen2(group, "time", H5P_DEFAULT));
  if (!time.valid()) Unreadable(where);
  const Series s = NumericSeries(time.get(), where);
  if (s.width != 1) BadInput(fmt::format("{} has {} values per row, not one", where, s.width));
  std::vector<double> t = ReadValues(time.get(), s, where, budget);
  for (size_t r = 0; r < t.size(); ++r) {
    if (!std::isfinite(t[r]))
      BadInput(fmt::format("{}: row {} is {}; output times are finite", where, r, t[r]));
    if (r > 0 && t[r] < t[r - 1]) {
      BadInput(fmt::format("{} decreases at row {} ({} after {}); output times only grow", where, r,
                           t[r], t[r - 1]));
    }
  }
  return t;
}

}  // namespace

RecordedRun ReadRecordedRun(const std::string& path, const std::string& group,
                            const SignalFilter& wanted) {
  std::lock_guard lock(Hdf5Mutex());
  const Handle file(h5::OpenResultFile(path));
  const std::string prefix = group == "/" ? "" : group;  // "/case_00003" in "/case_00003/time"
  if (group != "/" && H5Lexists(file.get(), group.c_str(), H5P_DEFAULT) <= 0) {
    BadInput(
        fmt::format("'{}' holds no run in {}: not run, or failed before its first output "
                    "(its status is in /cases)",
                    path, group));
  }
  const Handle g(H5Gopen2(file.get(), group.c_str(), H5P_DEFAULT));
  if (!g.valid()) BadInput(fmt::format("'{}': {} is not a group", path, group));
  if (!h5::HasDataset(g.get(), "time"))
    BadInput(fmt::format("'{}' holds no run in {} (no {}/time)", path, group, prefix));
  RecordedRun run;
  size_t budget = kMaxRecordedValues, columns = 0;
  run.time = ReadTime(g.get(), fmt::format("'{}': {}/time", path, prefix), budget);
  run.status = h5::ReadStringAttribute(g.get(), "status");
  run.message = h5::ReadStringAttribute(g.get(), "message");
  // Every dataset below the group, in name order (objects, their ports, their states).
  std::vector<std::string> links;
  if (H5Lvisit(g.get(), H5_INDEX_NAME, H5_ITER_INC, CollectDataset, &links) < 0)
    BadInput(h5::Damaged(path));
  for (const std::string& link : links) {
    if (link.substr(link.rfind('/') + 1) == "time") continue;  // The time scale, linked in each.
    const std::string where = fmt::format("'{}': {}/{}", path, prefix, link);
    const Handle ds(H5Dopen2(g.get(), link.c_str(), H5P_DEFAULT));
    if (!ds.valid()) Unreadable(where);
    if (H5DSis_scale(ds.get()) > 0) continue;  // Component indices, labels: coordinates.
    RecordedSignal s;
    s.name = SignalName(link);
    if (s.name.empty()) {
      BadInput(
          fmt::format("{} is not where hawser records a signal ({}/Obj/Port, or "
                      "{}/Obj/state/State for a state)",
                      where, prefix, prefix));
    }
    const Series shape = NumericSeries(ds.get(), where);
    if (shape.rows != run.time.size()) {
      BadInput(fmt::format("{} has {} rows but {}/time has {}; hawser writes them together", where,
                           shape.rows, prefix, run.time.size()));
    }
    columns += shape.width;
    if (columns > kMaxRecordedColumns) {
      BadInput(
          fmt::format("{}: with its {} values per row, the run has more than {} columns, the "
                      "most hawser reads",
                      where, shape.width, kMaxRecordedColumns));
    }
    s.width = static_cast<long>(shape.width);
    s.unit = h5::ReadStringAttribute(ds.get(), "unit");
    if (!wanted || wanted(s)) s.values = ReadValues(ds.get(), shape, where, budget);
    run.signals.push_back(std::move(s));
  }
  return run;
}

ResultFileInfo InspectResultFile(const std::string& path) {
  std::lock_guard lock(Hdf5Mutex());
  const Handle file(h5::OpenResultFile(path));
  ResultFileInfo info;
  info.sweep = h5::HasDataset(file.get(), "cases");
  if (info.sweep) {
    const Handle cases(H5Dopen2(file.get(), "cases", H5P_DEFAULT));
    const Handle space(H5Dget_space(cases.get()));
    info.n_cases =
        static_cast<long>(std::max<hssize_t>(0, H5Sget_simple_extent_npoints(space.get())));
  } else if (!h5::HasDataset(file.get(), "time")) {
    BadInput(fmt::format(
        "'{}' has hawser's attributes but neither a run (/time) nor a sweep's cases (/cases)",
        path));
  }
  return info;
}

}  // namespace hawser
