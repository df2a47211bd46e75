// Model assembly, evaluation order: the dependency graph over ports and calculations sorted
// prerequisites first (an algebraic loop is reported), and the evaluation steps in that order.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iterator>
#include <vector>

#include "hawser/check.h"
#include "hawser/text.h"
#include "runtime/model/model_builder.h"
#include "runtime/model/model_steps.h"
#include "runtime/model/object_wiring.h"
#include "runtime/model/step_interleaving.h"

namespace hawser {

int Model::Builder::NodeId(int obj, Kind kind, int index) const {
  const auto& base = node_base_[obj];
  return base[static_cast<int>(kind)] + index;
}

void Model::Builder::Prerequisites(const Node& n, std::vector<int>& pre) const {
  const ObjectInterface& f = iface(n.object);
  switch (n.kind) {
    case Kind::kInput:
      for (const Term& t : Source(n.object, n.index).terms)
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
}

std::string Model::Builder::NodeName(const Node& n) const {
  const ObjectInterface& f = iface(n.object);
  if (n.kind == Kind::kInput) return PortName(n.object, f.inputs[n.index].spec.name);
  if (n.kind == Kind::kOutput) return PortName(n.object, f.outputs[n.index].spec.name);
  return m_.objects_[n.object]->name() + ".<calc>";
}

void Model::Builder::OrderEvaluation() {
  for (size_t obj = 0; obj < m_.objects_.size(); ++obj) {
    const ObjectInterface& f = iface(obj);
    node_base_.push_back({static_cast<int>(nodes_.size()),
                          static_cast<int>(nodes_.size() + f.inputs.size()),
                          static_cast<int>(nodes_.size() + f.inputs.size() + f.outputs.size())});
    for (size_t i = 0; i < f.inputs.size(); ++i) nodes_.push_back({int(obj), Kind::kInput, int(i)});
    for (size_t i = 0; i < f.outputs.size(); ++i)
      nodes_.push_back({int(obj), Kind::kOutput, int(i)});
    for (size_t i = 0; i < f.calcs.size(); ++i) nodes_.push_back({int(obj), Kind::kCalc, int(i)});
  }
  pre_start_.reserve(nodes_.size() + 1);
  pre_start_.push_back(0);
  for (const Node& n : nodes_) {
    Prerequisites(n, pre_);
    pre_start_.push_back(pre_.size());
  }
  // Depth-first search, prerequisites first; a node met again while on the path closes a loop.
  std::vector<int> color(nodes_.size(), 0);  // 0 new, 1 on path, 2 done
  std::vector<int> path;
  struct Frame {
    int node;
    size_t next;  ///< Its next prerequisite to visit: pre_[next].
  };
  std::vector<Frame> stack;
  const auto push = [&](int node) {
    color[node] = 1;
    path.push_back(node);
    stack.push_back({node, pre_start_[node]});
  };
  order_.reserve(nodes_.size());
  for (size_t start = 0; start < nodes_.size(); ++start) {
    if (color[start] != 0) continue;
    push(int(start));
    while (!stack.empty()) {
      Frame& top = stack.back();
      if (top.next < pre_start_[top.node + 1]) {
        const int p = pre_[top.next++];
        if (color[p] == 1) ReportLoop(path, p);
        if (color[p] == 0) push(p);  // Invalidates `top`.
        continue;
      }
      color[top.node] = 2;
      order_.push_back(top.node);
      stack.pop_back();
      path.pop_back();
    }
  }
}

void Model::Builder::ReportLoop(const std::vector<int>& path, int again) const {
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
      loc = Source(n.object, n.index).decl->loc;
      located = true;
    }
  }
  throw ScenarioErrors({ScenarioError(
      loc, fmt::format("algebraic loop: {}; each output in it depends directly on the input "
                       "before it. Break the loop with an object whose output reads only its "
                       "states (a body's Pos, a Math/LowPass)",
                       fmt::join(names, " -> ")))});
}

void Model::Builder::BuildSteps() {
  const std::vector<bool> needed = NeededForDerivatives();
  // producer[node]: the step whose run last writes the node's value (a view passes on its
  // source's), or -1 when nothing computes it (a constant, a state). Prerequisites come first in
  // order_, so one pass fills it, and it gives each step the steps it reads.
  std::vector<int> producer(nodes_.size(), -1);
  m_.initialize_reads_.resize(m_.objects_.size());
  std::vector<int> rhs_of;  // rhs_steps_ index -> steps_ index.
  std::vector<int> reads;
  for (int id : order_) {
    const Node& n = nodes_[id];
    SimObject* o = m_.objects_[n.object].get();
    const size_t before = m_.steps_.size();
    if (n.kind == Kind::kCalc) {
      m_.steps_.push_back({o, &o->interface().calcs[n.index], -1});
    } else if (n.kind == Kind::kInput) {
      AddInputStep(n.object, n.index);
    }
    reads.clear();
    for (int p : PrerequisitesOf(id))
      if (producer[p] >= 0) reads.push_back(producer[p]);
    if (m_.steps_.size() > before) {
      producer[id] = static_cast<int>(before);
      m_.step_reads_.push_back(reads);
      if (needed[id]) {
        m_.rhs_steps_.push_back(m_.steps_.back());
        rhs_of.push_back(static_cast<int>(before));
      }
    } else if (!reads.empty()) {
      producer[id] = reads.front();  // A view (an output of an input, a direct input) has one.
    }
    if (n.kind != Kind::kCalc && producer[id] >= 0)
      m_.initialize_reads_[n.object].push_back(producer[id]);
  }
  // After every step: the programs point into combiners_, which no longer grows.
  m_.program_ = std::make_unique<Program>(Program::Compile(m_.steps_, m_.combiners_));
  CompileRhsProgram(rhs_of);
}

void Model::Builder::CompileRhsProgram(const std::vector<int>& rhs_of) {
  // What each step reads, as indices into rhs_steps_ (which holds everything they read).
  std::vector<int> rhs_position(m_.steps_.size(), -1);
  for (size_t i = 0; i < rhs_of.size(); ++i) rhs_position[rhs_of[i]] = static_cast<int>(i);
  std::vector<std::vector<int>> reads(rhs_of.size());
  std::vector<decltype(Kernel::run)> kernel;
  std::vector<bool> sum;
  for (size_t i = 0; i < rhs_of.size(); ++i) {
    for (int p : m_.step_reads_[rhs_of[i]]) {
      HAWSER_CHECK(rhs_position[p] >= 0, "a step of the right-hand side reads one outside it");
      reads[i].push_back(rhs_position[p]);
    }
    const Step& step = m_.rhs_steps_[i];
    kernel.push_back(step.calc != nullptr ? ObjectWiring::Parts(*step.calc).kernel.run : nullptr);
    sum.push_back(step.calc == nullptr);
  }
  std::vector<Step> interleaved;
  for (int i : InterleavedOrder(kernel, sum, reads)) interleaved.push_back(m_.rhs_steps_[i]);
  m_.rhs_steps_ = std::move(interleaved);
  m_.rhs_program_ = std::make_unique<Program>(Program::Compile(m_.rhs_steps_, m_.combiners_));
}

/// The nodes the state derivatives depend on: every input and signal calculation of an object
/// with states (its CalcDerivatives may read them), and all they depend on in turn. Outputs
/// that are only logged (energies: CalcRole::kDiagnostic) are then not computed in the
/// right-hand side.
std::vector<bool> Model::Builder::NeededForDerivatives() const {
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
    const std::span<const int> pre = PrerequisitesOf(id);
    work.insert(work.end(), pre.begin(), pre.end());
  }
  return needed;
}

void Model::Builder::AddInputStep(int obj, int in) {
  using Wiring = WiringEntry::Kind;
  const InputSource& src = Source(obj, in);
  const PortSpec& spec = iface(obj).inputs[in].spec;
  if (src.decl == nullptr) {
    std::copy(spec.fallback->begin(), spec.fallback->end(), InputView(obj, in).begin());
    m_.wiring_.push_back({Wiring::kDefault, obj, in, nullptr});
    return;
  }
  if (IsDirectView(obj, in)) {
    m_.wiring_.push_back({Wiring::kView, obj, in, src.decl});
    return;
  }
  Combiner c;
  c.dst = InputView(obj, in);
  c.constant.assign(spec.width, 0.0);
  bool literal = false;
  for (const Term& t : src.terms) {
    if (t.object < 0) {
      for (int k = 0; k < spec.width; ++k) c.constant[k] += t.factor * (*t.literal)[k];
      literal = true;
    } else {
      c.terms.push_back({OutputView(t.object, t.output).data() + t.begin, t.factor});
    }
  }
  if (!literal) c.constant.clear();  // Nothing to add: see Combiner.
  if (c.terms.empty()) {
    std::copy(c.constant.begin(), c.constant.end(), c.dst.begin());
    m_.wiring_.push_back({Wiring::kConstant, obj, in, src.decl});
    return;
  }
  m_.wiring_.push_back({Wiring::kSum, obj, in, src.decl});
  m_.combiners_.push_back(std::move(c));
  m_.steps_.push_back(
      {m_.objects_[obj].get(), nullptr, static_cast<int>(m_.combiners_.size()) - 1});
}

std::vector<std::string> Model::DescribeWiring() const {
  using Wiring = WiringEntry::Kind;
  std::vector<std::string> lines;
  lines.reserve(wiring_.size());
  for (const WiringEntry& w : wiring_) {
    const PortSpec& spec = objects_[w.object]->interface().inputs[w.input].spec;
    const std::string target = objects_[w.object]->name() + "." + spec.name;
    switch (w.kind) {
      case Wiring::kDefault:
        lines.push_back(fmt::format("{} <- {} (default)", target, fmt::join(*spec.fallback, ",")));
        break;
      case Wiring::kView:
        lines.push_back(fmt::format("{} <- {} (view)", target, w.decl->text));
        break;
      case Wiring::kSum:
        lines.push_back(fmt::format("{} <- {} (sum)", target, w.decl->text));
        break;
      case Wiring::kConstant: {
        // The literal terms' sum, as AddInputStep computed it (every term is a literal).
        std::vector<double> constant(spec.width, 0.0);
        for (const ConnectionTerm& t : w.decl->terms)
          for (int k = 0; k < spec.width; ++k) constant[k] += t.factor * t.literal[k];
        // Show what an expression such as "${R}*cos(2*pi/3), 0, -100" gave (short vectors only).
        std::string values;
        for (double v : constant) values += (values.empty() ? "" : ", ") + NumberText(v);
        std::string written = w.decl->text;
        std::erase_if(written, [](char ch) { return ch == ' '; });
        std::string plain = values;
        std::erase_if(plain, [](char ch) { return ch == ' '; });
        const std::string shown = spec.width <= 12 && written != plain ? " = " + values : "";
        lines.push_back(fmt::format("{} <- {} (constant{})", target, w.decl->text, shown));
        break;
      }
    }
  }
  return lines;
}

}  // namespace hawser
