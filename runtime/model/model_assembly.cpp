// Model assembly: objects from their declarations, connections resolved and checked, then the
// later steps (model_builder.h): evaluation order, buffers and views, the Jacobian's structure.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string_view>

#include "hawser/text.h"
#include "runtime/model/model.h"
#include "runtime/model/model_builder.h"
#include "runtime/model/model_steps.h"

namespace hawser {

namespace {

/// The names of an object's inputs, outputs or states (for messages).
template <class Ports>
std::vector<std::string> Names(const Ports& ports) {
  std::vector<std::string> names;
  for (const auto& p : ports) names.push_back(p.spec.name);
  return names;
}

/// The index of the input, output or state `name`, or -1: a search without copying the names
/// (assembly runs it for every connection).
template <class Ports>
int IndexOf(const Ports& ports, std::string_view name) {
  for (size_t i = 0; i < ports.size(); ++i)
    if (ports[i].spec.name == name) return static_cast<int>(i);
  return -1;
}

}  // namespace

void Model::Builder::Build() {
  BuildObjects();
  errors_.ThrowIfAny();
  BindServices();
  ResolveConnections();
  CheckUnconnectedInputs();
  CheckInitialConditions();
  errors_.ThrowIfAny();
  OrderEvaluation();
  LayOutBuffers();
  BuildJacobianStructure();
}

namespace {

/// ", library winch: /path/libwinch.so" for a plugin's type, "" for a built-in one.
std::string LibraryNote(const TypeInfo& type) {
  if (type.library_file.empty()) return "";
  return fmt::format(", library {}: {}", type.library, type.library_file);
}

}  // namespace

void Model::Builder::BuildObjects() {
  std::map<std::string, const ObjectDecl*> seen;
  m_.objects_.reserve(scenario().objects.size());
  types_.reserve(scenario().objects.size());
  for (const ObjectDecl& decl : scenario().objects) {
    errors_.Try([&] { BuildObject(decl, seen); });
  }
}

void Model::Builder::BuildObject(const ObjectDecl& decl,
                                 std::map<std::string, const ObjectDecl*>& seen) {
  if (auto it = seen.find(decl.name); it != seen.end()) {
    throw ScenarioError(
        decl.loc, fmt::format("duplicate object name '{}' (first defined at line {})", decl.name,
                              it->second->loc.line));
  }
  seen[decl.name] = &decl;
  if (!registry_.HasLibrary(decl.lib_name)) {
    throw ScenarioError(
        decl.loc,
        fmt::format("{}: unknown LibName '{}'{}", decl.name, decl.lib_name,
                    SuggestionText(decl.lib_name, registry_.library_names(), "known libraries")));
  }
  const TypeInfo* type = registry_.Find(decl.type);
  if (type == nullptr) {
    throw ScenarioError(
        decl.loc, fmt::format("{}: unknown SimObject type '{}'{}", decl.name, decl.type,
                              SuggestionText(decl.type, registry_.AllNames(), "known types")));
  }
  ObjectArgs args;
  args.name = decl.name;
  args.type = type->path;
  args.loc = decl.loc;
  args.line_types = scenario().line_types;
  for (const Attribute& a : decl.parameters) args.values[a.name] = {a.value, a.loc};
  std::unique_ptr<SimObject> object;
  try {
    object = type->make(args);
  } catch (const ScenarioError&) {
    // A misspelt required parameter shows up first as "missing": report the unknown names too,
    // using the parameter list of the same object built leniently (describe mode).
    ObjectArgs lenient = args;
    lenient.describe = true;
    try {
      ReportUnknownParameters(decl, *type, *type->make(lenient));
    } catch (const ScenarioError&) {
    } catch (const std::exception&) {
    }
    throw;
  } catch (const ScenarioErrors&) {
    throw;
  } catch (const std::exception& e) {
    // Any other exception (a plugin's std::runtime_error): bad input for this <Lib>, not a crash.
    throw ScenarioError(decl.loc, fmt::format("{} ({}{}): its constructor threw: {}", decl.name,
                                              type->path, LibraryNote(*type), e.what()));
  } catch (...) {
    throw ScenarioError(decl.loc, fmt::format("{} ({}{}): its constructor threw an exception",
                                              decl.name, type->path, LibraryNote(*type)));
  }
  ReportUnknownParameters(decl, *type, *object);
  m_.object_index_[decl.name] = static_cast<int>(m_.objects_.size());
  m_.objects_.push_back(std::move(object));
  types_.push_back(type);
}

void Model::Builder::ReportUnknownParameters(const ObjectDecl& decl, const TypeInfo& type,
                                             const SimObject& object) {
  const auto& params = object.interface().params;
  for (const Attribute& a : decl.parameters) {
    const auto named = [&a](const ParamInfo& p) { return p.name == a.name; };
    if (std::find_if(params.begin(), params.end(), named) == params.end()) {
      std::vector<std::string> known;
      for (const auto& p : params) known.push_back(p.name);
      errors_.Add(a.loc, fmt::format("{} ({}): unknown parameter '{}'{}", decl.name, type.path,
                                     a.name, SuggestionText(a.name, known, "its parameters")));
    }
  }
}

void Model::Builder::ResolveConnections() {
  first_input_.resize(m_.objects_.size());
  size_t inputs = 0;
  for (size_t i = 0; i < m_.objects_.size(); ++i) {
    first_input_[i] = static_cast<int>(inputs);
    inputs += iface(i).inputs.size();
  }
  sources_.resize(inputs);
  for (const ConnectionDecl& c : scenario().connections) errors_.Try([&] { ResolveConnection(c); });
}

int Model::Builder::FindObjectOrThrow(const std::string& name, const SourceLocation& loc) const {
  auto it = m_.object_index_.find(name);
  if (it != m_.object_index_.end()) return it->second;
  std::vector<std::string> names;
  for (const auto& o : m_.objects_) names.push_back(o->name());
  throw ScenarioError(
      loc, fmt::format("unknown object '{}'{}", name, SuggestionText(name, names, "objects")));
}

void Model::Builder::ResolveConnection(const ConnectionDecl& c) {
  const int obj = FindObjectOrThrow(c.object, c.loc);
  const int in = IndexOf(iface(obj).inputs, c.port);
  if (in < 0) {
    std::string hint =
        IndexOf(iface(obj).outputs, c.port) >= 0
            ? fmt::format("; '{}' is an output of {}, and a Connection sets an input", c.port,
                          c.object)
            : "";
    throw ScenarioError(
        c.loc,
        fmt::format("{} ({}) has no input '{}'{}{}", c.object, m_.objects_[obj]->type(), c.port,
                    hint, SuggestionText(c.port, Names(iface(obj).inputs), "its inputs")));
  }
  InputSource& src = Source(obj, in);
  if (src.decl != nullptr) {
    throw ScenarioError(c.loc, fmt::format("input {} is connected twice (first at line {}); "
                                           "expected one connection per input (use a sum such as "
                                           "\"A.Out + B.Out\" to add several signals)",
                                           PortName(obj, c.port), src.decl->loc.line));
  }
  const int width = iface(obj).inputs[in].spec.width;
  src.decl = &c;  // Connected, even if a term below is wrong: no "not connected" error follows.
  std::vector<Term> terms;
  terms.reserve(c.terms.size());
  for (const ConnectionTerm& t : c.terms) terms.push_back(ResolveTerm(t, c, width));
  src.terms = std::move(terms);
}

Model::Builder::Term Model::Builder::ResolveTerm(const ConnectionTerm& t, const ConnectionDecl& c,
                                                 int width) const {
  Term term;
  term.factor = t.factor;
  const auto target = [&c] { return c.object + "." + c.port; };  // For messages only.
  if (!t.is_reference()) {
    if (static_cast<int>(t.literal.size()) != width) {
      // In a sum, name the term: "A.F + 0,0,a-b" is A.F + (0,0,a) - b (see connection_parser.h).
      const bool sum = c.terms.size() > 1;
      const std::string what =
          sum ? fmt::format("the term '{}' of '{}'", Excerpt(t.text), Excerpt(c.text))
              : fmt::format("the value '{}'", Excerpt(c.text));
      throw ScenarioError(
          c.loc, fmt::format("width mismatch: input {} has width {}, but {} has {} number(s); "
                             "expected {} comma-separated numbers{}",
                             target(), width, what, t.literal.size(), width,
                             sum ? " ('+' and '-' outside parentheses separate terms: write a "
                                   "sum inside an element as (a-b))"
                                 : ""));
    }
    term.literal = &t.literal;
    return term;
  }
  term.object = FindObjectOrThrow(t.object, c.loc);
  const auto& outputs = iface(term.object).outputs;
  term.output = IndexOf(outputs, t.port);
  if (term.output < 0) {
    std::string hint = IndexOf(iface(term.object).inputs, t.port) >= 0
                           ? fmt::format("; '{}' is an input of {}, and a connection reads outputs",
                                         t.port, t.object)
                           : "";
    throw ScenarioError(c.loc, fmt::format("{} ({}) has no output '{}'{}{}", t.object,
                                           m_.objects_[term.object]->type(), t.port, hint,
                                           SuggestionText(t.port, Names(outputs), "its outputs")));
  }
  const int out_width = iface(term.object).outputs[term.output].spec.width;
  term.begin = t.slice_begin.value_or(0);
  term.end = t.slice_end.value_or(out_width);
  if (term.begin < 0 || term.end > out_width || term.begin >= term.end) {
    const std::string ref = fmt::format("{}.{}", t.object, t.port);
    throw ScenarioError(c.loc,
                        fmt::format("slice [{}:{}] of {} is out of range; {} has width {}, so "
                                    "expected indices 0 to {}",
                                    term.begin, term.end, ref, ref, out_width, out_width - 1));
  }
  if (term.end - term.begin != width) {
    throw ScenarioError(
        c.loc, fmt::format("width mismatch: input {} has width {}, but {}.{}{} has width {}",
                           target(), width, t.object, t.port,
                           t.slice_begin ? fmt::format("[{}:{}]", term.begin, term.end) : "",
                           term.end - term.begin));
  }
  return term;
}

void Model::Builder::CheckUnconnectedInputs() {
  for (size_t obj = 0; obj < m_.objects_.size(); ++obj) {
    const auto& inputs = iface(obj).inputs;
    for (size_t in = 0; in < inputs.size(); ++in) {
      if (Source(obj, in).decl != nullptr || inputs[in].spec.fallback) continue;
      const auto& spec = inputs[in].spec;
      errors_.Add(
          m_.objects_[obj]->location(),
          fmt::format("input {} (width {}, {}) is not connected; expected a <Connection "
                      "{}=\"...\"/> in INTERCONNECTIONS",
                      PortName(obj, spec.name), spec.width, spec.unit, PortName(obj, spec.name)));
    }
  }
}

const std::vector<double>& Model::Builder::ApplyElementSettings(const InitialConditionDecl& ic,
                                                                int width) {
  if (ic.elements.empty()) return ic.value;
  const std::string state = ic.object + "." + ic.state;
  const std::string range =
      width == 1 ? "index 0" : fmt::format("a whole number from 0 to {}", width - 1);
  for (const InitialConditionDecl::Element& e : ic.elements) {
    // Any number reaches here (-1, 1.5, 1e20, nan): only a whole one inside the state is valid.
    if (!(e.index >= 0 && e.index < width && e.index == std::floor(e.index))) {
      throw ScenarioError(ic.loc, fmt::format("{}: index {} is out of range: state {} has width "
                                              "{}; expected {}",
                                              e.setting, e.index, state, width, range));
    }
  }
  if (ic.value.empty()) {
    throw ScenarioError(
        ic.loc, fmt::format("{}: the scenario gives no initial condition for state {} (width {}, "
                            "indices {}) to set one element of; expected an <InitialCondition "
                            "{}=\"...\"/> with {} values, or --set {}:{}=VALUE (every element)",
                            ic.elements.front().setting, state, width,
                            width == 1 ? "0" : fmt::format("0 to {}", width - 1), state, width,
                            ic.object, ic.state));
  }
  std::vector<double>& value = set_values_.emplace_back(ic.value);
  if (static_cast<int>(value.size()) != width) return value;  // Reported by the caller.
  for (const InitialConditionDecl::Element& e : ic.elements)
    value[static_cast<size_t>(e.index)] = e.value;
  return value;
}

void Model::Builder::CheckInitialConditions() {
  initial_values_.resize(m_.objects_.size());
  for (size_t i = 0; i < m_.objects_.size(); ++i)
    initial_values_[i].assign(iface(i).states.size(), nullptr);
  // Which declaration set each state, for "given twice" messages.
  std::map<std::pair<int, int>, const InitialConditionDecl*> set_by;
  for (const InitialConditionDecl& ic : scenario().initial_conditions) {
    errors_.Try([&] {
      const int obj = FindObjectOrThrow(ic.object, ic.loc);
      const auto& states = iface(obj).states;
      const int s = IndexOf(states, ic.state);
      if (s < 0 && !ic.given_as.empty()) {
        throw ScenarioError(
            ic.loc, fmt::format("{} ({}) has no state 'Quat', which the initial condition {}.{} "
                                "sets; expected an object with an orientation state Quat{}",
                                ic.object, m_.objects_[obj]->type(), ic.object, ic.given_as,
                                SuggestionText(ic.given_as, Names(states), "its states")));
      }
      // A `--set` that made or changed the condition is named first: the scenario's line alone
      // would not tell the user which setting to fix.
      const std::string by = ic.setting.empty() ? "" : ic.setting + ": ";
      if (s < 0) {
        throw ScenarioError(
            ic.loc,
            fmt::format("{}{} ({}) has no state '{}'{}", by, ic.object, m_.objects_[obj]->type(),
                        ic.state, SuggestionText(ic.state, Names(states), "its states")));
      }
      const int width = iface(obj).states[s].spec.width;
      const std::vector<double>& value = ApplyElementSettings(ic, width);
      if (static_cast<int>(value.size()) != width) {
        throw ScenarioError(ic.loc,
                            fmt::format("{}initial condition {}.{} has {} value(s); the state has "
                                        "width {}, so expected {} comma-separated numbers",
                                        by, ic.object, ic.state, value.size(), width, width));
      }
      if (const auto& check = iface(obj).states[s].spec.check; check) {
        if (std::string expected = check(value); !expected.empty()) {
          throw ScenarioError(
              ic.loc, fmt::format("{}initial condition {}.{} = {} is invalid; expected {}", by,
                                  ic.object, ic.state, fmt::join(value, ","), expected));
        }
      }
      if (initial_values_[obj][s] != nullptr) {
        const InitialConditionDecl& first = *set_by.at({obj, s});
        auto written = [](const InitialConditionDecl& d) {
          return d.object + "." + (d.given_as.empty() ? d.state : d.given_as);
        };
        if (written(first) != written(ic)) {
          throw ScenarioError(
              ic.loc, fmt::format("initial conditions {} (line {}) and {} (line {}) both set "
                                  "state {}.{}; expected one of them",
                                  written(first), first.loc.line, written(ic), ic.loc.line,
                                  ic.object, ic.state));
        }
        throw ScenarioError(
            ic.loc, fmt::format("initial condition {}.{} is given twice", ic.object, ic.state));
      }
      initial_values_[obj][s] = &value;
      set_by[{obj, s}] = &ic;
    });
  }
}

Model::Model() = default;
Model::~Model() = default;

std::unique_ptr<Model> Model::Assemble(const Scenario& scenario, const Registry& registry) {
  std::unique_ptr<Model> model(new Model);
  model->scenario_ = scenario;
  Builder(*model, registry).Build();
  return model;
}

}  // namespace hawser
