// `hawser list`, `hawser describe TYPE` and `hawser validate`: generated from declarations.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "runtime/model/model.h"
#include "runtime/output/sink.h"
#include "runtime/plugins/plugin_loader.h"
#include "simobjects/register_base.h"
#include "tools/hawser/commands.h"

namespace hawser::cli {

Registry RegistryWithPlugins(const std::vector<std::string>& plugins,
                             const std::vector<std::string>& plugin_path) {
  Registry registry = BuiltinRegistry();
  if (plugins.empty()) return registry;
  const std::vector<std::string> search_path = PluginSearchPath(plugin_path, "");
  for (const std::string& name : plugins) LoadPlugin(name, search_path, {}, registry);
  return registry;
}

Registry RegistryForScenario(const Scenario& scenario,
                             const std::vector<std::string>& plugin_path) {
  Registry registry = BuiltinRegistry();
  LoadScenarioPlugins(scenario, plugin_path, registry);
  return registry;
}

namespace {

/// " [library winch: /path/libwinch.so]" for a plugin's type, "" for a built-in one.
std::string PluginNote(const TypeInfo& t) {
  if (t.library_file.empty()) return "";
  return fmt::format(" [library {}: {}]", t.library, t.library_file);
}

}  // namespace

int List(const std::vector<std::string>& plugins, const std::vector<std::string>& plugin_path) {
  const Registry r = RegistryWithPlugins(plugins, plugin_path);
  for (const TypeInfo& t : r.types()) {
    fmt::print("{:<34} {}{}{}\n", t.path, t.summary,
               t.aliases.empty() ? "" : fmt::format(" (also: {})", fmt::join(t.aliases, ", ")),
               PluginNote(t));
  }
  fmt::print("\nLibraries (LibName): {}\n", fmt::join(r.library_names(), ", "));
  return kOk;
}

namespace {

std::string Width(int w) { return fmt::format("{}", w); }

std::string OutputDependency(const ObjectInterface& f, const OutputInfo& o) {
  switch (o.source) {
    case OutputInfo::Source::kState:
      return fmt::format("state {}", f.states[o.alias_of].spec.name);
    case OutputInfo::Source::kInput:
      return fmt::format("input {}", f.inputs[o.alias_of].spec.name);
    case OutputInfo::Source::kCalc: {
      std::vector<std::string> ins;
      for (int i : f.calcs[o.calc].inputs) ins.push_back(f.inputs[i].spec.name);
      return ins.empty() ? "states only" : fmt::format("inputs {}", fmt::join(ins, ", "));
    }
  }
  return "";
}

}  // namespace

/// " (HDF5: node 3 x xyz x,y,z)": the dimensions a port's values have in result files.
std::string DimensionsText(const std::vector<PortDimension>& dims) {
  if (dims.empty()) return "";
  std::vector<std::string> parts;
  for (const PortDimension& d : dims) {
    parts.push_back(d.labels.empty() ? fmt::format("{} {}", d.name, d.size)
                                     : fmt::format("{} {}", d.name, fmt::join(d.labels, ",")));
  }
  return fmt::format(" (HDF5: {})", fmt::join(parts, " x "));
}

int Describe(const std::string& type_name, const std::vector<std::string>& plugins,
             const std::vector<std::string>& plugin_path) {
  const Registry r = RegistryWithPlugins(plugins, plugin_path);
  const TypeInfo* type = r.Find(type_name);
  if (type == nullptr) {
    throw ScenarioError({}, fmt::format("unknown SimObject type '{}'{}", type_name,
                                        SuggestionText(type_name, r.AllNames(), "known types")));
  }
  std::unique_ptr<SimObject> object;
  try {
    object = r.MakeForDescription(*type);
  } catch (const ScenarioError&) {
    throw;
  } catch (const std::exception& e) {  // A plugin's constructor: bad input, not a hawser bug.
    throw ScenarioError({}, fmt::format("{}{}: its constructor threw: {}", type->path,
                                        PluginNote(*type), e.what()));
  }
  const ObjectInterface& f = object->interface();
  fmt::print("{}: {}\n", type->path, type->summary);
  if (!type->library_file.empty())
    fmt::print("Library: {} ({})\n", type->library, type->library_file);
  if (!type->aliases.empty()) fmt::print("Aliases: {}\n", fmt::join(type->aliases, ", "));
  fmt::print("\nParameters:\n");
  for (const ParamInfo& p : f.params) {
    if (p.ignored) {
      fmt::print("  {:<22} ignored      {}\n", p.name, p.doc);
      continue;
    }
    fmt::print("  {:<22} {:<12} [{}] {} {}\n", p.name, p.kind, p.unit,
               p.required               ? "(required)"
               : p.default_text.empty() ? "(optional)"  // an empty default: the doc says what
                                        : fmt::format("(default {})", p.default_text),
               p.doc);
  }
  fmt::print("\nInputs:\n");
  for (const InputInfo& in : f.inputs) {
    fmt::print(
        "  {:<22} width {:<4} [{}] {}{}{}\n", in.spec.name, Width(in.spec.width), in.spec.unit,
        in.spec.doc,
        in.spec.fallback ? fmt::format(" (default {})", fmt::join(*in.spec.fallback, ",")) : "",
        DimensionsText(in.spec.dims));
  }
  fmt::print("\nOutputs:\n");
  for (const OutputInfo& o : f.outputs) {
    fmt::print("  {:<22} width {:<4} [{}] {} (from {}){}\n", o.spec.name, Width(o.spec.width),
               o.spec.unit, o.spec.doc, OutputDependency(f, o), DimensionsText(o.spec.dims));
  }
  fmt::print("\nStates:\n");
  for (const StateInfo& s : f.states) {
    fmt::print("  {:<22} width {:<4} [{}] {} (initial {}){}\n", s.spec.name, Width(s.spec.width),
               s.spec.unit, s.spec.doc, fmt::join(s.spec.initial, ","),
               DimensionsText(s.spec.dims));
  }
  if (!f.provides.empty() || !f.uses.empty()) {
    fmt::print("\nServices:\n");
    for (const std::string& name : f.provides) fmt::print("  provides {}\n", name);
    for (const ServiceSpec& use : f.uses) {
      fmt::print("  uses {} ({}, from {}): {}\n", use.name, use.required ? "required" : "optional",
                 use.provided_by, use.doc);
    }
  }
  fmt::print("\nWidths shown are for default parameter values.\n");
  return kOk;
}

int Validate(const std::string& file, const VariableOverrides& variables, bool strict_units,
             const std::vector<std::string>& plugin_path) {
  Scenario scenario = LoadScenario(file, variables);
  const Registry registry = RegistryForScenario(scenario, plugin_path);
  std::unique_ptr<Model> model = Model::Assemble(scenario, registry);
  ReportUnitMismatches(*model, strict_units);
  const EngineSettings& e = scenario.engine;
  const auto signals = SelectLoggedSignals(*model, e);
  // What run finds before its first step: the objects' own checks of their initial state
  // (Initialize: a spring whose ends coincide, an initial condition out of range) throw
  // scenario errors at their lines; a value that is not finite at the start is reported too.
  model->CheckEventTimes(e.output.start, e.output.end);  // A break time outside the run.
  const std::vector<double> x0 = model->InitialState(e.output.start);
  if (!model->EvaluateOutputs(e.output.start, x0.data())) {
    throw ScenarioError({scenario.file, 0}, fmt::format("at the start (t = {}): {}", e.output.start,
                                                        model->Diagnose()));
  }
  fmt::print("{}: OK\n\nObjects:\n", file);
  for (const auto& o : model->objects()) {
    const TypeInfo* type = registry.Find(o->type());
    fmt::print("  {:<20} {}{}\n", o->name(), o->type(), type ? PluginNote(*type) : "");
  }
  fmt::print("\nWiring:\n");
  for (const auto& w : model->DescribeWiring()) fmt::print("  {}\n", w);
  fmt::print("\nEvaluation order:\n");
  for (const auto& line : model->DescribeEvaluationOrder()) fmt::print("  {}\n", line);
  fmt::print("\nState vector ({} values):\n", model->size());
  for (const StateSlot& s : model->state_layout()) {
    const SimObject& o = *model->objects()[s.object];
    fmt::print("  [{}:{}] {}:{}\n", s.offset, s.offset + s.width, o.name(),
               o.interface().states[s.state].spec.name);
  }
  const auto& times = e.output.times;
  fmt::print("\nOutput: {} times from {} to {} (first {}, last {}); {} logged columns\n",
             times.size(), e.output.start, e.output.end, times.front(), times.back(),
             ColumnNames(signals).size());
  fmt::print(
      "Integrator: {} (linear solver {}), AbsTol {}, RelTol {}, HMin {}, HMax {}, stepsize {}\n",
      ToString(e.integrator), ToString(e.linear_solver), e.abs_tol, e.rel_tol, e.h_min, e.h_max,
      e.step_size);
  return kOk;
}

}  // namespace hawser::cli
