// Model assembly: objects from their declarations, connections resolved and checked, the
// evaluation order from the dependency graph, buffers laid out and every port view bound.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <map>

#include "hawser/check.h"
#include "runtime/model/jacobian_structure.h"
#include "runtime/model/model.h"
#include "runtime/model/model_steps.h"

namespace hawser {

namespace {

std::vector<std::string> InputNames(const ObjectInterface& iface) {
  std::vector<std::string> names;
  for (const auto& p : iface.inputs) names.push_back(p.spec.name);
  return names;
}
std::vector<std::string> OutputNames(const ObjectInterface& iface) {
  std::vector<std::string> names;
  for (const auto& p : iface.outputs) names.push_back(p.spec.name);
  return names;
}
std::vector<std::string> StateNames(const ObjectInterface& iface) {
  std::vector<std::string> names;
  for (const auto& s : iface.states) names.push_back(s.spec.name);
  return names;
}
int IndexOf(const std::vector<std::string>& names, const std::string& name) {
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == name) return static_cast<int>(i);
  return -1;
}

}  // namespace

// Assembly, step by step; each step reports every problem it finds before the next one runs.
class Model::Builder {
 public:
  Builder(Model& m, const Registry& registry) : m_(m), registry_(registry) {}

  void Build() {
    BuildObjects();
    errors_.ThrowIfAny();
    ResolveConnections();
    CheckUnconnectedInputs();
    CheckInitialConditions();
    errors_.ThrowIfAny();
    OrderEvaluation();
    LayOutBuffers();
    m_.sparsity_ = JacobianPattern();
  }

 private:
  struct Term {
    double factor = 1.0;
    int object = -1, output = -1;  ///< A port reference when object >= 0.
    int begin = 0, end = 0;        ///< Slice of the output.
    std::vector<double> literal;
  };
  struct InputSource {
    const ConnectionDecl* decl = nullptr;
    std::vector<Term> terms;
  };

  const Scenario& scenario() const { return m_.scenario_; }
  const ObjectInterface& iface(int obj) const { return m_.objects_[obj]->interface(); }
  std::string PortName(int obj, const std::string& port) const {
    return m_.objects_[obj]->name() + "." + port;
  }

  void BuildObjects() {
    std::map<std::string, const ObjectDecl*> seen;
    for (const ObjectDecl& decl : scenario().objects) {
      errors_.Try([&] { BuildObject(decl, seen); });
    }
  }

  void BuildObject(const ObjectDecl& decl, std::map<std::string, const ObjectDecl*>& seen) {
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
      }
      throw;
    }
    ReportUnknownParameters(decl, *type, *object);
    object_index_[decl.name] = static_cast<int>(m_.objects_.size());
    m_.objects_.push_back(std::move(object));
  }

  void ReportUnknownParameters(const ObjectDecl& decl, const TypeInfo& type,
                               const SimObject& object) {
    std::vector<std::string> known;
    for (const auto& p : object.interface().params) known.push_back(p.name);
    for (const Attribute& a : decl.parameters) {
      if (IndexOf(known, a.name) < 0) {
        errors_.Add(a.loc, fmt::format("{} ({}): unknown parameter '{}'{}", decl.name, type.path,
                                       a.name, SuggestionText(a.name, known, "its parameters")));
      }
    }
  }

  void ResolveConnections() {
    sources_.resize(m_.objects_.size());
    for (size_t i = 0; i < m_.objects_.size(); ++i) sources_[i].resize(iface(i).inputs.size());
    for (const ConnectionDecl& c : scenario().connections)
      errors_.Try([&] { ResolveConnection(c); });
  }

  int FindObjectOrThrow(const std::string& name, const SourceLocation& loc) const {
    auto it = object_index_.find(name);
    if (it != object_index_.end()) return it->second;
    std::vector<std::string> names;
    for (const auto& o : m_.objects_) names.push_back(o->name());
    throw ScenarioError(
        loc, fmt::format("unknown object '{}'{}", name, SuggestionText(name, names, "objects")));
  }

  void ResolveConnection(const ConnectionDecl& c) {
    const int obj = FindObjectOrThrow(c.object, c.loc);
    const auto inputs = InputNames(iface(obj));
    const int in = IndexOf(inputs, c.port);
    if (in < 0) {
      std::string hint =
          IndexOf(OutputNames(iface(obj)), c.port) >= 0
              ? fmt::format("; '{}' is an output of {}, and a Connection sets an input", c.port,
                            c.object)
              : "";
      throw ScenarioError(
          c.loc, fmt::format("{} ({}) has no input '{}'{}{}", c.object, m_.objects_[obj]->type(),
                             c.port, hint, SuggestionText(c.port, inputs, "its inputs")));
    }
    InputSource& src = sources_[obj][in];
    if (src.decl != nullptr) {
      throw ScenarioError(c.loc, fmt::format("input {} is connected twice (first at line {}); "
                                             "expected one connection per input (use a sum such as "
                                             "\"A.Out + B.Out\" to add several signals)",
                                             PortName(obj, c.port), src.decl->loc.line));
    }
    const int width = iface(obj).inputs[in].spec.width;
    src.decl = &c;  // Connected, even if a term below is wrong: no "not connected" error follows.
    std::vector<Term> terms;
    for (const ConnectionTerm& t : c.terms) terms.push_back(ResolveTerm(t, c, width));
    src.terms = std::move(terms);
  }

  Term ResolveTerm(const ConnectionTerm& t, const ConnectionDecl& c, int width) const {
    Term term;
    term.factor = t.factor;
    const std::string target = c.object + "." + c.port;
    if (!t.is_reference()) {
      if (static_cast<int>(t.literal.size()) != width) {
        throw ScenarioError(
            c.loc, fmt::format("width mismatch: input {} has width {}, but the value "
                               "'{}' has {} number(s); expected {} comma-separated numbers",
                               target, width, c.text, t.literal.size(), width));
      }
      term.literal = t.literal;
      return term;
    }
    term.object = FindObjectOrThrow(t.object, c.loc);
    const auto outputs = OutputNames(iface(term.object));
    term.output = IndexOf(outputs, t.port);
    if (term.output < 0) {
      std::string hint =
          IndexOf(InputNames(iface(term.object)), t.port) >= 0
              ? fmt::format("; '{}' is an input of {}, and a connection reads outputs", t.port,
                            t.object)
              : "";
      throw ScenarioError(c.loc, fmt::format("{} ({}) has no output '{}'{}{}", t.object,
                                             m_.objects_[term.object]->type(), t.port, hint,
                                             SuggestionText(t.port, outputs, "its outputs")));
    }
    const int out_width = iface(term.object).outputs[term.output].spec.width;
    term.begin = t.slice_begin.value_or(0);
    term.end = t.slice_end.value_or(out_width);
    const std::string ref = fmt::format("{}.{}", t.object, t.port);
    if (term.begin < 0 || term.end > out_width || term.begin >= term.end) {
      throw ScenarioError(c.loc,
                          fmt::format("slice [{}:{}] of {} is out of range; {} has width {}, so "
                                      "expected indices 0 to {}",
                                      term.begin, term.end, ref, ref, out_width, out_width - 1));
    }
    if (term.end - term.begin != width) {
      throw ScenarioError(
          c.loc,
          fmt::format("width mismatch: input {} has width {}, but {}{} has width {}", target, width,
                      ref, t.slice_begin ? fmt::format("[{}:{}]", term.begin, term.end) : "",
                      term.end - term.begin));
    }
    return term;
  }

  void CheckUnconnectedInputs() {
    for (size_t obj = 0; obj < m_.objects_.size(); ++obj) {
      const auto& inputs = iface(obj).inputs;
      for (size_t in = 0; in < inputs.size(); ++in) {
        if (sources_[obj][in].decl != nullptr || inputs[in].spec.fallback) continue;
        const auto& spec = inputs[in].spec;
        errors_.Add(
            m_.objects_[obj]->location(),
            fmt::format("input {} (width {}, {}) is not connected; expected a <Connection "
                        "{}=\"...\"/> in INTERCONNECTIONS",
                        PortName(obj, spec.name), spec.width, spec.unit, PortName(obj, spec.name)));
      }
    }
  }

  void CheckInitialConditions() {
    initial_values_.resize(m_.objects_.size());
    for (size_t i = 0; i < m_.objects_.size(); ++i)
      initial_values_[i].assign(iface(i).states.size(), nullptr);
    for (const InitialConditionDecl& ic : scenario().initial_conditions) {
      errors_.Try([&] {
        const int obj = FindObjectOrThrow(ic.object, ic.loc);
        const auto states = StateNames(iface(obj));
        const int s = IndexOf(states, ic.state);
        if (s < 0) {
          throw ScenarioError(ic.loc, fmt::format("{} ({}) has no state '{}'{}", ic.object,
                                                  m_.objects_[obj]->type(), ic.state,
                                                  SuggestionText(ic.state, states, "its states")));
        }
        const int width = iface(obj).states[s].spec.width;
        if (static_cast<int>(ic.value.size()) != width) {
          throw ScenarioError(ic.loc,
                              fmt::format("initial condition {}.{} has {} value(s); the state has "
                                          "width {}, so expected {} comma-separated numbers",
                                          ic.object, ic.state, ic.value.size(), width, width));
        }
        if (const auto& check = iface(obj).states[s].spec.check; check) {
          if (std::string expected = check(ic.value); !expected.empty()) {
            throw ScenarioError(
                ic.loc, fmt::format("initial condition {}.{} = {} is invalid; expected {}",
                                    ic.object, ic.state, fmt::join(ic.value, ","), expected));
          }
        }
        if (initial_values_[obj][s] != nullptr) {
          throw ScenarioError(
              ic.loc, fmt::format("initial condition {}.{} is given twice", ic.object, ic.state));
        }
        initial_values_[obj][s] = &ic.value;
      });
    }
  }

  // ---- Evaluation order: a dependency graph over ports and calculations ----
  enum class Kind { kInput, kOutput, kCalc };
  struct Node {
    int object;
    Kind kind;
    int index;
  };

  int NodeId(int obj, Kind kind, int index) const {
    const auto& base = node_base_[obj];
    return base[static_cast<int>(kind)] + index;
  }

  std::vector<int> Prerequisites(const Node& n) const {
    std::vector<int> pre;
    const ObjectInterface& f = iface(n.object);
    switch (n.kind) {
      case Kind::kInput:
        for (const Term& t : sources_[n.object][n.index].terms)
          if (t.object >= 0) pre.push_back(NodeId(t.object, Kind::kOutput, t.output));
        break;
      case Kind::kOutput: {
        const OutputInfo& o = f.outputs[n.index];
        if (o.source == OutputInfo::Source::kCalc)
          pre.push_back(NodeId(n.object, Kind::kCalc, o.calc));
        if (o.source == OutputInfo::Source::kInput)
          pre.push_back(NodeId(n.object, Kind::kInput, o.alias_of));
        break;
      }
      case Kind::kCalc:
        for (int in : f.calcs[n.index].inputs) pre.push_back(NodeId(n.object, Kind::kInput, in));
        break;
    }
    return pre;
  }

  std::string NodeName(const Node& n) const {
    const ObjectInterface& f = iface(n.object);
    if (n.kind == Kind::kInput) return PortName(n.object, f.inputs[n.index].spec.name);
    if (n.kind == Kind::kOutput) return PortName(n.object, f.outputs[n.index].spec.name);
    return m_.objects_[n.object]->name() + ".<calc>";
  }

  void OrderEvaluation() {
    for (size_t obj = 0; obj < m_.objects_.size(); ++obj) {
      const ObjectInterface& f = iface(obj);
      node_base_.push_back({static_cast<int>(nodes_.size()),
                            static_cast<int>(nodes_.size() + f.inputs.size()),
                            static_cast<int>(nodes_.size() + f.inputs.size() + f.outputs.size())});
      for (size_t i = 0; i < f.inputs.size(); ++i)
        nodes_.push_back({int(obj), Kind::kInput, int(i)});
      for (size_t i = 0; i < f.outputs.size(); ++i)
        nodes_.push_back({int(obj), Kind::kOutput, int(i)});
      for (size_t i = 0; i < f.calcs.size(); ++i) nodes_.push_back({int(obj), Kind::kCalc, int(i)});
    }
    // Depth-first search, prerequisites first; a node met again while on the path closes a loop.
    std::vector<int> color(nodes_.size(), 0);  // 0 new, 1 on path, 2 done
    std::vector<int> path;
    for (size_t start = 0; start < nodes_.size(); ++start) {
      if (color[start] != 0) continue;
      // Iterative DFS: (node, next prerequisite position).
      std::vector<std::pair<int, size_t>> stack{{int(start), 0}};
      std::vector<std::vector<int>> pre_cache;
      color[start] = 1;
      path.push_back(int(start));
      pre_cache.push_back(Prerequisites(nodes_[start]));
      while (!stack.empty()) {
        auto& [node, next] = stack.back();
        const std::vector<int>& pre = pre_cache.back();
        if (next < pre.size()) {
          const int p = pre[next++];
          if (color[p] == 1) ReportLoop(path, p);
          if (color[p] == 0) {
            color[p] = 1;
            stack.push_back({p, 0});
            path.push_back(p);
            pre_cache.push_back(Prerequisites(nodes_[p]));
          }
          continue;
        }
        color[node] = 2;
        order_.push_back(node);
        stack.pop_back();
        path.pop_back();
        pre_cache.pop_back();
      }
    }
  }

  [[noreturn]] void ReportLoop(const std::vector<int>& path, int again) const {
    // `path` runs from dependents to prerequisites; data flows the other way, so read it
    // backwards, from `again` round to it, and start the description at an output.
    auto it = std::find(path.begin(), path.end(), again);
    std::vector<Node> cycle;
    for (auto p = path.rbegin(); p != std::make_reverse_iterator(it); ++p)
      if (nodes_[*p].kind != Kind::kCalc) cycle.push_back(nodes_[*p]);
    auto first_output = std::find_if(cycle.begin(), cycle.end(),
                                     [](const Node& n) { return n.kind == Kind::kOutput; });
    std::rotate(cycle.begin(), first_output, cycle.end());
    std::vector<std::string> names;
    SourceLocation loc = scenario().engine.loc;
    bool located = false;
    for (const Node& n : cycle) {
      names.push_back(NodeName(n));
      if (n.kind == Kind::kInput && !located) {
        loc = sources_[n.object][n.index].decl->loc;
        located = true;
      }
    }
    throw ScenarioErrors({ScenarioError(
        loc, fmt::format("algebraic loop: {}; each output in it depends directly on the input "
                         "before it. Break the loop with an object whose output reads only its "
                         "states (a body's Pos, a Math/LowPass)",
                         fmt::join(names, " -> ")))});
  }

  // ---- Buffers and views ----
  void LayOutBuffers() {
    // State vector: objects in file order, each object's states in declaration order.
    int offset = 0;
    state_offsets_.resize(m_.objects_.size());
    for (size_t obj = 0; obj < m_.objects_.size(); ++obj) {
      const auto& states = iface(obj).states;
      for (size_t s = 0; s < states.size(); ++s) {
        m_.state_layout_.push_back({int(obj), int(s), offset, states[s].spec.width});
        state_offsets_[obj].push_back(offset);
        offset += states[s].spec.width;
      }
      if (!states.empty()) m_.with_states_.push_back(m_.objects_[obj].get());
    }
    m_.x_.assign(offset, 0.0);
    m_.xdot_.assign(offset, 0.0);
    for (const StateSlot& slot : m_.state_layout_) {
      // The <InitialCondition> value when given, else the declared default.
      const std::vector<double>* given = initial_values_[slot.object][slot.state];
      const auto& start = given ? *given : iface(slot.object).states[slot.state].spec.initial;
      std::copy(start.begin(), start.end(), m_.x_.begin() + slot.offset);
      std::span<double> x(m_.x_.data() + slot.offset, slot.width);
      m_.objects_[slot.object]->BindState(
          slot.state, x, std::span<double>(m_.xdot_.data() + slot.offset, slot.width),
          given != nullptr);
      m_.objects_[slot.object]->BindInitialState(slot.state, x);
    }

    // Signals: computed outputs, then inputs that need their own storage.
    size_t total = 0;
    for (size_t obj = 0; obj < m_.objects_.size(); ++obj) {
      for (const auto& o : iface(obj).outputs)
        if (o.source == OutputInfo::Source::kCalc) total += o.spec.width;
      for (size_t in = 0; in < iface(obj).inputs.size(); ++in)
        if (!IsDirectView(obj, in)) total += iface(obj).inputs[in].spec.width;
    }
    m_.signals_.assign(total, 0.0);  // Never resized again: views into it stay valid.
    size_t next = 0;
    auto take = [&](int width) {
      std::span<double> view(m_.signals_.data() + next, width);
      next += width;
      return view;
    };
    output_views_.resize(m_.objects_.size());
    input_views_.resize(m_.objects_.size());
    for (size_t obj = 0; obj < m_.objects_.size(); ++obj) {
      output_views_[obj].resize(iface(obj).outputs.size());
      input_views_[obj].resize(iface(obj).inputs.size());
      for (size_t o = 0; o < iface(obj).outputs.size(); ++o) {
        const OutputInfo& info = iface(obj).outputs[o];
        if (info.source == OutputInfo::Source::kCalc) output_views_[obj][o] = take(info.spec.width);
        if (info.source == OutputInfo::Source::kState) {
          output_views_[obj][o] =
              std::span<double>(m_.x_.data() + state_offsets_[obj][info.alias_of], info.spec.width);
        }
      }
      for (size_t in = 0; in < iface(obj).inputs.size(); ++in) {
        if (!IsDirectView(obj, in)) input_views_[obj][in] = take(iface(obj).inputs[in].spec.width);
      }
    }
    m_.t_ = scenario().engine.output.start;
    // Resolve the views that alias other ports (in evaluation order, so sources come first).
    for (int id : order_) {
      const Node& n = nodes_[id];
      if (n.kind == Kind::kInput && IsDirectView(n.object, n.index)) {
        const Term& t = sources_[n.object][n.index].terms[0];
        input_views_[n.object][n.index] =
            output_views_[t.object][t.output].subspan(t.begin, t.end - t.begin);
      }
      if (n.kind == Kind::kOutput &&
          iface(n.object).outputs[n.index].source == OutputInfo::Source::kInput) {
        output_views_[n.object][n.index] =
            input_views_[n.object][iface(n.object).outputs[n.index].alias_of];
      }
    }
    for (size_t obj = 0; obj < m_.objects_.size(); ++obj) {
      SimObject& o = *m_.objects_[obj];
      o.BindTime(&m_.t_);
      for (size_t i = 0; i < input_views_[obj].size(); ++i) {
        o.BindInput(i, input_views_[obj][i], sources_[obj][i].decl != nullptr);
      }
      for (size_t i = 0; i < output_views_[obj].size(); ++i) o.BindOutput(i, output_views_[obj][i]);
    }
    BuildSteps();
  }

  // ---- Jacobian structure (jacobian_structure.h) ----
  /// Own blocks and couplings of every object with states: its own band, and for each input the
  /// rows that read it (DeclareInputReadBy) times the state entries the input depends on.
  SparsityPattern JacobianPattern() const {
    const int n = static_cast<int>(m_.x_.size());
    std::vector<OwnBlock> own;
    std::vector<Coupling> couplings;
    std::map<std::pair<int, int>, std::vector<IndexRange>> memo;  // (object, output) -> columns.
    for (size_t obj = 0; obj < m_.objects_.size(); ++obj) {
      const OwnBlock block = OwnStates(obj);
      if (block.width == 0) continue;
      own.push_back({block.offset, block.width, std::nullopt, iface(obj).state_entries});
      for (size_t in = 0; in < iface(obj).inputs.size(); ++in) {
        const std::vector<IndexRange> columns = InputColumns(obj, in, memo);
        for (const IndexRange& rows : Shifted(iface(obj).inputs[in].read_by, block)) {
          for (const IndexRange& c : columns) couplings.push_back({rows, c});
        }
      }
    }
    return PatternOf(n, own, couplings);
  }

  /// The entries of x holding `obj`'s states (contiguous, in declaration order).
  OwnBlock OwnStates(int obj) const {
    OwnBlock b;
    if (!state_offsets_[obj].empty()) b.offset = state_offsets_[obj][0];
    for (const StateInfo& s : iface(obj).states) b.width += s.spec.width;
    return b;
  }

  /// Own-numbered ranges (none = all own states) as ranges of x.
  static std::vector<IndexRange> Shifted(const std::optional<std::vector<IndexRange>>& ranges,
                                         const OwnBlock& block) {
    if (!ranges) return {{block.offset, block.offset + block.width}};
    std::vector<IndexRange> out;
    for (const IndexRange& r : *ranges)
      out.push_back({block.offset + r.begin, block.offset + r.end});
    return MergeRanges(std::move(out));
  }

  /// The state entries input `in` of `obj` depends on (the wiring has no algebraic loop here,
  /// so the recursion ends).
  std::vector<IndexRange> InputColumns(
      int obj, int in, std::map<std::pair<int, int>, std::vector<IndexRange>>& memo) const {
    std::vector<IndexRange> columns;
    for (const Term& t : sources_[obj][in].terms) {
      if (t.object < 0) continue;
      const std::vector<IndexRange>& from = OutputColumns(t.object, t.output, memo);
      columns.insert(columns.end(), from.begin(), from.end());
    }
    return MergeRanges(std::move(columns));
  }

  const std::vector<IndexRange>& OutputColumns(
      int obj, int out, std::map<std::pair<int, int>, std::vector<IndexRange>>& memo) const {
    if (auto it = memo.find({obj, out}); it != memo.end()) return it->second;
    std::vector<IndexRange> columns;
    const OutputInfo& info = iface(obj).outputs[out];
    if (info.source == OutputInfo::Source::kInput) {
      columns = InputColumns(obj, info.alias_of, memo);
    } else if (info.source == OutputInfo::Source::kState) {
      const int offset = state_offsets_[obj][info.alias_of];
      columns.push_back({offset, offset + iface(obj).states[info.alias_of].spec.width});
    } else {
      columns = Shifted(info.reads_states, OwnStates(obj));
      for (int in : iface(obj).calcs[info.calc].inputs) {
        const std::vector<IndexRange> from = InputColumns(obj, in, memo);
        columns.insert(columns.end(), from.begin(), from.end());
      }
      columns = MergeRanges(std::move(columns));
    }
    return memo[{obj, out}] = std::move(columns);
  }

  /// An input connected to exactly one whole or sliced output, unscaled: a view, no copy.
  bool IsDirectView(int obj, int in) const {
    const auto& terms = sources_[obj][in].terms;
    return terms.size() == 1 && terms[0].object >= 0 && terms[0].factor == 1.0;
  }

  void BuildSteps() {
    const std::vector<bool> needed = NeededForDerivatives();
    for (int id : order_) {
      const Node& n = nodes_[id];
      SimObject* o = m_.objects_[n.object].get();
      const size_t before = m_.steps_.size();
      if (n.kind == Kind::kCalc) {
        m_.steps_.push_back({o, &o->interface().calcs[n.index], -1});
      } else if (n.kind == Kind::kInput) {
        AddInputStep(n.object, n.index);
      }
      if (m_.steps_.size() > before && needed[id]) m_.rhs_steps_.push_back(m_.steps_.back());
    }
  }

  /// The nodes the state derivatives depend on: every input and signal calculation of an object
  /// with states (its CalcDerivatives may read them), and all they depend on in turn. Outputs
  /// that are only logged (energies: CalcRole::kDiagnostic) are then not computed in the
  /// right-hand side.
  std::vector<bool> NeededForDerivatives() const {
    std::vector<bool> needed(nodes_.size(), false);
    std::vector<int> work;
    for (size_t id = 0; id < nodes_.size(); ++id) {
      const Node& n = nodes_[id];
      if (iface(n.object).states.empty() || n.kind == Kind::kOutput) continue;
      if (n.kind == Kind::kCalc && iface(n.object).calcs[n.index].role == CalcRole::kDiagnostic)
        continue;
      work.push_back(int(id));
    }
    while (!work.empty()) {
      const int id = work.back();
      work.pop_back();
      if (needed[id]) continue;
      needed[id] = true;
      for (int p : Prerequisites(nodes_[id])) work.push_back(p);
    }
    return needed;
  }

  void AddInputStep(int obj, int in) {
    const InputSource& src = sources_[obj][in];
    const PortSpec& spec = iface(obj).inputs[in].spec;
    const std::string target = PortName(obj, spec.name);
    if (src.decl == nullptr) {
      std::copy(spec.fallback->begin(), spec.fallback->end(), input_views_[obj][in].begin());
      m_.wiring_.push_back(
          fmt::format("{} <- {} (default)", target, fmt::join(*spec.fallback, ",")));
      return;
    }
    if (IsDirectView(obj, in)) {
      m_.wiring_.push_back(fmt::format("{} <- {} (view)", target, src.decl->text));
      return;
    }
    Combiner c;
    c.dst = input_views_[obj][in];
    c.constant.assign(spec.width, 0.0);
    for (const Term& t : src.terms) {
      if (t.object < 0) {
        for (int k = 0; k < spec.width; ++k) c.constant[k] += t.factor * t.literal[k];
      } else {
        c.terms.push_back({output_views_[t.object][t.output].data() + t.begin, t.factor});
      }
    }
    if (c.terms.empty()) {
      std::copy(c.constant.begin(), c.constant.end(), c.dst.begin());
      m_.wiring_.push_back(fmt::format("{} <- {} (constant)", target, src.decl->text));
      return;
    }
    m_.wiring_.push_back(fmt::format("{} <- {} (sum)", target, src.decl->text));
    m_.combiners_.push_back(std::move(c));
    m_.steps_.push_back(
        {m_.objects_[obj].get(), nullptr, static_cast<int>(m_.combiners_.size()) - 1});
  }

  Model& m_;
  const Registry& registry_;
  ErrorCollector errors_;
  std::map<std::string, int> object_index_;
  std::vector<std::vector<InputSource>> sources_;  ///< [object][input]
  /// [object][state]: the <InitialCondition> value, or nullptr when not given.
  std::vector<std::vector<const std::vector<double>*>> initial_values_;
  std::vector<std::vector<int>> state_offsets_;  ///< [object][state]: offset in the state vector
  std::vector<Node> nodes_;
  std::vector<std::array<int, 3>> node_base_;
  std::vector<int> order_;  ///< Node ids, prerequisites first.
  std::vector<std::vector<std::span<double>>> output_views_;
  std::vector<std::vector<std::span<double>>> input_views_;
};

Model::Model() = default;
Model::~Model() = default;

std::unique_ptr<Model> Model::Assemble(const Scenario& scenario, const Registry& registry) {
  std::unique_ptr<Model> model(new Model);
  model->scenario_ = scenario;
  Builder(*model, registry).Build();
  return model;
}

}  // namespace hawser
