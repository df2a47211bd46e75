// The compiled part of the Python module `hawser` (python/hawser/__init__.py wraps it): a
// scenario stepped as runtime/embed/session.h does, whole runs into arrays and HDF5 files, the
// SimObject types. hawser's exceptions become Python ones carrying the same message
// (file:line: error:). The GIL is released while hawser integrates; Ctrl-C is checked at every
// output time.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <string>
#include <vector>

#include "python/run_arrays.h"
#include "runtime/embed/scenario_source.h"
#include "runtime/embed/session.h"
#include "runtime/output/hdf5_sink.h"
#include "simobjects/register_base.h"

namespace py = pybind11;

namespace hawser {
namespace {

/// "NAME=VALUE" strings, `hawser run --set`'s form, from a Python dict of names and values
/// (numbers, strings, or sequences of numbers). One Python value is one value: a sequence is
/// written "1,2,3" in quotes, and so is a string with a comma ("0, 0.1, 5"), which --set would
/// otherwise read as several sweep values.
std::vector<std::string> SetStrings(const py::dict& sets) {
  std::vector<std::string> out;
  for (const auto& [key, value] : sets) {
    std::string text;
    if (py::isinstance<py::str>(value)) {
      text = value.cast<std::string>();
      const bool quoted = text.size() >= 2 && text.front() == '"' && text.back() == '"';
      if (!quoted && text.find(',') != std::string::npos) text = "\"" + text + "\"";
    } else if (py::isinstance<py::sequence>(value)) {
      for (const auto& v : value.cast<py::sequence>()) {
        text += (text.empty() ? "" : ",") + py::str(v).cast<std::string>();
      }
      text = "\"" + text + "\"";
    } else {
      text = py::str(value).cast<std::string>();
    }
    out.push_back(key.cast<std::string>() + "=" + text);
  }
  return out;
}

VariableOverrides Variables(const py::dict& variables) {
  VariableOverrides out;
  for (const auto& [key, value] : variables) {
    out[key.cast<std::string>()] = py::str(value).cast<std::string>();
  }
  return out;
}

Scenario Load(const std::string& path, const std::string& xml, const py::dict& variables,
              const py::dict& sets) {
  return LoadScenarioWith(path, xml, Variables(variables), SetStrings(sets));
}

py::array_t<double> Array(std::span<const double> values) {
  return py::array_t<double>(static_cast<py::ssize_t>(values.size()), values.data());
}

std::vector<double> Values(
    const py::array_t<double, py::array::c_style | py::array::forcecast>& a) {
  return {a.data(), a.data() + a.size()};
}

/// Runs the scenario with the GIL released, its results kept in memory (and written to the
/// HDF5 file `output` too unless it is empty); Ctrl-C (checked with the GIL at each output
/// time) stops it as it stops `hawser run`, then raises KeyboardInterrupt. Returns the run's
/// status and message, and in "data" its Dataset's pieces (python/run_arrays.h).
py::dict Run(const std::string& path, const std::string& xml, const py::dict& variables,
             const py::dict& sets, const std::string& output) {
  const Scenario scenario = Load(path, xml, variables, sets);
  std::atomic<bool> interrupt{false};
  RunOptions options;
  options.interrupt = &interrupt;
  options.interrupt_cause = [] { return std::string("Ctrl-C (KeyboardInterrupt)"); };
  options.progress = [&interrupt](double, double) {
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) {
      PyErr_Clear();
      interrupt = true;
    }
  };
  ArraySink arrays;
  RunResult result;
  {
    py::gil_scoped_release released;
    const std::string command_line = "python: hawser.run";
    if (output.empty()) {
      result = RunScenario(scenario, arrays, command_line, options);
    } else {
      Hdf5Sink file(output, scenario.engine.output.times.size());
      BothSinks both(file, arrays);
      result = RunScenario(scenario, both, command_line, options);
    }
  }
  if (result.status == RunStatus::kInterrupted) {
    PyErr_SetString(PyExc_KeyboardInterrupt, result.message.c_str());
    throw py::error_already_set();
  }
  py::dict out;
  out["status"] = ToString(result.status);
  out["message"] = result.message;
  out["end_time"] = result.end_time;
  out["wall_seconds"] = result.wall_seconds;
  out["data"] = arrays.ToPython();
  return out;
}

py::list Ports(const auto& ports) {
  py::list out;
  for (const auto& p : ports) {
    py::dict d;
    d["name"] = p.spec.name;
    d["width"] = p.spec.width;
    d["unit"] = p.spec.unit;
    d["doc"] = p.spec.doc;
    out.append(d);
  }
  return out;
}

/// The same data as `hawser describe TYPE`.
py::dict Describe(const std::string& type) {
  const Registry& registry = BuiltinRegistry();
  const TypeInfo* info = registry.Find(type);
  if (info == nullptr) {
    throw ScenarioError({}, "unknown SimObject type '" + type + "'; hawser.types() lists them");
  }
  const std::unique_ptr<SimObject> object = registry.MakeForDescription(*info);
  const ObjectInterface& interface = object->interface();
  py::list params;
  for (const ParamInfo& p : interface.params) {
    py::dict d;
    d["name"] = p.name;
    d["unit"] = p.unit;
    d["doc"] = p.doc;
    d["kind"] = p.kind;
    d["default"] = p.default_text;
    d["required"] = p.required;
    params.append(d);
  }
  py::dict out;
  out["type"] = info->path;
  out["summary"] = info->summary;
  out["aliases"] = info->aliases;
  out["parameters"] = params;
  out["inputs"] = Ports(interface.inputs);
  out["outputs"] = Ports(interface.outputs);
  out["states"] = Ports(interface.states);
  return out;
}

}  // namespace
}  // namespace hawser

PYBIND11_MODULE(_hawser, m) {
  using hawser::Session;
  m.doc() = "hawser's compiled core; use the package `hawser` (python/hawser/__init__.py).";
  // Python classes for hawser's errors; the message is hawser's own (file:line: error: ...).
  static py::exception<hawser::ScenarioError> scenario_error(m, "ScenarioError", PyExc_ValueError);
  static py::exception<hawser::SimulationError> simulation_error(m, "SimulationError",
                                                                 PyExc_RuntimeError);
  static py::exception<hawser::IoError> io_error(m, "IoError", PyExc_OSError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const hawser::ScenarioErrors& e) {
      scenario_error(e.what());
    } catch (const hawser::ScenarioError& e) {
      scenario_error(e.what());
    } catch (const hawser::SimulationError& e) {
      simulation_error(e.what());
    } catch (const hawser::IoError& e) {
      io_error(e.what());
    }
  });

  m.def("types", [] {
    std::vector<std::pair<std::string, std::string>> out;
    for (const hawser::TypeInfo& t : hawser::BuiltinRegistry().types()) {
      out.emplace_back(t.path, t.summary);
    }
    return out;
  });
  m.def("describe", &hawser::Describe, py::arg("type"));
  m.def("run", &hawser::Run, py::arg("path"), py::arg("xml"), py::arg("variables"), py::arg("sets"),
        py::arg("output"));

  py::class_<Session>(m, "Session")
      .def(py::init([](const std::string& path, const std::string& xml, const py::dict& variables,
                       const py::dict& sets) {
             return std::make_unique<Session>(hawser::Load(path, xml, variables, sets));
           }),
           py::arg("path"), py::arg("xml"), py::arg("variables"), py::arg("sets"))
      .def_property_readonly("time", &Session::time)
      .def_property_readonly("input_names", &Session::InputNames)
      .def_property_readonly("state_names", &Session::state_names)
      .def_property_readonly("state", [](const Session& s) { return hawser::Array(s.state()); })
      .def("advance", &Session::AdvanceTo, py::arg("t"), py::call_guard<py::gil_scoped_release>())
      .def("set_input",
           [](Session& s, const std::string& name,
              const py::array_t<double, py::array::c_style | py::array::forcecast>& values) {
             s.SetInput(name, hawser::Values(values));
           })
      .def("get", [](Session& s, const std::string& name) { return hawser::Array(s.Get(name)); })
      .def("set_state",
           [](Session& s, double t,
              const py::array_t<double, py::array::c_style | py::array::forcecast>& x) {
             s.SetState(t, hawser::Values(x));
           })
      .def("settle",
           [](Session& s) {
             hawser::SettleReport report;
             {
               py::gil_scoped_release released;
               report = s.Settle();
             }
             py::dict out;
             out["time"] = s.time();
             out["lines"] = report.lines;
             out["warnings"] = report.warnings;
             out["largest_residual"] = report.largest_residual;
             out["largest_residual_kind"] = report.largest_residual_kind;
             return out;
           })
      .def("jacobian",
           [](Session& s) {
             std::vector<double> j;
             {
               py::gil_scoped_release released;
               j = s.Jacobian();
             }
             const auto n = static_cast<py::ssize_t>(s.state().size());
             py::array_t<double> out({n, n});
             std::copy(j.begin(), j.end(), out.mutable_data());
             return out;
           })
      .def(
          "mooring_stiffness",
          [](Session& s, const std::string& body, double translation, double rotation) {
            std::vector<double> k;
            {
              py::gil_scoped_release released;
              k = s.MooringStiffness(body, {.translation = translation, .rotation = rotation});
            }
            const auto n = static_cast<py::ssize_t>(k.size() == 9 ? 3 : 6);
            py::array_t<double> out({n, n});
            std::copy(k.begin(), k.end(), out.mutable_data());
            return out;
          },
          py::arg("body"), py::arg("translation"), py::arg("rotation"))
      .def("save_state", &Session::SaveState)
      .def("load_state", &Session::LoadState);
}
