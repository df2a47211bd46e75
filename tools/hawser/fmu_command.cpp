#include "tools/hawser/fmu_command.h"

#include <dlfcn.h>
#include <fmt/format.h>

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "hawser/errors.h"
#include "runtime/embed/session.h"
#include "runtime/output/replacing_file.h"
#include "tools/hawser/commands.h"
#include "tools/hawser/fmu_description.h"
#include "tools/hawser/zip_writer.h"

namespace hawser::cli {
namespace {

namespace fs = std::filesystem;

std::string ReadBinary(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  if (!in || bytes.str().empty()) {
    throw IoError(
        fmt::format("cannot read '{}', which every FMU contains: {}", path, std::strerror(errno)));
  }
  return bytes.str();
}

/// The FMU binary: the install's P/lib/hawser/hawser_fmu.so beside P/bin/hawser, else the build
/// tree's (runtime/fmu/CMakeLists.txt).
std::string FmuBinaryPath() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  const fs::path installed = exe.parent_path().parent_path() / "lib" / "hawser" / "hawser_fmu.so";
  if (!ec && fs::exists(installed, ec)) return installed.string();
  return HAWSER_FMU_BINARY;
}

/// The SimObject API library this program runs with (the FMU binary needs the same one): the
/// file that holds one of its functions.
std::string SimObjectApiPath() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&ClosestMatch), &info) == 0 || info.dli_fname == nullptr) {
    throw IoError("cannot find the file of libhawser_simobject_api (dladdr failed)");
  }
  return info.dli_fname;
}

/// The unit hawser declares for output or state `name` ("Obj.Port" or "Obj:State").
std::string UnitOf(const Model& model, const std::string& name) {
  const size_t split = name.find_first_of(".:");
  const std::string object = name.substr(0, split), item = name.substr(split + 1);
  for (const auto& o : model.objects()) {
    if (o->name() != object) continue;
    for (const auto& port : o->interface().outputs) {
      if (name[split] == '.' && port.spec.name == item) return port.spec.unit;
    }
    for (const auto& state : o->interface().states) {
      if (name[split] == ':' && state.spec.name == item) return state.spec.unit;
    }
  }
  return "";
}

void AddVariables(fmu::Table& table, fmu::Causality causality, const std::string& name,
                  const std::vector<double>& values, const std::string& unit) {
  for (size_t k = 0; k < values.size(); ++k) {
    table.variables.push_back({.causality = causality,
                               .value_reference = static_cast<unsigned>(table.variables.size()),
                               .name = name,
                               .index = static_cast<int>(k),
                               .width = static_cast<int>(values.size()),
                               .start = values[k],
                               .unit = unit});
  }
}

/// The value (one number, as the scenario writes it or its type's default) and unit of the
/// SimObject parameter "Obj.Param" that --tunable names. Throws ScenarioError naming it.
std::pair<double, std::string> TunableParameter(const Session& session, const std::string& name) {
  const size_t dot = name.find('.');
  if (dot == std::string::npos) {
    throw ScenarioError({},
                        fmt::format("--tunable '{}': not a SimObject parameter Obj.Param", name));
  }
  const std::string object = name.substr(0, dot), param = name.substr(dot + 1);
  const ObjectDecl* decl = nullptr;
  for (const ObjectDecl& o : session.scenario().objects) {
    if (o.name == object) decl = &o;
  }
  const SimObject* simobject = nullptr;
  for (const auto& o : session.model().objects()) {
    if (o->name() == object) simobject = o.get();
  }
  if (decl == nullptr || simobject == nullptr) {
    throw ScenarioError(
        {}, fmt::format("--tunable '{}': no object '{}' in the scenario", name, object));
  }
  const auto& params = simobject->interface().params;
  const auto info = std::find_if(params.begin(), params.end(),
                                 [&param](const ParamInfo& p) { return p.name == param; });
  if (info == params.end()) {
    std::string known;
    for (const ParamInfo& p : params) known += (known.empty() ? "" : ", ") + p.name;
    throw ScenarioError({}, fmt::format("--tunable '{}': {} ({}) has no parameter '{}'; its "
                                        "parameters are: {}",
                                        name, object, decl->type, param, known));
  }
  if (info->ignored) {
    throw ScenarioError({}, fmt::format("--tunable '{}': {} ignores {} (accepted for "
                                        "compatibility only): tuning it would change nothing",
                                        name, decl->type, param));
  }
  std::string text = info->default_text;
  for (const Attribute& a : decl->parameters) {
    if (a.name == param) text = a.value;
  }
  double value = 0;
  const auto [at, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || at != text.data() + text.size()) {
    throw ScenarioError({}, fmt::format("--tunable '{}': its value '{}' is not one number (an "
                                        "FMU parameter is one Real)",
                                        name, text));
  }
  return {value, info->unit};
}

/// The table of the FMU's variables: the Signal/External inputs, the chosen outputs, the
/// scenario's numeric Variables as fixed parameters, then the --tunable SimObject parameters.
/// Throws ScenarioError for a bad --output or --tunable.
fmu::Table Variables(Session& session, const FmuRequest& request) {
  fmu::Table table;
  for (const std::string& input : session.InputNames()) {
    AddVariables(table, fmu::Causality::kInput, input, session.Get(input + ".Out"),
                 UnitOf(session.model(), input + ".Out"));
  }
  std::set<std::string> seen;
  for (const std::string& output : request.outputs) {
    if (!seen.insert(output).second) {
      throw ScenarioError({}, fmt::format("--output '{}' is given twice", output));
    }
    std::vector<double> values;
    try {
      values = session.Get(output);
    } catch (const ScenarioError& e) {
      throw ScenarioError({}, fmt::format("--output {}", e.message()));
    }
    AddVariables(table, fmu::Causality::kOutput, output, values, UnitOf(session.model(), output));
  }
  for (const auto& [name, text] : session.scenario().variables) {
    double value = 0;
    const auto [at, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    // A Variable whose value is not one number (a list, a name) is no Real parameter.
    if (ec == std::errc() && at == text.data() + text.size()) {
      AddVariables(table, fmu::Causality::kParameter, name, {value}, "");
    }
  }
  for (const std::string& name : request.tunables) {
    const auto [value, unit] = TunableParameter(session, name);
    AddVariables(table, fmu::Causality::kTunable, name, {value}, unit);
  }
  std::set<std::string> names;
  for (const fmu::Variable& v : table.variables) {
    if (!names.insert(fmu::FmiName(v)).second) {
      throw ScenarioError({}, fmt::format("two FMU variables would be named '{}' (a scenario "
                                          "Variable, an input, an output or a --tunable given "
                                          "twice); rename or drop one",
                                          fmu::FmiName(v)));
    }
  }
  return table;
}

FmuInfo Info(const Scenario& scenario, const std::string& output) {
  const OutputTimes& times = scenario.engine.output;
  return {.model_name = fs::path(scenario.file).filename().string(),
          .model_identifier = ModelIdentifier(fs::path(output).stem().string()),
          .start_time = times.start,
          .stop_time = times.end,
          .step_size = times.times.size() >= 2 ? times.times[1] - times.times[0] : 0.0,
          .tolerance = scenario.engine.rel_tol};
}

void WriteFile(const std::string& path, const std::string& bytes) {
  ReplacingFile file(path, false);
  std::ofstream out(file.write_path(), std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) throw IoError(fmt::format("cannot write '{}': {}", path, std::strerror(errno)));
  file.Publish();
}

}  // namespace

int Fmu(const FmuRequest& request) {
  if (request.outputs.empty()) {
    throw ScenarioError({},
                        "hawser fmu: no --output NAME given: an FMU needs at least one output "
                        "(an output Obj.Port or a state Obj:State; `hawser eval SCENARIO` "
                        "lists them all)");
  }
  if (fs::path(request.output).extension() != ".fmu") {
    throw ScenarioError({},
                        fmt::format("-o '{}': an FMU's file name ends in .fmu", request.output));
  }
  CheckReplaceable(request.output, false);  // Before the minutes a large scenario may load.
  std::unique_ptr<Session> session = Session::FromFile(request.scenario, request.variables);
  fmu::Table table = Variables(*session, request);
  const Scenario& scenario = session->scenario();
  const FmuInfo info = Info(scenario, request.output);
  table.scenario = info.model_name;
  table.guid = GuidOf(fmu::WriteTable(table) + scenario.xml_text + info.model_identifier);
  const std::string api = SimObjectApiPath();
  const std::string zip = ZipArchive({
      {.name = "modelDescription.xml", .data = ModelDescription(table, info)},
      {.name = "binaries/linux64/" + info.model_identifier + ".so",
       .data = ReadBinary(FmuBinaryPath()),
       .executable = true},
      {.name = "binaries/linux64/" + fs::path(api).filename().string(),
       .data = ReadBinary(api),
       .executable = true},
      {.name = "resources/" + info.model_name, .data = scenario.xml_text},
      {.name = "resources/hawser_fmu.txt", .data = fmu::WriteTable(table)},
  });
  WriteFile(request.output, zip);
  size_t counts[4] = {0, 0, 0, 0};
  for (const fmu::Variable& v : table.variables) ++counts[static_cast<int>(v.causality)];
  fmt::print(stderr,
             "hawser fmu: wrote '{}' ({:.1f} MB): {} input, {} output and {} parameter "
             "variables ({} tunable); binary {}.so for linux64\n",
             request.output, static_cast<double>(zip.size()) / 1e6, counts[0], counts[1],
             counts[2] + counts[3], counts[3], info.model_identifier);
  return kOk;
}

}  // namespace hawser::cli
