#include "runtime/output/hdf5_sink.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <optional>

#include "runtime/output/chunk_encoding.h"
#include "runtime/output/hdf5_util.h"

namespace hawser {

static_assert(sizeof(hid_t) == sizeof(int64_t), "hid_t is stored as int64_t");

namespace {

/// Biggest chunk, in rows, and the uncompressed bytes a chunk aims for.
constexpr size_t kMaxRowsPerChunk = 4096;
constexpr size_t kChunkBytes = 256 * 1024;
/// Rows buffered longer than this are written anyway, so that a killed run loses little.
constexpr double kMaxSecondsBetweenFlushes = 1.0;
/// Deflate level 1: with shuffle it compresses simulation output nearly as well as higher levels,
/// at a fraction of the time (a partial chunk is still compressed under the HDF5 lock).
constexpr unsigned kDeflateLevel = 1;
/// Disk space kept free beyond each batch of rows for the closing attributes (status, message,
/// statistics: a few KiB) and metadata the estimate below misses.
constexpr size_t kReserveBytes = 64 * 1024;
/// Metadata a batch may add per dataset: a chunk-index entry or node, object header updates.
constexpr size_t kMetadataBytesPerDataset = 2048;

hid_t OpenOrCreateGroup(hid_t parent, const std::string& name, const std::string& path) {
  if (H5Lexists(parent, name.c_str(), H5P_DEFAULT) > 0) {
    return h5::Check(H5Gopen2(parent, name.c_str(), H5P_DEFAULT), "opening group " + name, path);
  }
  return h5::Check(H5Gcreate2(parent, name.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                   "creating group " + name, path);
}

/// The dimensions of a signal's values after time, as its dataset has them: none for a scalar,
/// (width) for a vector without declared dimensions, else the declared sizes.
std::vector<hsize_t> TrailingShape(const SignalMeta& s) {
  std::vector<hsize_t> shape;
  if (!s.dims.empty()) {
    for (const PortDimension& d : s.dims) shape.push_back(static_cast<hsize_t>(d.size));
  } else if (s.width != 1) {
    shape.push_back(static_cast<hsize_t>(s.width));
  }
  return shape;
}

/// A chunked, extendible, compressed dataset of doubles: (0) followed by `trailing`.
hid_t CreateSeries(hid_t parent, const std::string& name, const std::vector<hsize_t>& trailing,
                   size_t rows_per_chunk, const std::string& path) {
  std::vector<hsize_t> dims{0}, max_dims{H5S_UNLIMITED}, chunk{rows_per_chunk};
  for (hsize_t n : trailing) {
    dims.push_back(n);
    max_dims.push_back(n);
    chunk.push_back(n);
  }
  const int rank = static_cast<int>(dims.size());
  hid_t space = H5Screate_simple(rank, dims.data(), max_dims.data());
  hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
  H5Pset_chunk(dcpl, rank, chunk.data());
  H5Pset_shuffle(dcpl);
  H5Pset_deflate(dcpl, kDeflateLevel);
  hid_t ds =
      H5Dcreate2(parent, name.c_str(), H5T_IEEE_F64LE, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
  H5Pclose(dcpl);
  H5Sclose(space);
  return h5::Check(ds, "creating dataset " + name, path);
}

/// The dimension scale of a declared dimension, in the group `parent` that holds the datasets
/// using it (xarray reads coordinates from the group it opens; sizes differ from object to
/// object, a cable's nodes, so each group has its own): created on first use as the labels
/// (variable-length strings) or the indices 0 .. size - 1. Returns an open id.
hid_t DeclaredDimensionScale(hid_t parent, const PortDimension& d, const std::string& object,
                             const std::string& path) {
  if (H5Lexists(parent, d.name.c_str(), H5P_DEFAULT) > 0) {
    hid_t ds = h5::Check(H5Dopen2(parent, d.name.c_str(), H5P_DEFAULT),
                         "opening dimension " + d.name, path);
    hid_t space = H5Dget_space(ds);
    hsize_t size = 0;
    H5Sget_simple_extent_dims(space, &size, nullptr);
    H5Sclose(space);
    if (H5DSis_scale(ds) <= 0 || size != static_cast<hsize_t>(d.size)) {
      H5Dclose(ds);
      throw IoError(
          fmt::format("writing '{}': {} declares dimension '{}' of size {} beside "
                      "another '{}' of size {}",
                      path, object, d.name, d.size, d.name, size));
    }
    return ds;
  }
  const hsize_t dims[1] = {static_cast<hsize_t>(d.size)};
  hid_t space = H5Screate_simple(1, dims, nullptr);
  hid_t ds = -1;
  if (d.labels.empty()) {
    ds = H5Dcreate2(parent, d.name.c_str(), H5T_STD_I32LE, space, H5P_DEFAULT, H5P_DEFAULT,
                    H5P_DEFAULT);
    std::vector<int> index(static_cast<size_t>(d.size));
    for (int i = 0; i < d.size; ++i) index[static_cast<size_t>(i)] = i;
    if (ds >= 0) H5Dwrite(ds, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, index.data());
  } else {
    hid_t type = H5Tcopy(H5T_C_S1);
    H5Tset_size(type, H5T_VARIABLE);
    H5Tset_cset(type, H5T_CSET_UTF8);
    ds = H5Dcreate2(parent, d.name.c_str(), type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
    std::vector<const char*> labels;
    for (const std::string& label : d.labels) labels.push_back(label.c_str());
    hid_t dxpl = h5::SmallWriteTransfer(type, labels.size());
    if (ds >= 0) H5Dwrite(ds, type, H5S_ALL, H5S_ALL, dxpl, labels.data());
    H5Pclose(dxpl);
    H5Tclose(type);
  }
  H5Sclose(space);
  h5::Check(ds, "creating dimension " + d.name, path);
  h5::Check(H5DSset_scale(ds, d.name.c_str()), "making " + d.name + " a dimension scale", path);
  h5::SetAttribute(ds, "unit", std::string("-"));
  h5::SetAttribute(ds, "description",
                   d.labels.empty() ? fmt::format("{} index (the CSV columns run over it)", d.name)
                                    : fmt::format("{} label", d.name));
  return ds;
}

/// The name of the dimension scale of a vector's components: "component3" for width 3.
std::string ComponentDimension(int width) { return fmt::format("component{}", width); }

/// True for names the layout uses for its dimension scales ("time", "component<digits>").
bool IsDimensionName(const std::string& name) {
  if (name == "time") return true;
  const std::string stem = "component";
  return name.size() > stem.size() && name.compare(0, stem.size(), stem) == 0 &&
         std::all_of(name.begin() + static_cast<long>(stem.size()), name.end(),
                     [](char c) { return c >= '0' && c <= '9'; });
}

/// A dimension scale 0, 1, ..., width - 1 in `group` for the second dimension of the
/// (n x width) datasets, so that every dimension has a name and a coordinate (netCDF / xarray).
hid_t CreateComponentScale(hid_t group, int width, const std::string& path) {
  const std::string name = ComponentDimension(width);
  const hsize_t dims[1] = {static_cast<hsize_t>(width)};
  hid_t space = H5Screate_simple(1, dims, nullptr);
  hid_t ds = h5::Check(
      H5Dcreate2(group, name.c_str(), H5T_STD_I32LE, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
      "creating dataset " + name, path);
  H5Sclose(space);
  std::vector<int> index(static_cast<size_t>(width));
  for (int i = 0; i < width; ++i) index[static_cast<size_t>(i)] = i;
  h5::Check(H5Dwrite(ds, H5T_NATIVE_INT, H5S_ALL, H5S_ALL, H5P_DEFAULT, index.data()),
            "writing " + name, path);
  h5::Check(H5DSset_scale(ds, name.c_str()), "making " + name + " a dimension scale", path);
  h5::SetAttribute(ds, "unit", std::string("-"));
  h5::SetAttribute(ds, "description",
                   std::string("component index i of a vector signal (the CSV column [i])"));
  return ds;
}

/// True unless `group` has a group called `name` (an object of that name).
bool NotAGroup(hid_t group, const std::string& name) {
  if (H5Lexists(group, name.c_str(), H5P_DEFAULT) <= 0) return true;
  H5O_info_t info;
  if (H5Oget_info_by_name2(group, name.c_str(), &info, H5O_INFO_BASIC, H5P_DEFAULT) < 0)
    return false;
  return info.type != H5O_TYPE_GROUP;
}

/// Makes the run group's dimension scale `name` visible in `group` too, as a hard link to the same
/// dataset (no copy): xarray reads coordinates only from the group it opens.
void LinkScale(hid_t run_group, hid_t group, const std::string& name, const std::string& path) {
  if (H5Lexists(group, name.c_str(), H5P_DEFAULT) > 0) return;
  h5::Check(H5Lcreate_hard(run_group, name.c_str(), group, name.c_str(), H5P_DEFAULT, H5P_DEFAULT),
            "linking " + name, path);
}

/// Appends `rows` rows (row-major, each the product of `trailing` values) to a dataset made by
/// CreateSeries.
void AppendTo(hid_t ds, size_t old_rows, size_t rows, const std::vector<hsize_t>& trailing,
              const double* data, const std::string& path) {
  std::vector<hsize_t> new_dims{old_rows + rows}, start{old_rows}, count{rows};
  for (hsize_t n : trailing) {
    new_dims.push_back(n);
    start.push_back(0);
    count.push_back(n);
  }
  h5::Check(H5Dset_extent(ds, new_dims.data()), "extending a dataset", path);
  hid_t file_space = H5Dget_space(ds);
  H5Sselect_hyperslab(file_space, H5S_SELECT_SET, start.data(), nullptr, count.data(), nullptr);
  hid_t mem_space = H5Screate_simple(static_cast<int>(count.size()), count.data(), nullptr);
  herr_t status = H5Dwrite(ds, H5T_NATIVE_DOUBLE, mem_space, file_space, H5P_DEFAULT, data);
  H5Sclose(mem_space);
  H5Sclose(file_space);
  h5::Check(status, "writing rows", path);
}

/// Appends one whole chunk of `rows` rows, already encoded by ShuffleDeflate, to a dataset made by
/// CreateSeries whose row count `old_rows` is a multiple of `rows` (its chunk's rows).
void AppendChunk(hid_t ds, size_t old_rows, size_t rows, const std::vector<hsize_t>& trailing,
                 const std::vector<unsigned char>& chunk, const std::string& path) {
  std::vector<hsize_t> new_dims{old_rows + rows}, offset{old_rows};
  for (hsize_t n : trailing) {
    new_dims.push_back(n);
    offset.push_back(0);
  }
  h5::Check(H5Dset_extent(ds, new_dims.data()), "extending a dataset", path);
  // Filter mask 0: every filter of the pipeline (shuffle, deflate) was applied.
  h5::Check(H5Dwrite_chunk(ds, H5P_DEFAULT, 0, offset.data(), chunk.size(), chunk.data()),
            "writing rows", path);
}

}  // namespace

std::vector<SignalMeta> DescribeSignals(const std::vector<LoggedSignal>& signals) {
  std::vector<SignalMeta> out;
  for (const LoggedSignal& s : signals) {
    out.push_back({s.object, s.name, s.is_state, s.unit, s.description, s.simobject_type,
                   static_cast<int>(s.values.size()), s.dims});
  }
  return out;
}

// ---- Hdf5RunWriter ----

Hdf5RunWriter::Hdf5RunWriter(std::shared_ptr<Hdf5File> file, std::string group)
    : file_(std::move(file)), group_name_(std::move(group)) {}

Hdf5RunWriter::~Hdf5RunWriter() {
  // Reached without Finish only when an exception is on its way: keep what can be kept.
  try {
    if (group_ >= 0) FlushRows();
  } catch (...) {
  }
  CloseAll();
}

void Hdf5RunWriter::CloseAll() {
  std::lock_guard lock(Hdf5Mutex());
  for (Dataset& d : datasets_) h5::Close(d.id);
  datasets_.clear();
  h5::Close(time_);
  h5::Close(group_);
  time_ = group_ = -1;
}

void Hdf5RunWriter::Begin(const std::vector<SignalMeta>& signals, const RunInfo& info,
                          size_t n_times) {
  std::lock_guard lock(Hdf5Mutex());
  const std::string& path = file_->path();
  const hid_t file = file_->id();
  if (group_name_.empty() || group_name_ == "/") {
    group_ = h5::Check(H5Gopen2(file, "/", H5P_DEFAULT), "opening /", path);
  } else {
    const std::string name = group_name_.substr(group_name_[0] == '/' ? 1 : 0);
    if (H5Lexists(file, name.c_str(), H5P_DEFAULT) > 0) H5Ldelete(file, name.c_str(), H5P_DEFAULT);
    group_ = h5::Check(H5Gcreate2(file, name.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                       "creating group " + name, path);
  }

  int max_width = 1;
  row_width_ = 0;
  for (const SignalMeta& s : signals) {
    max_width = std::max(max_width, s.width);
    if (IsDimensionName(s.name)) {
      throw IoError(fmt::format(
          "'{}': {}.{} is named like a dimension scale of the HDF5 layout; rename the port", path,
          s.object, s.name));
    }
    if (IsDimensionName(s.object)) {
      throw IoError(
          fmt::format("'{}': an object named '{}' would clash with the /{} dataset "
                      "of the HDF5 layout (a dimension scale); rename the object",
                      path, s.object, s.object));
    }
  }
  rows_per_chunk_ = std::clamp<size_t>(kChunkBytes / (8 * max_width), 16, kMaxRowsPerChunk);
  if (n_times > 0) rows_per_chunk_ = std::min(rows_per_chunk_, n_times);

  // The layout itself must fit, or HDF5 fails half-way and leaves a file nothing can open.
  const size_t layout_bytes = 2 * (info.scenario_text.size() + info.command_line.size()) +
                              (signals.size() + 1) * 2 * kMetadataBytesPerDataset + kReserveBytes;
  if (const int error = file_->Reserve(layout_bytes); error != 0) {
    throw IoError(fmt::format("cannot write results to '{}': {}", path, std::strerror(error)));
  }

  // Provenance and settings first, so that even an empty file says what it is.
  const EngineSettings& e = info.settings;
  h5::SetAttribute(group_, "hawser_version", std::string(HAWSER_VERSION));
  h5::SetAttribute(group_, "scenario", info.scenario_text);
  h5::SetAttribute(group_, "scenario_file", info.scenario_file);
  h5::SetAttribute(group_, "command_line", info.command_line);
  h5::SetAttribute(group_, "integrator", ToString(e.integrator));
  h5::SetAttribute(group_, "linear_solver", ToString(e.linear_solver));
  h5::SetAttribute(group_, "abs_tol", e.abs_tol);
  h5::SetAttribute(group_, "rel_tol", e.rel_tol);
  h5::SetAttribute(group_, "h_min", e.h_min);
  h5::SetAttribute(group_, "h_max", e.h_max);
  h5::SetAttribute(group_, "step_size", e.step_size);
  h5::SetAttribute(group_, "max_steps", static_cast<long>(e.max_steps));
  h5::SetAttribute(group_, "max_order", static_cast<long>(e.max_order));
  h5::SetAttribute(group_, "t_start", e.output.start);
  h5::SetAttribute(group_, "t_end", e.output.end);
  h5::SetAttribute(group_, "status", std::string("running"));
  h5::SetAttribute(group_, "message", std::string());

  time_ = CreateSeries(group_, "time", {}, rows_per_chunk_, path);
  h5::SetAttribute(time_, "unit", std::string("s"));
  h5::SetAttribute(time_, "description", std::string("output time"));
  h5::Check(H5DSset_scale(time_, "time"), "making /time a dimension scale", path);
  std::map<int, hid_t> component_scales;  // width -> its scale; closed when Begin ends
  struct CloseScales {
    std::map<int, hid_t>& scales;
    ~CloseScales() {
      for (auto& [width, id] : scales) h5::Close(id);
    }
  } close_scales{component_scales};

  // Every object's group first, so that a run-level scale never takes an object's name (an
  // object may be called "xyz"; NotAGroup then keeps that dimension's scales in the groups).
  for (const SignalMeta& s : signals) H5Gclose(OpenOrCreateGroup(group_, s.object, path));
  std::map<std::string, PortDimension> dimensions;  // "Obj/name", "Obj/state/name": as made
  for (const SignalMeta& s : signals) {
    hid_t object = OpenOrCreateGroup(group_, s.object, path);
    h5::SetAttribute(object, "simobject_type", s.simobject_type);
    hid_t parent = s.is_state ? OpenOrCreateGroup(object, "state", path) : object;
    Dataset d;
    d.width = s.width;
    d.trailing = TrailingShape(s);
    d.offset = row_width_;
    try {
      d.id = CreateSeries(parent, s.name, d.trailing, rows_per_chunk_, path);
    } catch (...) {
      if (parent != object) H5Gclose(parent);
      H5Gclose(object);
      throw;
    }
    datasets_.push_back(d);
    // Every dimension's scale: time, then the declared dimensions' (made in `parent`), or the
    // vector's component indices (shared by the run, linked into `parent`).
    std::vector<hid_t> declared_scales;
    std::string scale_error;
    try {
      LinkScale(group_, parent, "time", path);
      for (const PortDimension& dim : s.dims) {
        // One meaning per name in a group: a second use must repeat the size and labels.
        const std::string key = s.object + (s.is_state ? "/state/" : "/") + dim.name;
        auto [made, added] = dimensions.try_emplace(key, dim);
        if (!added && (made->second.size != dim.size || made->second.labels != dim.labels)) {
          throw IoError(
              fmt::format("writing '{}': {} declares dimension '{}' twice, with "
                          "different sizes or labels",
                          path, s.object, dim.name));
        }
        // Labelled dimensions (xyz, wxyz, dof) mean the same everywhere: one scale in the run
        // group, hard-linked into each group that uses it, as the component scales are. Index
        // dimensions (a cable's nodes) have each object's own size: a scale per group.
        auto shared = dimensions.try_emplace("/" + dim.name, dim).first;
        const bool run_level = !dim.labels.empty() && shared->second.size == dim.size &&
                               shared->second.labels == dim.labels;
        if (run_level && NotAGroup(group_, dim.name)) {  // (An object may be named "xyz".)
          declared_scales.push_back(DeclaredDimensionScale(group_, dim, s.object, path));
          LinkScale(group_, parent, dim.name, path);
        } else {
          declared_scales.push_back(DeclaredDimensionScale(parent, dim, s.object, path));
        }
      }
      if (s.dims.empty() && s.width > 1) {
        auto [it, added] = component_scales.try_emplace(s.width, -1);
        if (added) it->second = CreateComponentScale(group_, s.width, path);
        LinkScale(group_, parent, ComponentDimension(s.width), path);
      }
    } catch (const IoError& failed) {
      scale_error = failed.what();
    }
    if (parent != object) H5Gclose(parent);
    H5Gclose(object);
    h5::SetAttribute(d.id, "unit", s.unit);
    h5::SetAttribute(d.id, "description", s.description);
    h5::SetAttribute(d.id, "simobject_type", s.simobject_type);
    if (scale_error.empty()) {
      const herr_t attached = H5DSattach_scale(d.id, time_, 0);
      for (size_t k = 0; k < declared_scales.size() && attached >= 0; ++k) {
        if (H5DSattach_scale(d.id, declared_scales[k], static_cast<unsigned>(k + 1)) < 0)
          scale_error = "attaching the scale of dimension " + s.dims[k].name;
      }
      if (attached < 0) scale_error = "attaching the time scale";
      if (scale_error.empty() && s.dims.empty() && s.width > 1 &&
          H5DSattach_scale(d.id, component_scales.at(s.width), 1) < 0) {
        scale_error = "attaching a component scale";
      }
      if (!scale_error.empty()) scale_error = fmt::format("writing '{}': {}", path, scale_error);
    }
    for (hid_t scale : declared_scales) H5Dclose(scale);
    if (!scale_error.empty()) throw IoError(scale_error);
    row_width_ += s.width;
  }
  times_.reserve(rows_per_chunk_);
  rows_.reserve(rows_per_chunk_ * row_width_);
  file_->Flush();
  // The layout and status "running" are on disk: a new file replaces any earlier one now (a
  // sweep's file was published when its table was written).
  file_->Publish();
  last_flush_ = std::chrono::steady_clock::now();
}

void Hdf5RunWriter::AppendRow(double t, std::span<const double> values) {
  times_.push_back(t);
  rows_.insert(rows_.end(), values.begin(), values.end());
  // At each chunk boundary (after a flush of part of a chunk, the rest of it), or after a while.
  if ((rows_written_ + times_.size()) % rows_per_chunk_ == 0 ||
      std::chrono::duration<double>(std::chrono::steady_clock::now() - last_flush_).count() >
          kMaxSecondsBetweenFlushes) {
    FlushRows();
  }
}

void Hdf5RunWriter::FlushRows() {
  last_flush_ = std::chrono::steady_clock::now();
  const size_t n = times_.size();
  if (n == 0 || broken_) return;
  const std::string& path = file_->path();
  // The batch's values, twice (a partly filled chunk is rewritten elsewhere), its index entries,
  // and room for the closing attributes: if the disk lacks it, write none of the batch.
  const size_t need = 2 * n * (row_width_ + 1) * sizeof(double) +
                      (datasets_.size() + 1) * kMetadataBytesPerDataset + kReserveBytes;
  if (const int error = file_->Reserve(need); error != 0) {
    broken_ = true;
    const size_t lost = n;
    times_.clear();
    rows_.clear();
    throw IoError(fmt::format(
        "writing '{}' failed: {}; the file holds the {} rows up to t = {}, the next {} did not fit",
        path, std::strerror(error), rows_written_, last_time_written_, lost));
  }
  // Each dataset's values (time's, then each signal's), gathered outside the HDF5 lock. A batch
  // that is one whole chunk (flushes end at chunk boundaries) is also shuffled and deflated here,
  // so that a sweep's threads compress in parallel, and written as it is; the part of a chunk
  // that a run's end or a timed flush writes goes through HDF5's own filters.
  std::vector<std::vector<double>> columns(datasets_.size());
  for (size_t k = 0; k < datasets_.size(); ++k) {
    const Dataset& d = datasets_[k];
    columns[k].resize(n * d.width);
    for (size_t r = 0; r < n; ++r) {
      std::copy_n(rows_.begin() + r * row_width_ + d.offset, d.width,
                  columns[k].begin() + r * d.width);
    }
  }
  const bool whole_chunk = n == rows_per_chunk_ && rows_written_ % rows_per_chunk_ == 0;
  std::vector<std::vector<unsigned char>> chunks;
  if (whole_chunk) {
    chunks.push_back(ShuffleDeflate(times_, kDeflateLevel));
    for (const std::vector<double>& column : columns) {
      chunks.push_back(ShuffleDeflate(column, kDeflateLevel));
    }
  }
  std::lock_guard lock(Hdf5Mutex());
  broken_ = true;  // Until the whole batch is written.
  // Dataset `k` of time (0) and the signals (1 ..): its encoded chunk, or its values.
  const auto append = [&](hid_t id, const std::vector<hsize_t>& trailing, size_t k,
                          const double* values) {
    if (whole_chunk) {
      AppendChunk(id, rows_written_, n, trailing, chunks[k], path);
    } else {
      AppendTo(id, rows_written_, n, trailing, values, path);
    }
  };
  append(time_, {}, 0, times_.data());
  for (size_t k = 0; k < datasets_.size(); ++k) {
    append(datasets_[k].id, datasets_[k].trailing, k + 1, columns[k].data());
  }
  rows_written_ += n;
  last_time_written_ = times_.back();
  times_.clear();
  rows_.clear();
  file_->Flush();
  broken_ = false;
}

void Hdf5RunWriter::Finish(const RunResult& result) {
  RunResult end = result;
  std::optional<IoError> error;
  try {
    FlushRows();
  } catch (const IoError& e) {  // The last rows did not fit: the file says so.
    error = e;
    end.status = RunStatus::kFailed;
    end.message = e.what();
  }
  // What the file holds, which is less than the run computed if rows did not fit.
  end.rows = static_cast<long>(rows_written_);
  if (rows_written_ > 0) end.end_time = last_time_written_;
  try {
    WriteEndAttributes(end);
  } catch (const IoError& e) {
    if (!error) error = e;
  }
  // Datasets and groups before the file, so that H5Fclose leaves nothing open for HDF5's own
  // shutdown at exit to trip over.
  CloseAll();
  file_.reset();
  if (error) throw *error;
}

void Hdf5RunWriter::WriteEndAttributes(const RunResult& result) {
  {
    std::lock_guard lock(Hdf5Mutex());
    const SolverStats& st = result.stats;
    h5::SetAttribute(group_, "steps", st.steps);
    h5::SetAttribute(group_, "rhs_evals", st.rhs_evals);
    h5::SetAttribute(group_, "jacobian_evals", st.jacobian_evals);
    h5::SetAttribute(group_, "linear_setups", st.linear_setups);
    h5::SetAttribute(group_, "error_test_failures", st.error_test_failures);
    h5::SetAttribute(group_, "nonlinear_iterations", st.nonlinear_iterations);
    h5::SetAttribute(group_, "nonlinear_conv_failures", st.nonlinear_conv_failures);
    h5::SetAttribute(group_, "last_step", st.last_step);
    h5::SetAttribute(group_, "rows", result.rows);
    h5::SetAttribute(group_, "end_time", result.end_time);
    h5::SetAttribute(group_, "wall_seconds", result.wall_seconds);
    h5::SetAttribute(group_, "integrator", result.integrator);
    h5::SetAttribute(group_, "linear_solver_used", result.linear_solver);
    // Each discrete event on its object's group: e.g. a cable's break_time [s], break_index.
    for (const DiscreteEvent& e : result.events) {
      const hid_t object = OpenOrCreateGroup(group_, e.object, file_->path());
      h5::SetAttribute(object, (e.kind + "_time").c_str(), e.time);
      h5::SetAttribute(object, (e.kind + "_index").c_str(), e.index);
      H5Gclose(object);
    }
    // Status last: a file that says "completed" has everything else.
    h5::SetAttribute(group_, "message", result.message);
    h5::SetAttribute(group_, "status", ToString(result.status));
    file_->Flush();
  }
}

// ---- Hdf5Sink ----

namespace {}  // namespace

size_t ExpectedChunks(size_t n_times) { return n_times == 0 ? 0 : (n_times + 15) / 16; }

Hdf5Sink::Hdf5Sink(const std::string& path, size_t n_times)
    : writer_(Hdf5File::Create(path, ExpectedChunks(n_times)), "/") {}

Hdf5Sink::Hdf5Sink(std::shared_ptr<Hdf5File> file, std::string group)
    : writer_(std::move(file), std::move(group)) {}

void Hdf5Sink::Begin(const std::vector<LoggedSignal>& signals, const RunInfo& info) {
  signals_ = signals;
  writer_.Begin(DescribeSignals(signals), info, info.settings.output.times.size());
}

void Hdf5Sink::Write(double t) {
  row_.clear();
  for (const LoggedSignal& s : signals_) row_.insert(row_.end(), s.values.begin(), s.values.end());
  writer_.AppendRow(t, row_);
}

void Hdf5Sink::Finish(const RunResult& result) { writer_.Finish(result); }

}  // namespace hawser
