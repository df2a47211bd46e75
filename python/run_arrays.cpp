#include "python/run_arrays.h"

#include <pybind11/numpy.h>

#include <map>
#include <set>

#include "runtime/solve/integrator.h"

namespace py = pybind11;

namespace hawser {

void ArraySink::Begin(const std::vector<LoggedSignal>& signals, const RunInfo& info) {
  signals_ = signals;
  info_ = info;
  const size_t n = info.settings.output.times.size();
  times_.reserve(n);
  columns_.assign(signals.size(), {});
  for (size_t k = 0; k < signals.size(); ++k) columns_[k].reserve(n * signals[k].values.size());
}

void ArraySink::Write(double t) {
  times_.push_back(t);
  for (size_t k = 0; k < signals_.size(); ++k) {
    columns_[k].insert(columns_[k].end(), signals_[k].values.begin(), signals_[k].values.end());
  }
}

namespace {

/// A coordinate as the file's dimension scale reads: labels as str objects (h5py's
/// variable-length strings, as _values makes them), indices as 32-bit integers.
py::tuple Coordinate(const PortDimension& d, const std::string& description) {
  py::dict attrs;
  attrs["unit"] = "-";
  attrs["description"] = description;
  if (!d.labels.empty()) {
    py::list labels;
    for (const std::string& label : d.labels) labels.append(label);
    return py::make_tuple(py::module_::import("numpy").attr("array")(labels, "O"), attrs);
  }
  py::array_t<int32_t> values(d.size);
  for (int i = 0; i < d.size; ++i) values.mutable_data()[i] = i;
  return py::make_tuple(values, attrs);
}

std::string ComponentName(size_t width) { return "component" + std::to_string(width); }

/// The run group's attributes as Hdf5RunWriter writes them: provenance and settings at Begin
/// (WriteProvenance, h5::WriteSea), statistics and status at Finish (WriteEndAttributes).
/// tests/python/test_dataset_reader.py compares them with the file's.
py::dict RunAttributes(const RunInfo& info, const RunResult& result, const std::vector<double>& t) {
  const EngineSettings& e = info.settings;
  py::dict a;
  a["hawser_version"] = std::string(HAWSER_VERSION);
  a["scenario"] = info.scenario_text;
  a["scenario_file"] = info.scenario_file;
  a["command_line"] = info.command_line;
  a["linear_solver"] = ToString(e.linear_solver);
  a["abs_tol"] = e.abs_tol;
  a["rel_tol"] = e.rel_tol;
  a["h_min"] = e.h_min;
  a["h_max"] = e.h_max;
  a["step_size"] = e.step_size;
  a["max_steps"] = static_cast<long>(e.max_steps);
  a["max_order"] = static_cast<long>(e.max_order);
  a["t_start"] = e.output.start;
  a["t_end"] = e.output.end;
  if (!info.wave_components.empty()) {
    py::array_t<double> c({static_cast<py::ssize_t>(info.wave_components.size()), py::ssize_t{5}});
    double* out = c.mutable_data();
    for (const WaveComponentInfo& w : info.wave_components) {
      for (double v : {w.amplitude, w.omega, w.wave_number, w.direction, w.phase}) *out++ = v;
    }
    a["wave_components"] = c;
    if (!info.wave_ramp.empty()) {
      py::array_t<double> r({static_cast<py::ssize_t>(info.wave_ramp.size()), py::ssize_t{2}});
      double* row = r.mutable_data();
      for (const auto& [t_ramp, factor] : info.wave_ramp) {
        *row++ = t_ramp;
        *row++ = factor;
      }
      a["wave_ramp"] = r;
    }
  }
  ForEachSolverStat(result.stats, [&](const char* name, auto value) { a[name] = value; });
  a["rows"] = static_cast<long>(t.size());  // What the file holds: the rows written.
  a["end_time"] = t.empty() ? result.end_time : t.back();
  a["wall_seconds"] = result.wall_seconds;
  a["integrator"] = result.integrator;
  a["linear_solver_used"] = result.linear_solver;
  a["message"] = result.message;
  a["status"] = ToString(result.status);
  return a;
}

}  // namespace

py::dict ArraySink::ToPython() const {
  // The run group's names (the file's root datasets): time, the vectors' component scales and
  // the labelled dimensions shared by the run (Hdf5RunWriter::DimensionScales' rule: the first
  // declaration of a name fixes its size and labels, and no object may have that name). _open
  // names a dimension as such a name, else "<object>.<dimension>".
  std::set<std::string> objects, shared{"time"};
  for (const LoggedSignal& s : signals_) objects.insert(s.object);
  std::map<std::string, PortDimension> first;
  for (const LoggedSignal& s : signals_) {
    for (const PortDimension& d : s.dims) {
      const PortDimension& f = first.try_emplace(d.name, d).first->second;
      if (!d.labels.empty() && f.size == d.size && f.labels == d.labels &&
          objects.count(d.name) == 0) {
        shared.insert(d.name);
      }
    }
    if (s.dims.empty() && s.values.size() > 1) shared.insert(ComponentName(s.values.size()));
  }

  py::dict variables, coords;
  py::dict time_attrs;
  time_attrs["unit"] = "s";
  time_attrs["description"] = "output time";
  coords["time"] = py::make_tuple(
      py::array_t<double>(static_cast<py::ssize_t>(times_.size()), times_.data()), time_attrs);
  const auto rows = static_cast<py::ssize_t>(times_.size());
  for (size_t k = 0; k < signals_.size(); ++k) {
    const LoggedSignal& s = signals_[k];
    py::list dims;
    dims.append("time");
    std::vector<py::ssize_t> shape{rows};
    for (const PortDimension& d : s.dims) {
      const std::string name = shared.count(d.name) != 0 ? d.name : s.object + "." + d.name;
      dims.append(name);
      shape.push_back(d.size);
      if (!coords.contains(name)) {
        coords[py::str(name)] =
            Coordinate(d, d.labels.empty() ? d.name + " index (the CSV columns run over it)"
                                           : d.name + " label");
      }
    }
    const size_t width = s.values.size();
    if (s.dims.empty() && width > 1) {
      const std::string name = ComponentName(width);
      dims.append(name);
      shape.push_back(static_cast<py::ssize_t>(width));
      if (!coords.contains(name)) {
        coords[py::str(name)] =
            Coordinate({name, static_cast<int>(width), {}},
                       "component index i of a vector signal (the CSV column [i])");
      }
    }
    py::array_t<double> values(shape);
    std::copy(columns_[k].begin(), columns_[k].end(), values.mutable_data());
    py::dict attrs;
    attrs["unit"] = s.unit;
    attrs["description"] = s.description;
    attrs["simobject_type"] = s.simobject_type;
    variables[py::str(s.qualified_name())] = py::make_tuple(py::tuple(dims), values, attrs);
  }
  py::dict out;
  out["variables"] = variables;
  out["coords"] = coords;
  out["attrs"] = RunAttributes(info_, result_, times_);
  return out;
}

}  // namespace hawser
