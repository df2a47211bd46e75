#include "runtime/view/view_data.h"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <filesystem>
#include <map>
#include <mutex>
#include <numbers>
#include <pugixml.hpp>

#include "hawser/errors.h"
#include "runtime/analysis/hdf5_reader.h"
#include "runtime/analysis/result_file.h"
#include "runtime/output/hdf5_file.h"
#include "runtime/output/hdf5_sea.h"
#include "runtime/output/hdf5_util.h"
#include "runtime/view/view_markers.h"

namespace hawser::view {
namespace {

[[noreturn]] void BadInput(const std::string& message) { throw ScenarioError({}, message); }

/// The suffixes of the signals a view draws ("Obj.Suffix").
constexpr const char* kDrawn[] = {".NodePositions", ".Tension", ".Pos", ".Quat"};

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() > suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

/// The attribute `name` of `node` as a number, if it is one (a $VARIABLE is not).
std::optional<double> Number(const pugi::xml_node& node, const char* name) {
  const pugi::xml_attribute a = node.attribute(name);
  if (!a) return std::nullopt;
  char* end = nullptr;
  const std::string text = a.value();
  const double v = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || !std::isfinite(v)) return std::nullopt;
  return v;
}

/// The scenario's objects by Name, and its ocean's depth and surface current, into `c`.
std::map<std::string, pugi::xml_node> ReadScenario(const pugi::xml_document& doc, ViewCase& c) {
  std::map<std::string, pugi::xml_node> objects;
  for (const pugi::xpath_node& x : doc.select_nodes("//Lib")) {
    const pugi::xml_node lib = x.node();
    objects[lib.attribute("Name").value()] = lib;
    if (std::string(lib.attribute("SimObject").value()) != "Environment/Ocean") continue;
    c.depth = Number(lib, "Depth");
    const std::string profile = lib.attribute("CurrentProfile").value();
    const double speed = Number(lib, "CurrentSpeed").value_or(0.0);
    // CurrentDirection: the direction the water flows towards, degrees from x towards y.
    const double dir = Number(lib, "CurrentDirection").value_or(0.0) * std::numbers::pi / 180.0;
    if (!profile.empty() && profile != "none")
      c.current = {speed * std::cos(dir), speed * std::sin(dir), 0.0};
  }
  return objects;
}

/// The scenario text the run's group keeps (its "scenario" attribute: a sweep's case has its
/// own, with the swept values), else the file's root's, parsed.
void ReadScenarioText(const std::string& path, const std::string& group, pugi::xml_document& doc) {
  std::string text;
  {
    std::lock_guard lock(Hdf5Mutex());
    const h5::Handle file(h5::OpenResultFile(path));
    if (group != "/" && H5Lexists(file.get(), group.c_str(), H5P_DEFAULT) > 0) {
      const h5::Handle g(H5Gopen2(file.get(), group.c_str(), H5P_DEFAULT));
      if (g.valid()) text = h5::ReadStringAttribute(g.get(), "scenario");
    }
    if (text.empty()) text = h5::ReadStringAttribute(file.get(), "scenario");
  }
  // A scenario that does not parse leaves no ocean and default body sizes: the drawing still
  // shows every recorded line.
  doc.load_string(text.c_str());
}

/// The numeric attribute `name` of `object`, if it has it.
std::optional<double> NumberAttribute(hid_t object, const char* name) {
  if (H5Aexists(object, name) <= 0) return std::nullopt;
  const h5::Handle attr(H5Aopen(object, name, H5P_DEFAULT));
  double v = 0.0;
  if (H5Aread(attr.get(), H5T_NATIVE_DOUBLE, &v) < 0) return std::nullopt;
  return v;
}

/// A broken cable's break (the attributes break_time and break_index on its group, written by
/// hdf5_run_writer.cpp) into `cable`. Caller holds Hdf5Mutex().
void ReadBreak(hid_t run_group, ViewCable& cable) {
  if (H5Lexists(run_group, cable.name.c_str(), H5P_DEFAULT) <= 0) return;
  const h5::Handle g(H5Gopen2(run_group, cable.name.c_str(), H5P_DEFAULT));
  if (!g.valid()) return;
  const std::optional<double> time = NumberAttribute(g.get(), "break_time");
  const std::optional<double> index = NumberAttribute(g.get(), "break_index");
  if (!time || !index || *index < 0 || *index + 2 > static_cast<double>(cable.nodes)) return;
  cable.break_time = *time;
  cable.break_segment = static_cast<long>(*index);
}

const RecordedSignal* Find(const RecordedRun& run, const std::string& name) {
  for (const RecordedSignal& s : run.signals) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

ViewCase ReadCase(const std::string& path, const std::string& group, const std::string& label) {
  pugi::xml_document scenario;
  ReadScenarioText(path, group, scenario);
  const RecordedRun run = ReadRecordedRun(path, group, [](const SignalShape& s) {
    for (const char* suffix : kDrawn) {
      if (EndsWith(s.name, suffix)) return true;
    }
    return false;
  });
  ViewCase c;
  c.label = label;
  c.time = run.time;
  c.recorded_frames = run.time.size();
  const auto objects = ReadScenario(scenario, c);
  const std::string where =
      group == "/" ? fmt::format("'{}'", path) : fmt::format("'{}' ({})", path, label);
  for (const RecordedSignal& s : run.signals) {
    if (EndsWith(s.name, ".NodePositions")) {
      const std::string object = s.name.substr(0, s.name.size() - 14);
      if (s.width < 6 || s.width % 3 != 0) {
        BadInput(
            fmt::format("{}: {} has {} values per row; a cable's node positions are x, y, z "
                        "of 2 or more nodes",
                        where, s.name, s.width));
      }
      ViewCable cable{object, static_cast<size_t>(s.width / 3), s.values, {}};
      const RecordedSignal* tension = Find(run, object + ".Tension");
      if (tension && static_cast<size_t>(tension->width) == cable.nodes - 1)
        cable.tension = tension->values;
      c.cables.push_back(std::move(cable));
    } else if (EndsWith(s.name, ".Pos") && s.width == 3) {
      const std::string object = s.name.substr(0, s.name.size() - 4);
      const RecordedSignal* quat = Find(run, object + ".Quat");
      const auto lib = objects.find(object);
      if (!quat || quat->width != 4) {  // A point, not a body: no orientation.
        AddPositionMarker(c, object, s.values, lib == objects.end() ? nullptr : &lib->second);
        continue;
      }
      ViewBody body{object, s.values, quat->values, 5.0};
      if (lib != objects.end()) {
        if (const auto mass = Number(lib->second, "Mass"); mass && *mass > 0) {
          const double volume = *mass / 1025.0;  // Sea water, kg/m^3.
          body.size = std::cbrt(4.0 * volume / std::numbers::pi);
        }
      }
      c.bodies.push_back(std::move(body));
    }
  }
  if (c.cables.empty()) {
    BadInput(fmt::format(
        "{} holds no cable's node positions (no Obj/NodePositions dataset): nothing to draw; "
        "log them, e.g. Engine FileOutput=\"object.Line1.NodePositions,object.Line1.Tension\"",
        where));
  }
  if (c.time.empty()) BadInput(fmt::format("{} holds no output time (an empty /time)", where));
  AddCableMarkers(c, objects);
  std::lock_guard lock(Hdf5Mutex());
  const h5::Handle file(h5::OpenResultFile(path));
  const h5::Handle g(H5Gopen2(file.get(), group.c_str(), H5P_DEFAULT));
  h5::SeaRecord sea = h5::ReadSea(g.get(), path);
  for (ViewCable& cable : c.cables) ReadBreak(g.get(), cable);
  c.waves = std::move(sea.components);
  c.wave_ramp = std::move(sea.ramp);
  return c;
}

template <typename T>
std::vector<T> KeepRows(const std::vector<T>& v, size_t width, const std::vector<size_t>& rows) {
  if (v.empty()) return v;
  std::vector<T> out;
  out.reserve(rows.size() * width);
  for (size_t r : rows) out.insert(out.end(), v.begin() + r * width, v.begin() + (r + 1) * width);
  return out;
}

}  // namespace

ViewFile ReadViewFile(const std::string& path, long only_case) {
  std::string extension = std::filesystem::path(path).extension().string();
  for (char& ch : extension) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  if (extension == ".csv") {
    BadInput(
        fmt::format("'{}' is a CSV result: it keeps no cable's shape (node positions) with "
                    "its layout; view and vtk read HDF5 results (hawser run ... -o RUN.h5)",
                    path));
  }
  const ResultFileInfo info = InspectResultFile(path);
  ViewFile file{path, info.sweep, {}};
  if (!info.sweep) {
    file.cases.push_back(ReadCase(path, "/", "run"));
    return file;
  }
  if (only_case >= info.n_cases) {
    BadInput(fmt::format("'{}' has {} cases (0 to {}); there is no case {}", path, info.n_cases,
                         info.n_cases - 1, only_case));
  }
  for (long k = 0; k < info.n_cases; ++k) {
    if (only_case >= 0 && k != only_case) continue;
    file.cases.push_back(ReadCase(path, fmt::format("/case_{:05d}", k), fmt::format("case {}", k)));
  }
  return file;
}

void Decimate(ViewCase& c, size_t stride) {
  const size_t n = c.time.size();
  if (stride <= 1 || n == 0) return;
  std::vector<size_t> rows;
  for (size_t r = 0; r < n; r += stride) rows.push_back(r);
  if (rows.back() != n - 1) rows.push_back(n - 1);
  c.time = KeepRows(c.time, 1, rows);
  for (ViewCable& cable : c.cables) {
    cable.positions = KeepRows(cable.positions, 3 * cable.nodes, rows);
    cable.tension = KeepRows(cable.tension, cable.nodes - 1, rows);
  }
  for (ViewBody& b : c.bodies) {
    b.position = KeepRows(b.position, 3, rows);
    b.quat = KeepRows(b.quat, 4, rows);
  }
  for (ViewMarker& m : c.markers) m.position = KeepRows(m.position, 3, rows);
}

size_t ValuesPerFrame(const ViewCase& c) {
  size_t n = 1;  // The time.
  for (const ViewCable& cable : c.cables)
    n += 3 * cable.nodes + (cable.tension.empty() ? 0 : cable.nodes - 1);
  for (const ViewMarker& m : c.markers) n += m.position.empty() ? 0 : 3;
  return n + 7 * c.bodies.size();
}

}  // namespace hawser::view
