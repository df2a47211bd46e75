#include "runtime/output/hdf5_run_writer.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <optional>

#include "hawser/errors.h"
#include "runtime/output/chunk_encoding.h"
#include "runtime/output/hdf5_layout.h"
#include "runtime/output/hdf5_scale_links.h"
#include "runtime/output/hdf5_sea.h"
#include "runtime/solve/integrator.h"

namespace hawser {

namespace {

/// Biggest chunk, in rows, and the uncompressed bytes a chunk aims for.
constexpr size_t kMaxRowsPerChunk = 4096;
constexpr size_t kChunkBytes = 256 * 1024;
/// Rows buffered longer than this are written anyway, so that a killed run loses little.
constexpr double kMaxSecondsBetweenFlushes = 1.0;
/// Disk space kept free beyond each batch of rows for the closing attributes (status, message,
/// statistics: a few KiB) and metadata the estimate below misses.
constexpr size_t kReserveBytes = 64 * 1024;
/// Metadata a batch may add per dataset: a chunk-index entry or node, object header updates.
constexpr size_t kMetadataBytesPerDataset = 2048;

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

}  // namespace

struct Hdf5RunWriter::Scales {
  std::map<std::string, PortDimension> dimensions;
  std::map<int, h5::Handle> components;
};

std::vector<SignalMeta> DescribeSignals(const std::vector<LoggedSignal>& signals) {
  std::vector<SignalMeta> out;
  for (const LoggedSignal& s : signals) {
    out.push_back({s.object, s.name, s.is_state, s.unit, s.description, s.simobject_type,
                   static_cast<int>(s.values.size()), s.dims});
  }
  return out;
}

Hdf5RunWriter::Hdf5RunWriter(std::shared_ptr<Hdf5File> file, std::string group)
    : file_(std::move(file)), group_name_(std::move(group)) {}

Hdf5RunWriter::~Hdf5RunWriter() {
  // Reached without Finish only when an exception is on its way: keep what can be kept.
  try {
    if (group_.valid()) FlushRows();
  } catch (...) {
  }
  CloseAll();
}

void Hdf5RunWriter::CloseAll() {
  // Datasets and groups before the file, so that H5Fclose leaves nothing open for HDF5's own
  // shutdown at exit to trip over.
  std::lock_guard lock(Hdf5Mutex());
  datasets_.clear();
  time_.reset();
  group_.reset();
}

void Hdf5RunWriter::Begin(const std::vector<SignalMeta>& signals, const RunInfo& info,
                          size_t n_times) {
  std::lock_guard lock(Hdf5Mutex());
  OpenRunGroup();
  ChooseChunkRows(signals, n_times);
  ReserveLayout(signals, info);
  WriteProvenance(info);  // First, so that even an empty file says what it is.
  CreateTime();
  // Every object's group first, so that a run-level scale never takes an object's name (an
  // object may be called "xyz"; NotAGroup then keeps that dimension's scales in the groups).
  for (const SignalMeta& s : signals) h5::OpenOrCreateGroup(group_.get(), s.object, file_->path());
  Scales scales;
  h5::ScaleLinks links(file_->path());
  row_width_ = 0;
  for (const SignalMeta& s : signals) CreateSignal(s, scales, links);
  links.Write(group_.get());
  times_.reserve(rows_per_chunk_);
  rows_.reserve(rows_per_chunk_ * row_width_);
  file_->Flush();
  // The layout and status "running" are on disk: a new file replaces any earlier one now (a
  // sweep's file was published when its table was written).
  file_->Publish();
  last_flush_ = std::chrono::steady_clock::now();
}

/// The run's group: the root, or a new group replacing any of the same name (a sweep's case).
void Hdf5RunWriter::OpenRunGroup() {
  const std::string& path = file_->path();
  const hid_t file = file_->id();
  if (group_name_.empty() || group_name_ == "/") {
    group_.reset(h5::Check(H5Gopen2(file, "/", H5P_DEFAULT), "opening /", path));
    return;
  }
  const std::string name = group_name_.substr(group_name_[0] == '/' ? 1 : 0);
  if (H5Lexists(file, name.c_str(), H5P_DEFAULT) > 0) H5Ldelete(file, name.c_str(), H5P_DEFAULT);
  group_.reset(h5::Check(H5Gcreate2(file, name.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                         "creating group " + name, path));
}

/// Refuses names that clash with the layout's dimension scales, and sizes a chunk: about
/// kChunkBytes of the widest signal, 16 to kMaxRowsPerChunk rows, no more than the run's rows.
void Hdf5RunWriter::ChooseChunkRows(const std::vector<SignalMeta>& signals, size_t n_times) {
  const std::string& path = file_->path();
  int max_width = 1;
  for (const SignalMeta& s : signals) {
    max_width = std::max(max_width, s.width);
    if (h5::IsDimensionName(s.name)) {
      throw IoError(fmt::format(
          "'{}': {}.{} is named like a dimension scale of the HDF5 layout; rename the port", path,
          s.object, s.name));
    }
    if (h5::IsDimensionName(s.object)) {
      throw IoError(
          fmt::format("'{}': an object named '{}' would clash with the /{} dataset "
                      "of the HDF5 layout (a dimension scale); rename the object",
                      path, s.object, s.object));
    }
  }
  rows_per_chunk_ = std::clamp<size_t>(kChunkBytes / (8 * max_width), 16, kMaxRowsPerChunk);
  if (n_times > 0) rows_per_chunk_ = std::min(rows_per_chunk_, n_times);
}

/// The layout itself must fit, or HDF5 fails half-way and leaves a file nothing can open.
void Hdf5RunWriter::ReserveLayout(const std::vector<SignalMeta>& signals, const RunInfo& info) {
  const size_t layout_bytes = 2 * (info.scenario_text.size() + info.command_line.size()) +
                              (signals.size() + 1) * 2 * kMetadataBytesPerDataset + kReserveBytes;
  if (const int error = file_->Reserve(layout_bytes); error != 0) {
    throw IoError(
        fmt::format("cannot write results to '{}': {}", file_->path(), std::strerror(error)));
  }
}

/// Provenance, the settings and status "running".
void Hdf5RunWriter::WriteProvenance(const RunInfo& info) {
  const hid_t g = group_.get();
  const EngineSettings& e = info.settings;
  h5::SetAttribute(g, "hawser_version", std::string(HAWSER_VERSION));
  h5::SetAttribute(g, "scenario", info.scenario_text);
  h5::SetAttribute(g, "scenario_file", info.scenario_file);
  h5::SetAttribute(g, "command_line", info.command_line);
  h5::SetAttribute(g, "integrator", ToString(e.integrator));
  h5::SetAttribute(g, "linear_solver", ToString(e.linear_solver));
  h5::SetAttribute(g, "abs_tol", e.abs_tol);
  h5::SetAttribute(g, "rel_tol", e.rel_tol);
  h5::SetAttribute(g, "h_min", e.h_min);
  h5::SetAttribute(g, "h_max", e.h_max);
  h5::SetAttribute(g, "step_size", e.step_size);
  h5::SetAttribute(g, "max_steps", static_cast<long>(e.max_steps));
  h5::SetAttribute(g, "max_order", static_cast<long>(e.max_order));
  h5::SetAttribute(g, "t_start", e.output.start);
  h5::SetAttribute(g, "t_end", e.output.end);
  h5::SetAttribute(g, "status", std::string("running"));
  h5::SetAttribute(g, "message", std::string());
  h5::WriteSea(g, info, file_->path());
}

/// G/time, the scale of every dataset's first dimension.
void Hdf5RunWriter::CreateTime() {
  time_ = h5::CreateSeries(group_.get(), "time", {}, rows_per_chunk_, file_->path());
  h5::SetAttribute(time_.get(), "unit", std::string("s"));
  h5::SetAttribute(time_.get(), "description", std::string("output time"));
  h5::Check(H5DSset_scale(time_.get(), "time"), "making /time a dimension scale", file_->path());
}

/// The dataset of one signal in its object's group (or its state group), with its attributes
/// and a scale attached to every dimension.
void Hdf5RunWriter::CreateSignal(const SignalMeta& s, Scales& scales, h5::ScaleLinks& links) {
  const std::string& path = file_->path();
  Dataset d;
  d.width = s.width;
  d.trailing = TrailingShape(s);
  d.offset = row_width_;
  hid_t id = -1;
  std::vector<h5::Handle> declared;
  {
    const h5::Handle object = h5::OpenOrCreateGroup(group_.get(), s.object, path);
    h5::SetAttribute(object.get(), "simobject_type", s.simobject_type);
    const h5::Handle state =
        s.is_state ? h5::OpenOrCreateGroup(object.get(), "state", path) : h5::Handle();
    const hid_t parent = s.is_state ? state.get() : object.get();
    d.id = h5::CreateSeries(parent, s.name, d.trailing, rows_per_chunk_, path);
    id = d.id.get();
    datasets_.push_back(std::move(d));
    declared = DimensionScales(s, parent, scales);
  }
  h5::SetAttribute(id, "unit", s.unit);
  h5::SetAttribute(id, "description", s.description);
  h5::SetAttribute(id, "simobject_type", s.simobject_type);
  // Time's scale on dimension 0, then the declared dimensions' or the components'.
  std::vector<hid_t> attached = {time_.get()};
  for (const h5::Handle& scale : declared) attached.push_back(scale.get());
  if (s.dims.empty() && s.width > 1) attached.push_back(scales.components.at(s.width).get());
  links.Attach(id, attached);
  row_width_ += s.width;
}

// Time's scale is linked into `parent`; then the declared dimensions' (made in `parent`, or
// shared by the run), or the vector's component indices (shared by the run, linked into
// `parent`).
std::vector<h5::Handle> Hdf5RunWriter::DimensionScales(const SignalMeta& s, int64_t parent,
                                                       Scales& scales) {
  const std::string& path = file_->path();
  const hid_t run = group_.get();
  std::vector<h5::Handle> declared;
  h5::LinkScale(run, parent, "time", path);
  for (const PortDimension& dim : s.dims) {
    // One meaning per name in a group: a second use must repeat the size and labels.
    const std::string key = s.object + (s.is_state ? "/state/" : "/") + dim.name;
    auto [made, added] = scales.dimensions.try_emplace(key, dim);
    if (!added && (made->second.size != dim.size || made->second.labels != dim.labels)) {
      throw IoError(
          fmt::format("writing '{}': {} declares dimension '{}' twice, with "
                      "different sizes or labels",
                      path, s.object, dim.name));
    }
    // Labelled dimensions (xyz, wxyz, dof) mean the same everywhere: one scale in the run
    // group, hard-linked into each group that uses it, as the component scales are. Index
    // dimensions (a cable's nodes) have each object's own size: a scale per group.
    auto shared = scales.dimensions.try_emplace("/" + dim.name, dim).first;
    const bool run_level = !dim.labels.empty() && shared->second.size == dim.size &&
                           shared->second.labels == dim.labels;
    if (run_level && h5::NotAGroup(run, dim.name)) {  // (An object may be named "xyz".)
      declared.push_back(h5::DeclaredDimensionScale(run, dim, s.object, path));
      h5::LinkScale(run, parent, dim.name, path);
    } else {
      declared.push_back(h5::DeclaredDimensionScale(parent, dim, s.object, path));
    }
  }
  if (s.dims.empty() && s.width > 1) {
    auto [it, added] = scales.components.try_emplace(s.width);
    if (added) it->second = h5::CreateComponentScale(run, s.width, path);
    h5::LinkScale(run, parent, h5::ComponentDimension(s.width), path);
  }
  return declared;
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
    chunks.push_back(ShuffleDeflate(times_, h5::kDeflateLevel));
    for (const std::vector<double>& column : columns) {
      chunks.push_back(ShuffleDeflate(column, h5::kDeflateLevel));
    }
  }
  std::lock_guard lock(Hdf5Mutex());
  broken_ = true;  // Until the whole batch is written.
  // Dataset `k` of time (0) and the signals (1 ..): its encoded chunk, or its values.
  const auto append = [&](hid_t id, const std::vector<hsize_t>& trailing, size_t k,
                          const double* values) {
    if (whole_chunk) {
      h5::AppendChunk(id, rows_written_, n, trailing, chunks[k], path);
    } else {
      h5::AppendRows(id, rows_written_, n, trailing, values, path);
    }
  };
  append(time_.get(), {}, 0, times_.data());
  for (size_t k = 0; k < datasets_.size(); ++k) {
    append(datasets_[k].id.get(), datasets_[k].trailing, k + 1, columns[k].data());
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
  CloseAll();
  file_.reset();
  if (error) throw *error;
}

void Hdf5RunWriter::WriteEndAttributes(const RunResult& result) {
  std::lock_guard lock(Hdf5Mutex());
  const hid_t g = group_.get();
  ForEachSolverStat(result.stats,
                    [&](const char* name, auto value) { h5::SetAttribute(g, name, value); });
  h5::SetAttribute(g, "rows", result.rows);
  h5::SetAttribute(g, "end_time", result.end_time);
  h5::SetAttribute(g, "wall_seconds", result.wall_seconds);
  h5::SetAttribute(g, "integrator", result.integrator);
  h5::SetAttribute(g, "linear_solver_used", result.linear_solver);
  // Each discrete event on its object's group: e.g. a cable's break_time [s], break_index.
  for (const DiscreteEvent& e : result.events) {
    const h5::Handle object = h5::OpenOrCreateGroup(g, e.object, file_->path());
    h5::SetAttribute(object.get(), (e.kind + "_time").c_str(), e.time);
    h5::SetAttribute(object.get(), (e.kind + "_index").c_str(), e.index);
  }
  // Status last: a file that says "completed" has everything else.
  h5::SetAttribute(g, "message", result.message);
  h5::SetAttribute(g, "status", ToString(result.status));
  file_->Flush();
}

}  // namespace hawser
