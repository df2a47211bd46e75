#include "runtime/analysis/state_file.h"

#include <fmt/format.h>

#include <cstdint>
#include <mutex>

#include "runtime/analysis/result_file.h"
#include "runtime/output/hdf5_file.h"
#include "runtime/output/hdf5_util.h"

namespace hawser {

namespace {

/// The root attribute `kind` that tells a state file from a run's result file.
constexpr const char* kStateKind = "state";
/// The group of the objects' discrete states (SimObject::DiscreteState), a dataset per object.
constexpr const char* kDiscreteGroup = "discrete_state";

/// The names of the links in `group`, in name order.
std::vector<std::string> DatasetNames(hid_t group, const std::string& path) {
  H5G_info_t info;
  if (H5Gget_info(group, &info) < 0) throw ScenarioError({}, h5::Damaged(path));
  std::vector<std::string> names;
  for (hsize_t k = 0; k < info.nlinks; ++k) {
    const ssize_t size =
        H5Lget_name_by_idx(group, ".", H5_INDEX_NAME, H5_ITER_INC, k, nullptr, 0, H5P_DEFAULT);
    if (size < 0) throw ScenarioError({}, h5::Damaged(path));
    std::string name(static_cast<size_t>(size) + 1, '\0');
    H5Lget_name_by_idx(group, ".", H5_INDEX_NAME, H5_ITER_INC, k, name.data(), name.size(),
                       H5P_DEFAULT);
    name.resize(static_cast<size_t>(size));
    names.push_back(name);
  }
  return names;
}

/// FNV-1a, 64 bits (Fowler, Noll, Vo): offset basis 14695981039346656037, prime 1099511628211.
class Fnv1a {
 public:
  /// Hashes `text` and a 0 byte after it, so that ("ab", "c") and ("a", "bc") differ.
  void Add(const std::string& text) {
    for (unsigned char c : text) Byte(c);
    Byte(0);
  }
  std::string Hex() const { return fmt::format("{:016x}", h_); }

 private:
  void Byte(unsigned char c) {
    h_ ^= c;
    h_ *= 1099511628211ULL;
  }
  std::uint64_t h_ = 14695981039346656037ULL;
};

void WriteDoubles(hid_t file, const char* name, const std::vector<double>& values,
                  const std::string& path) {
  const hsize_t dims[1] = {values.size()};
  const h5::Handle space(H5Screate_simple(1, dims, nullptr));
  const h5::Handle ds(h5::Check(
      H5Dcreate2(file, name, H5T_IEEE_F64LE, space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
      std::string("creating ") + name, path));
  h5::Check(H5Dwrite(ds.get(), H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()),
            std::string("writing ") + name, path);
}

/// The names as one string, a line each, in a scalar dataset (an attribute is limited to 64 KiB).
void WriteNames(hid_t file, const std::vector<std::string>& names, const std::string& path) {
  std::string joined;
  for (const std::string& n : names) joined += n + "\n";
  const h5::Handle space(H5Screate(H5S_SCALAR));
  const h5::Handle type = h5::VariableStringType();
  const h5::Handle ds(h5::Check(H5Dcreate2(file, "state_names", type.get(), space.get(),
                                           H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                                "creating state_names", path));
  const char* text = joined.c_str();
  h5::Check(H5Dwrite(ds.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, &text),
            "writing state_names", path);
}

std::vector<std::string> ReadNames(hid_t file, const std::string& path) {
  const h5::Handle ds(H5Dopen2(file, "state_names", H5P_DEFAULT));
  const h5::Handle type = h5::VariableStringType();
  char* text = nullptr;
  if (!ds.valid() || H5Dread(ds.get(), type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, &text) < 0) {
    throw ScenarioError({}, h5::Damaged(path));
  }
  std::vector<std::string> names;
  std::string line;
  for (const char* p = text; p != nullptr && *p != 0; ++p) {
    if (*p != '\n') {
      line += *p;
      continue;
    }
    names.push_back(line);
    line.clear();
  }
  H5free_memory(text);
  return names;
}

std::vector<double> ReadDoubles(hid_t file, const char* name, const std::string& path) {
  const h5::Handle ds(H5Dopen2(file, name, H5P_DEFAULT));
  const h5::Handle space(ds.valid() ? H5Dget_space(ds.get()) : -1);
  if (!space.valid() || H5Sget_simple_extent_ndims(space.get()) != 1) {
    throw ScenarioError({}, h5::Damaged(path));
  }
  hsize_t n = 0;
  H5Sget_simple_extent_dims(space.get(), &n, nullptr);
  std::vector<double> values(n);
  if (n > 0 &&
      H5Dread(ds.get(), H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()) < 0) {
    throw ScenarioError({}, h5::Damaged(path));
  }
  return values;
}

}  // namespace

std::string ModelHash(const Scenario& scenario) {
  Fnv1a h;
  for (const ObjectDecl& o : scenario.objects) {
    h.Add(o.lib_name);
    h.Add(o.type);
    h.Add(o.name);
    for (const Attribute& a : o.parameters) h.Add(a.name + "=" + a.value);
  }
  for (const ConnectionDecl& c : scenario.connections)
    h.Add(c.object + "." + c.port + "=" + c.text);
  for (const LineTypeDecl& t : scenario.line_types) {  // <LINETYPES>: a line's properties.
    h.Add("LineType");
    for (const auto& [name, value] : t.values) h.Add(name + "=" + value.first);
  }
  return h.Hex();
}

std::vector<std::string> StateNames(const Model& model) {
  std::vector<std::string> names;
  for (const StateSlot& slot : model.state_layout()) {
    const SimObject& o = *model.objects()[slot.object];
    const std::string& state = o.interface().states[slot.state].spec.name;
    for (int k = 0; k < slot.width; ++k) {
      names.push_back(slot.width == 1 ? fmt::format("{}:{}", o.name(), state)
                                      : fmt::format("{}:{}[{}]", o.name(), state, k));
    }
  }
  return names;
}

void WriteStateFile(const std::string& path, const SavedState& state,
                    const std::string& scenario_text) {
  std::lock_guard lock(Hdf5Mutex());
  const std::shared_ptr<Hdf5File> file = Hdf5File::Create(path);
  const hid_t id = file->id();
  const h5::Handle root(h5::Check(H5Gopen2(id, "/", H5P_DEFAULT), "opening /", path));
  // The attributes every hawser file has (result_file.h), then the state's own.
  h5::SetAttribute(root.get(), "hawser_version", std::string(HAWSER_VERSION));
  h5::SetAttribute(root.get(), "scenario", scenario_text);
  h5::SetAttribute(root.get(), "status", std::string("completed"));
  h5::SetAttribute(root.get(), "kind", std::string(kStateKind));
  h5::SetAttribute(root.get(), "scenario_file", state.scenario_file);
  h5::SetAttribute(root.get(), "model_hash", state.model_hash);
  h5::SetAttribute(root.get(), "time", state.time);
  WriteDoubles(id, "state", state.x, path);
  WriteNames(id, state.names, path);
  if (!state.discrete.empty()) {
    const h5::Handle group(
        h5::Check(H5Gcreate2(id, kDiscreteGroup, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                  std::string("creating ") + kDiscreteGroup, path));
    for (const auto& [object, values] : state.discrete) {
      WriteDoubles(group.get(), object.c_str(), values, path);
    }
  }
  file->Flush();
  file->Publish();
}

SavedState ReadStateFile(const std::string& path) {
  std::lock_guard lock(Hdf5Mutex());
  const h5::Handle file(h5::OpenResultFile(path));
  const h5::Handle root(H5Gopen2(file.get(), "/", H5P_DEFAULT));
  if (h5::ReadStringAttribute(root.get(), "kind") != kStateKind) {
    throw ScenarioError({}, fmt::format("'{}' is a hawser result file, not a state file (one "
                                        "that `hawser run --save-state` writes)",
                                        path));
  }
  SavedState state;
  state.model_hash = h5::ReadStringAttribute(root.get(), "model_hash");
  state.scenario_file = h5::ReadStringAttribute(root.get(), "scenario_file");
  const h5::Handle time_attr(H5Aopen(root.get(), "time", H5P_DEFAULT));
  if (!time_attr.valid() || H5Aread(time_attr.get(), H5T_NATIVE_DOUBLE, &state.time) < 0) {
    throw ScenarioError({}, h5::Damaged(path));
  }
  state.x = ReadDoubles(file.get(), "state", path);
  state.names = ReadNames(file.get(), path);
  if (H5Lexists(file.get(), kDiscreteGroup, H5P_DEFAULT) > 0) {
    const h5::Handle group(H5Gopen2(file.get(), kDiscreteGroup, H5P_DEFAULT));
    if (!group.valid()) throw ScenarioError({}, h5::Damaged(path));
    for (const std::string& object : DatasetNames(group.get(), path)) {
      state.discrete[object] = ReadDoubles(group.get(), object.c_str(), path);
    }
  }
  if (state.names.size() != state.x.size()) {
    throw ScenarioError({}, fmt::format("'{}' is damaged: {} state values but {} names", path,
                                        state.x.size(), state.names.size()));
  }
  return state;
}

void CheckStateFits(const SavedState& state, const std::string& path, const Scenario& scenario,
                    const Model& model) {
  const std::string hash = ModelHash(scenario);
  if (state.model_hash != hash) {
    throw ScenarioError(
        {}, fmt::format("--restart '{}': the state was saved from another model (scenario '{}', "
                        "model hash {}; '{}' has {}): the objects, their parameters or the "
                        "connections differ; restart with the scenario that saved it (only the "
                        "Engine and the initial conditions may change)",
                        path, state.scenario_file, state.model_hash, scenario.file, hash));
  }
  if (state.x.size() != static_cast<size_t>(model.size())) {
    throw ScenarioError({}, fmt::format("--restart '{}': the state has {} values, the model {} "
                                        "(a SimObject library changed its states?)",
                                        path, state.x.size(), model.size()));
  }
}

}  // namespace hawser
