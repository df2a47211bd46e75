// Model evaluation: the right-hand side, outputs for logging, initial state and diagnosis.
#include "runtime/model/model.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>

#include "runtime/model/model_steps.h"

namespace hawser {

void Model::RunSteps(const std::vector<Step>& steps) {
  for (const Step& s : steps) {
    if (s.calc != nullptr) {
      s.calc->fn();
    } else {
      combiners_[s.combiner].Run();
    }
  }
}

void Model::CalcAllDerivatives() {
  for (SimObject* o : with_states_) o->CalcDerivatives();
}

bool Model::Rhs(double t, const double* x, double* xdot) {
  t_ = t;
  // std::copy, not memcpy: a model without states has empty vectors whose data() may be null,
  // and memcpy from or to a null pointer is undefined even for zero bytes.
  std::copy(x, x + x_.size(), x_.begin());
  RunSteps(rhs_steps_);
  CalcAllDerivatives();
  std::copy(xdot_.begin(), xdot_.end(), xdot);
  // A NaN or infinity anywhere makes the sum non-finite; this loop vectorizes, unlike a test per
  // element. A finite sum that overflows is caught by the exact check that follows.
  double sum = 0.0;
  for (double v : xdot_) sum += v;
  if (std::isfinite(sum)) return true;
  for (double v : xdot_) {
    if (!std::isfinite(v)) {
      RunSteps(steps_);  // So that the diagnosis sees every output at this point.
      diagnosis_ = FindNonFinite();
      return false;
    }
  }
  return true;
}

bool Model::EvaluateOutputs(double t, const double* x) {
  t_ = t;
  std::copy(x, x + x_.size(), x_.begin());  // Not memcpy: see Rhs.
  RunSteps(steps_);
  for (const auto& o : objects_)
    for (size_t i = 0; i < o->interface().outputs.size(); ++i)
      for (double v : o->output_view(i))
        if (!std::isfinite(v)) {
          diagnosis_ = FindNonFinite();
          return false;
        }
  return true;
}

std::string Model::FindNonFinite() const {
  auto all_finite = [](std::span<const double> v) {
    for (double d : v)
      if (!std::isfinite(d)) return false;
    return true;
  };
  for (const StateSlot& s : state_layout_) {
    const SimObject& o = *objects_[s.object];
    if (!all_finite(o.state_view(s.state)))
      return fmt::format("state {}:{} is not finite", o.name(),
                         o.interface().states[s.state].spec.name);
  }
  for (const Step& s : steps_) {
    if (s.calc == nullptr) continue;
    for (int out : s.calc->outputs) {
      if (!all_finite(s.object->output_view(out))) {
        return fmt::format("output {}.{} ({}) became non-finite first", s.object->name(),
                           s.object->interface().outputs[out].spec.name, s.object->type());
      }
    }
  }
  for (const StateSlot& s : state_layout_) {
    const SimObject& o = *objects_[s.object];
    if (!all_finite(o.derivative_view(s.state)))
      return fmt::format("derivative of state {}:{} ({}) became non-finite first", o.name(),
                         o.interface().states[s.state].spec.name, o.type());
  }
  return "a value became non-finite";
}

void Model::Pull(int step, std::vector<unsigned>& run_at, unsigned generation) {
  if (run_at[step] == generation) return;
  // Depth first, prerequisites before the step; iterative, as a chain may be long.
  std::vector<std::pair<int, size_t>> stack{{step, 0}};
  run_at[step] = generation;  // Marked on entry: the step graph has no cycles.
  while (!stack.empty()) {
    auto& [s, next] = stack.back();
    if (next < step_reads_[s].size()) {
      const int p = step_reads_[s][next++];
      if (run_at[p] != generation) {
        run_at[p] = generation;
        stack.push_back({p, 0});
      }
      continue;
    }
    const Step& st = steps_[s];
    if (st.calc != nullptr) {
      st.calc->fn();
    } else {
      combiners_[st.combiner].Run();
    }
    stack.pop_back();
  }
}

std::vector<double> Model::InitialState(double t0) {
  t_ = t0;
  // Each object's Initialize() sees the inputs computed from the states as earlier objects left
  // them. Re-running every step after each object made start-up quadratic in the number of
  // objects; instead, a step runs again only when a state changed since it last ran
  // (`generation` counts changes), and only if the object about to initialise reads it.
  std::vector<unsigned> run_at(steps_.size(), 0);
  unsigned generation = 1;
  std::vector<double> before;
  for (size_t i = 0; i < objects_.size(); ++i) {
    SimObject& o = *objects_[i];
    for (int s : initialize_reads_[i]) Pull(s, run_at, generation);
    const auto& states = o.interface().states;
    before.clear();
    for (size_t s = 0; s < states.size(); ++s)
      before.insert(before.end(), o.state_view(s).begin(), o.state_view(s).end());
    o.Initialize();
    size_t k = 0;
    bool changed = false;
    for (size_t s = 0; s < states.size() && !changed; ++s)
      for (double v : o.state_view(s)) changed = changed || v != before[k++];
    if (changed) ++generation;
  }
  RunSteps(steps_);  // Every output at the initial state, as the caller may read them.
  return x_;
}

std::pair<int, int> Model::Bandwidth() const { return BandwidthOf(sparsity_); }

const SimObject* Model::FindObject(const std::string& name) const {
  for (const auto& o : objects_)
    if (o->name() == name) return o.get();
  return nullptr;
}

std::vector<std::string> Model::DescribeEvaluationOrder() const {
  std::vector<std::string> lines;
  for (const Step& s : steps_) {
    const ObjectInterface& f = s.object->interface();
    if (s.calc == nullptr) continue;
    std::vector<std::string> outs, ins;
    for (int o : s.calc->outputs) outs.push_back(f.outputs[o].spec.name);
    for (int i : s.calc->inputs) ins.push_back(f.inputs[i].spec.name);
    lines.push_back(
        fmt::format("{}.{}{}", s.object->name(), fmt::join(outs, ","),
                    ins.empty() ? " (from states)" : fmt::format(" <- {}", fmt::join(ins, ","))));
  }
  return lines;
}

std::vector<std::string> Model::DescribeWiring() const { return wiring_; }

}  // namespace hawser
