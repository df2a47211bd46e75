// Hdf5RunWriter: one run written into an HDF5 result file (docs/design.md, "Output"), with the
// serial HDF5 C library; the file itself, its disk reservation and lock are hdf5_file.h's.
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
// nonlinear_conv_failures, last_step), rows, end_time and wall_seconds; with waves, the sea's
// wave_components and wave_ramp (hdf5_sea.h).
//
// Datasets are chunked, extendible and compressed (shuffle + deflate). Rows are buffered in
// memory and written one chunk at a time (or at least once a second), each write followed by
// H5Fflush: memory does not grow with run length, and a run that fails, is interrupted or even
// killed leaves a readable file holding the rows written so far. Chunks hold at most the run's
// number of output times, and the chunk index (a B-tree per dataset) is sized from the expected
// number of chunks, so a short run of a big model gives a small file.
#pragma once

#include <chrono>
#include <cstddef>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "runtime/output/hdf5_file.h"
#include "runtime/output/hdf5_handle.h"
#include "runtime/output/sink.h"

namespace hawser {
namespace h5 {
class ScaleLinks;
}  // namespace h5

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
    h5::Handle id;
    int width = 1;
    std::vector<unsigned long long> trailing;  ///< Its dimensions after time (hsize_t).
    size_t offset = 0;                         ///< First column of this signal in a row.
  };
  /// What Begin keeps while it lays out the signals: the declared dimensions as made ("Obj/name",
  /// "Obj/state/name", and "/name" for the run group's), and the component scales by width.
  struct Scales;

  // Begin's steps, in order (each holds Hdf5Mutex()).
  void OpenRunGroup();
  void ChooseChunkRows(const std::vector<SignalMeta>& signals, size_t n_times);
  void ReserveLayout(const std::vector<SignalMeta>& signals, const RunInfo& info);
  void WriteProvenance(const RunInfo& info);
  void CreateTime();
  void CreateSignal(const SignalMeta& s, Scales& scales, h5::ScaleLinks& links);
  /// The scales of `s`'s dimensions after time, created in (or linked into) `parent`.
  std::vector<h5::Handle> DimensionScales(const SignalMeta& s, int64_t parent, Scales& scales);

  void FlushRows();
  void CloseAll();
  /// Writes statistics, message and status (status last).
  void WriteEndAttributes(const RunResult& result);

  std::shared_ptr<Hdf5File> file_;
  std::string group_name_;
  h5::Handle group_;
  h5::Handle time_;
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

}  // namespace hawser
