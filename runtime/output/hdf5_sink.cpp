#include "runtime/output/hdf5_sink.h"

#include <fmt/format.h>

#include <algorithm>

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
/// at a fraction of the time (compression runs under the HDF5 lock, so it limits sweeps too).
constexpr unsigned kDeflateLevel = 1;

hid_t OpenOrCreateGroup(hid_t parent, const std::string& name, const std::string& path) {
  if (H5Lexists(parent, name.c_str(), H5P_DEFAULT) > 0) {
    return h5::Check(H5Gopen2(parent, name.c_str(), H5P_DEFAULT), "opening group " + name, path);
  }
  return h5::Check(H5Gcreate2(parent, name.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                   "creating group " + name, path);
}

/// A chunked, extendible, compressed dataset of doubles: (0) if width is 1, else (0 x width).
hid_t CreateSeries(hid_t parent, const std::string& name, int width, size_t rows_per_chunk,
                   const std::string& path) {
  const int rank = width == 1 ? 1 : 2;
  const hsize_t dims[2] = {0, static_cast<hsize_t>(width)};
  const hsize_t max_dims[2] = {H5S_UNLIMITED, static_cast<hsize_t>(width)};
  const hsize_t chunk[2] = {rows_per_chunk, static_cast<hsize_t>(width)};
  hid_t space = H5Screate_simple(rank, dims, max_dims);
  hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
  H5Pset_chunk(dcpl, rank, chunk);
  H5Pset_shuffle(dcpl);
  H5Pset_deflate(dcpl, kDeflateLevel);
  hid_t ds =
      H5Dcreate2(parent, name.c_str(), H5T_IEEE_F64LE, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
  H5Pclose(dcpl);
  H5Sclose(space);
  return h5::Check(ds, "creating dataset " + name, path);
}

/// Appends `rows` rows of `width` values (row-major) to a dataset made by CreateSeries.
void AppendTo(hid_t ds, size_t old_rows, size_t rows, int width, const double* data,
              const std::string& path) {
  const int rank = width == 1 ? 1 : 2;
  const hsize_t new_dims[2] = {old_rows + rows, static_cast<hsize_t>(width)};
  h5::Check(H5Dset_extent(ds, new_dims), "extending a dataset", path);
  hid_t file_space = H5Dget_space(ds);
  const hsize_t start[2] = {old_rows, 0};
  const hsize_t count[2] = {rows, static_cast<hsize_t>(width)};
  H5Sselect_hyperslab(file_space, H5S_SELECT_SET, start, nullptr, count, nullptr);
  hid_t mem_space = H5Screate_simple(rank, count, nullptr);
  herr_t status = H5Dwrite(ds, H5T_NATIVE_DOUBLE, mem_space, file_space, H5P_DEFAULT, data);
  H5Sclose(mem_space);
  H5Sclose(file_space);
  h5::Check(status, "writing rows", path);
}

}  // namespace

std::recursive_mutex& Hdf5Mutex() {
  static std::recursive_mutex mutex;
  return mutex;
}

std::vector<SignalMeta> DescribeSignals(const std::vector<LoggedSignal>& signals) {
  std::vector<SignalMeta> out;
  for (const LoggedSignal& s : signals) {
    out.push_back({s.object, s.name, s.is_state, s.unit, s.description, s.simobject_type,
                   static_cast<int>(s.values.size())});
  }
  return out;
}

// ---- Hdf5File ----

std::shared_ptr<Hdf5File> Hdf5File::Create(const std::string& path) {
  std::lock_guard lock(Hdf5Mutex());
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);  // Errors become IoError messages instead.
  // The 1.8 file format: readable by every HDF5 since 2008, and (unlike the 1.10 superblock) it
  // carries no "open for writing" flag that would make a killed run's file unreadable.
  hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
  H5Pset_libver_bounds(fapl, H5F_LIBVER_V18, H5F_LIBVER_V18);
  hid_t id = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl);
  H5Pclose(fapl);
  if (id < 0) {
    const std::string detail = h5::LastError();
    throw IoError(
        fmt::format("cannot write results to '{}'{}{}", path, detail.empty() ? "" : ": ", detail));
  }
  return std::shared_ptr<Hdf5File>(new Hdf5File(id, path));
}

std::shared_ptr<Hdf5File> Hdf5File::OpenReadWrite(const std::string& path) {
  std::lock_guard lock(Hdf5Mutex());
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  hid_t fapl = H5Pcreate(H5P_FILE_ACCESS);
  H5Pset_libver_bounds(fapl, H5F_LIBVER_V18, H5F_LIBVER_V18);
  hid_t id = H5Fopen(path.c_str(), H5F_ACC_RDWR, fapl);
  H5Pclose(fapl);
  if (id < 0) {
    const std::string detail = h5::LastError();
    throw IoError(
        fmt::format("cannot open '{}' for writing{}{}", path, detail.empty() ? "" : ": ", detail));
  }
  return std::shared_ptr<Hdf5File>(new Hdf5File(id, path));
}

Hdf5File::~Hdf5File() {
  std::lock_guard lock(Hdf5Mutex());
  H5Fclose(id_);
}

void Hdf5File::Flush() {
  std::lock_guard lock(Hdf5Mutex());
  h5::Check(H5Fflush(id_, H5F_SCOPE_GLOBAL), "flushing", path_);
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
    if (s.object == "time") {
      throw IoError(
          fmt::format("'{}': an object named 'time' would clash with the /time dataset "
                      "of the HDF5 layout; rename the object",
                      path));
    }
  }
  rows_per_chunk_ = std::clamp<size_t>(kChunkBytes / (8 * max_width), 16, kMaxRowsPerChunk);
  if (n_times > 0) rows_per_chunk_ = std::min(rows_per_chunk_, n_times);

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
  h5::SetAttribute(group_, "t_start", e.output.start);
  h5::SetAttribute(group_, "t_end", e.output.end);
  h5::SetAttribute(group_, "status", std::string("running"));
  h5::SetAttribute(group_, "message", std::string());

  time_ = CreateSeries(group_, "time", 1, rows_per_chunk_, path);
  h5::SetAttribute(time_, "unit", std::string("s"));
  h5::SetAttribute(time_, "description", std::string("output time"));
  h5::Check(H5DSset_scale(time_, "time"), "making /time a dimension scale", path);

  for (const SignalMeta& s : signals) {
    hid_t object = OpenOrCreateGroup(group_, s.object, path);
    h5::SetAttribute(object, "simobject_type", s.simobject_type);
    hid_t parent = s.is_state ? OpenOrCreateGroup(object, "state", path) : object;
    Dataset d;
    d.width = s.width;
    d.offset = row_width_;
    try {
      d.id = CreateSeries(parent, s.name, s.width, rows_per_chunk_, path);
    } catch (...) {
      if (parent != object) H5Gclose(parent);
      H5Gclose(object);
      throw;
    }
    datasets_.push_back(d);
    if (parent != object) H5Gclose(parent);
    H5Gclose(object);
    h5::SetAttribute(d.id, "unit", s.unit);
    h5::SetAttribute(d.id, "description", s.description);
    h5::SetAttribute(d.id, "simobject_type", s.simobject_type);
    h5::Check(H5DSattach_scale(d.id, time_, 0), "attaching the time scale", path);
    row_width_ += s.width;
  }
  times_.reserve(rows_per_chunk_);
  rows_.reserve(rows_per_chunk_ * row_width_);
  file_->Flush();
  last_flush_ = std::chrono::steady_clock::now();
}

void Hdf5RunWriter::AppendRow(double t, std::span<const double> values) {
  times_.push_back(t);
  rows_.insert(rows_.end(), values.begin(), values.end());
  if (times_.size() >= rows_per_chunk_ ||
      std::chrono::duration<double>(std::chrono::steady_clock::now() - last_flush_).count() >
          kMaxSecondsBetweenFlushes) {
    FlushRows();
  }
}

void Hdf5RunWriter::FlushRows() {
  last_flush_ = std::chrono::steady_clock::now();
  const size_t n = times_.size();
  if (n == 0) return;
  std::vector<double> column;
  std::lock_guard lock(Hdf5Mutex());
  const std::string& path = file_->path();
  AppendTo(time_, rows_written_, n, 1, times_.data(), path);
  for (const Dataset& d : datasets_) {
    column.resize(n * d.width);
    for (size_t r = 0; r < n; ++r) {
      std::copy_n(rows_.begin() + r * row_width_ + d.offset, d.width, column.begin() + r * d.width);
    }
    AppendTo(d.id, rows_written_, n, d.width, column.data(), path);
  }
  rows_written_ += n;
  times_.clear();
  rows_.clear();
  file_->Flush();
}

void Hdf5RunWriter::Finish(const RunResult& result) {
  FlushRows();
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
    // Status last: a file that says "completed" has everything else.
    h5::SetAttribute(group_, "message", result.message);
    h5::SetAttribute(group_, "status", ToString(result.status));
    file_->Flush();
  }
  CloseAll();
  file_.reset();
}

// ---- Hdf5Sink ----

Hdf5Sink::Hdf5Sink(const std::string& path) : writer_(Hdf5File::Create(path), "/") {}

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
