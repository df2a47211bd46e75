// Model assembly, buffers: the state vector with its initial values, the signal buffer, and
// every port bound to its view (inputs read a source output directly when they can).
#include <algorithm>
#include <span>

#include "runtime/model/model_builder.h"
#include "runtime/model/object_wiring.h"

namespace hawser {

void Model::Builder::LayOutBuffers() {
  // State vector: objects in file order, each object's states in declaration order.
  int offset = 0;
  first_state_.resize(m_.objects_.size());
  for (size_t obj = 0; obj < m_.objects_.size(); ++obj) {
    const auto& states = iface(obj).states;
    first_state_[obj] = static_cast<int>(state_offsets_.size());
    for (size_t s = 0; s < states.size(); ++s) {
      m_.state_layout_.push_back({int(obj), int(s), offset, states[s].spec.width});
      state_offsets_.push_back(offset);
      offset += states[s].spec.width;
    }
    if (states.empty()) continue;
    // Consecutive objects of one type (or of types without a batch) share a derivative run:
    // the type's batch if it has one, else the objects' derivative kernel if they declared one.
    const int i = static_cast<int>(m_.with_states_.size());
    m_.with_states_.push_back(m_.objects_[obj].get());
    auto batch = types_[obj]->calc_derivatives;
    const Kernel& kernel = iface(obj).derivatives;
    auto& runs = m_.derivative_runs_;
    auto& kernels = m_.derivative_kernels_;
    if (batch == nullptr && kernel) {
      if (runs.empty() || runs.back().kernel < 0 || !kernels[runs.back().kernel].Accepts(kernel)) {
        runs.push_back({i, i, nullptr, static_cast<int>(kernels.size())});
        kernels.emplace_back();
      }
      kernels.back().Add(kernel);
    } else if (runs.empty() || runs.back().batch != batch || runs.back().kernel >= 0) {
      runs.push_back({i, i, batch});
    }
    ++runs.back().end;
  }
  m_.x_.assign(offset, 0.0);
  m_.xdot_.assign(offset, 0.0);
  for (const StateSlot& slot : m_.state_layout_) {
    // The <InitialCondition> value when given, else the declared default.
    const std::vector<double>* given = initial_values_[slot.object][slot.state];
    const auto& start = given ? *given : iface(slot.object).states[slot.state].spec.initial;
    std::copy(start.begin(), start.end(), m_.x_.begin() + slot.offset);
    std::span<double> x(m_.x_.data() + slot.offset, slot.width);
    SimObject& object = *m_.objects_[slot.object];
    ObjectWiring::BindState(object, slot.state, x,
                            std::span<double>(m_.xdot_.data() + slot.offset, slot.width),
                            given != nullptr);
    ObjectWiring::BindInitialState(object, slot.state, x);
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
  views_.resize(nodes_.size());
  for (size_t obj = 0; obj < m_.objects_.size(); ++obj) {
    for (size_t o = 0; o < iface(obj).outputs.size(); ++o) {
      const OutputInfo& info = iface(obj).outputs[o];
      if (info.source == OutputInfo::Source::kCalc) OutputView(obj, o) = take(info.spec.width);
      if (info.source == OutputInfo::Source::kState) {
        OutputView(obj, o) =
            std::span<double>(m_.x_.data() + StateOffset(obj, info.alias_of), info.spec.width);
      }
    }
    for (size_t in = 0; in < iface(obj).inputs.size(); ++in) {
      if (!IsDirectView(obj, in)) InputView(obj, in) = take(iface(obj).inputs[in].spec.width);
    }
  }
  m_.t_ = scenario().engine.output.start;
  // Resolve the views that alias other ports (in evaluation order, so sources come first).
  for (int id : order_) {
    const Node& n = nodes_[id];
    if (n.kind == Kind::kInput && IsDirectView(n.object, n.index)) {
      const Term& t = Source(n.object, n.index).terms[0];
      views_[id] = OutputView(t.object, t.output).subspan(t.begin, t.end - t.begin);
    }
    if (n.kind == Kind::kOutput &&
        iface(n.object).outputs[n.index].source == OutputInfo::Source::kInput) {
      views_[id] = InputView(n.object, iface(n.object).outputs[n.index].alias_of);
    }
  }
  for (size_t obj = 0; obj < m_.objects_.size(); ++obj) {
    SimObject& o = *m_.objects_[obj];
    ObjectWiring::BindTime(o, &m_.t_);
    ObjectWiring::BindJacobianFlag(o, &m_.estimating_jacobian_);
    ObjectWiring::BindLoggingFlag(o, &m_.logging_only_);
    for (size_t i = 0; i < iface(obj).inputs.size(); ++i) {
      ObjectWiring::BindInput(o, i, InputView(obj, i), Source(obj, i).decl != nullptr);
    }
    for (size_t i = 0; i < iface(obj).outputs.size(); ++i)
      ObjectWiring::BindOutput(o, i, OutputView(obj, i));
  }
  BuildSteps();
  m_.PackKernels();  // Every port bound, every program compiled.
}

/// An input connected to exactly one whole or sliced output, unscaled: a view, no copy.
bool Model::Builder::IsDirectView(int obj, int in) const {
  const auto& terms = Source(obj, in).terms;
  return terms.size() == 1 && terms[0].object >= 0 && terms[0].factor == 1.0;
}

}  // namespace hawser
