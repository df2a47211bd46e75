// A run's results kept in memory for Python's hawser.run(): the Sink that collects them, and
// their conversion into the pieces of the xarray Dataset that reading the run's HDF5 file gives
// (python/hawser/__init__.py, _open): the same variable and dimension names, coordinates, units
// and attributes, without writing and reading back a file (docs/python.md, "Overhead").
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "runtime/output/sink.h"

namespace hawser {

/// Every logged signal's values at every output time, one growing column per signal.
class ArraySink final : public Sink {
 public:
  void Begin(const std::vector<LoggedSignal>& signals, const RunInfo& info) override;
  void Write(double t) override;
  void Finish(const RunResult& result) override { result_ = result; }

  /// {"variables": {name: (dims, values, attrs)}, "coords": {dim: (values, attrs)},
  /// "attrs": {...}}: what _open builds from the file, here from memory. Needs the GIL.
  pybind11::dict ToPython() const;

 private:
  std::vector<LoggedSignal> signals_;
  RunInfo info_;
  std::vector<double> times_;
  std::vector<std::vector<double>> columns_;  ///< Per signal: rows of its width, row-major.
  RunResult result_;
};

/// Passes each call on to both sinks (an HDF5 file and the arrays, for run(output=...)).
class BothSinks final : public Sink {
 public:
  BothSinks(Sink& first, Sink& second) : first_(first), second_(second) {}
  void Begin(const std::vector<LoggedSignal>& signals, const RunInfo& info) override {
    first_.Begin(signals, info);
    second_.Begin(signals, info);
  }
  void Write(double t) override {
    first_.Write(t);
    second_.Write(t);
  }
  void Finish(const RunResult& result) override {
    first_.Finish(result);
    second_.Finish(result);
  }

 private:
  Sink& first_;
  Sink& second_;
};

}  // namespace hawser
