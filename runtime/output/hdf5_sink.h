// HDF5 results (docs/design.md, "Output"), written with the serial HDF5 C library.
//
// Layout of one run, under a group G ("/" for `hawser run -o out.h5`, "/case_00042" in a sweep):
//   G/time                   (n)          output times [s]; an HDF5 dimension scale
//   G/<Obj>/<Port>           (n, ...)     width-1 ports are 1-D (n), so that h5py gives a plain
//                                         vector and pandas/xarray a series over time; vectors
//                                         have the dimensions the port declares (PortSpec::dims:
//                                         (n, node, xyz) for a line's NodePositions), else
//                                         (n x width)
//   G/<Obj>/state/<State>    (n, ...)     states, when logged (LogStates / FileOutput), likewise
// Every dimension has a scale: G/time on the first; a declared dimension's labels (xyz: "x",
// "y", "z"; one scale per run in G, hard-linked into each group using it) or indices (node,
// segment: a scale in each group, as sizes differ); an undeclared vector's indices
// G/component<width> (linked likewise). So xarray (h5netcdf) opens any group as a Dataset with
// named dimensions and coordinates. Datasets carry the attributes `unit`, `description` and
// `simobject_type`; object groups carry `simobject_type`.
// G's attributes: hawser_version, scenario (XML text), scenario_file, command_line, the
// integrator settings (integrator, linear_solver, abs_tol, rel_tol, h_min, h_max, step_size,
// max_steps, t_start, t_end), `status` ("running" until the run ends, then completed | failed |
// interrupted), `message`, and at the end the solver statistics (steps, rhs_evals,
// jacobian_evals, linear_setups, error_test_failures, nonlinear_iterations,
// nonlinear_conv_failures, last_step), rows, end_time and wall_seconds.
//
// Datasets are chunked, extendible and compressed (shuffle + deflate). Rows are buffered in
// memory and written one chunk at a time (or at least once a second), each write followed by
// H5Fflush: memory does not grow with run length, and a run that fails, is interrupted or even
// killed leaves a readable file holding the rows written so far. Chunks hold at most the run's
// number of output times, and the chunk index (a B-tree per dataset) is sized from the expected
// number of chunks, so a short run of a big model gives a small file.
//
// A full disk: HDF5 cannot undo a write that failed half-way (the file's superblock would then
// name an end of file beyond the real one, and nothing could open it). So before each batch of
// rows the writer reserves the disk space it may need (fallocate) plus kReserveBytes for the
// closing attributes. When the reservation fails, no row of that batch is written: the batch is
// dropped, status becomes "failed" with the system's reason, and the file holds every row
// written before. The estimate is generous but not a proof (another process may take the space
// between reservation and write).
//
// The serial HDF5 library is not thread-safe: every HDF5 call in hawser holds Hdf5Mutex(). So
// that a sweep's threads do not compress one at a time, a whole chunk is shuffled and deflated by
// the thread that writes the run, outside the lock (chunk_encoding.h), and stored with
// H5Dwrite_chunk; only the rest of a chunk (a run's last rows, a timed flush) goes through
// HDF5's filters under the lock. Flushes end at chunk boundaries, so chunks start whole.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "runtime/output/replacing_file.h"
#include "runtime/output/sink.h"

namespace hawser {

/// Held around every HDF5 library call in the process (the serial library is not thread-safe).
std::recursive_mutex& Hdf5Mutex();

/// What a result file records about one logged signal (a LoggedSignal without its view).
struct SignalMeta {
  std::string object;
  std::string name;
  bool is_state = false;
  std::string unit;
  std::string description;
  std::string simobject_type;
  int width = 1;
  std::vector<PortDimension> dims;  ///< LoggedSignal::dims.
};

std::vector<SignalMeta> DescribeSignals(const std::vector<LoggedSignal>& signals);

/// Chunks per dataset of a run with `n_times` rows (chunks hold at least 16 rows, or all), for
/// Hdf5File::Create's `expected_chunks`.
size_t ExpectedChunks(size_t n_times);

/// An open HDF5 file; closed when the last owner lets go. Throws IoError when it cannot be
/// created or opened.
class Hdf5File {
 public:
  /// Creates a new file for `path`, under a temporary name until Publish (replacing_file.h).
  /// `expected_chunks` (per dataset; 0 = unknown) sizes the chunk index. Throws IoError with the
  /// system's reason when the file cannot be created, or another process holds `path` open.
  static std::shared_ptr<Hdf5File> Create(const std::string& path, size_t expected_chunks = 0);
  /// Opens an existing file for reading and writing.
  static std::shared_ptr<Hdf5File> OpenReadWrite(const std::string& path);
  ~Hdf5File();
  Hdf5File(const Hdf5File&) = delete;
  Hdf5File& operator=(const Hdf5File&) = delete;

  int64_t id() const { return id_; }  ///< The hid_t.
  const std::string& path() const { return path_; }
  /// H5Fflush: everything written so far reaches the file.
  void Flush();
  /// A created file, once consistent, replaces any earlier file at its path (the temporary is
  /// renamed); later calls, and calls on an opened file, do nothing. Throws IoError.
  void Publish();
  /// Makes sure the disk holds `bytes` more than the file's allocated size (fallocate). Returns
  /// 0, or the errno (ENOSPC, EFBIG past the file size limit) when it does not.
  int Reserve(size_t bytes);

 private:
  Hdf5File(int64_t id, std::string path, std::unique_ptr<ReplacingFile> replacing);
  int64_t id_;
  std::string path_;
  std::unique_ptr<ReplacingFile> replacing_;  ///< Until Publish, the file is a temporary.
  int fd_ = -1;                               ///< The same file, for fallocate.
};

/// Writes one run in the layout above into `group` of an open file. Rows are buffered and
/// written in chunks. Safe to use from several threads on one file (one writer per group).
class Hdf5RunWriter {
 public:
  /// `group` is "/" or a path such as "/case_00003" (created, replacing any existing one).
  Hdf5RunWriter(std::shared_ptr<Hdf5File> file, std::string group);
  ~Hdf5RunWriter();
  Hdf5RunWriter(const Hdf5RunWriter&) = delete;
  Hdf5RunWriter& operator=(const Hdf5RunWriter&) = delete;

  /// Creates the datasets and writes provenance with status "running", flushes and publishes
  /// the file (Hdf5File::Publish). `n_times` (the number of output times, 0 if unknown) bounds
  /// the chunk size.
  void Begin(const std::vector<SignalMeta>& signals, const RunInfo& info, size_t n_times);
  /// Appends one row: `values` holds every signal's values, in order (sum of widths).
  void AppendRow(double t, std::span<const double> values);
  /// Writes the remaining rows, the statistics, the status and the message; flushes.
  void Finish(const RunResult& result);

 private:
  struct Dataset {
    int64_t id = -1;
    int width = 1;
    std::vector<unsigned long long> trailing;  ///< Its dimensions after time (hsize_t).
    size_t offset = 0;                         ///< First column of this signal in a row.
  };
  void FlushRows();
  void CloseAll();
  /// Writes statistics, message and status (status last).
  void WriteEndAttributes(const RunResult& result);

  std::shared_ptr<Hdf5File> file_;
  std::string group_name_;
  int64_t group_ = -1;
  int64_t time_ = -1;
  std::vector<Dataset> datasets_;
  size_t row_width_ = 0;
  size_t rows_per_chunk_ = 1024;
  size_t rows_written_ = 0;
  double last_time_written_ = 0.0;
  bool broken_ = false;        ///< A batch of rows could not be written: write no more rows.
  std::vector<double> times_;  ///< Buffered rows not yet written.
  std::vector<double> rows_;
  std::chrono::steady_clock::time_point last_flush_;
};

/// The Sink that `hawser run -o out.h5` uses: a whole file, or one group of a shared file.
class Hdf5Sink final : public Sink {
 public:
  /// Creates a new file for `path`, which replaces any earlier one once Begin has written the
  /// layout; throws IoError if it cannot. `n_times`: the run's number of output times (0 =
  /// unknown), for the chunk sizes.
  explicit Hdf5Sink(const std::string& path, size_t n_times = 0);
  /// Writes into `group` of an already open file (sweeps).
  Hdf5Sink(std::shared_ptr<Hdf5File> file, std::string group);

  void Begin(const std::vector<LoggedSignal>& signals, const RunInfo& info) override;
  void Write(double t) override;
  void Finish(const RunResult& result) override;

 private:
  Hdf5RunWriter writer_;
  std::vector<LoggedSignal> signals_;
  std::vector<double> row_;
};

}  // namespace hawser
