// Evaluations for a row of the result file: only what the logged outputs are computed from.
// A result file usually logs a few ports, while every output of every object was computed at
// each output time; on a moored floater in a 200-component sea that meant wave kinematics at
// every node of every line once per row, about as often as the integrator's own evaluations.
#include <algorithm>
#include <functional>
#include <unordered_map>

#include "runtime/model/model.h"
#include "runtime/model/model_steps.h"
#include "runtime/model/non_finite.h"

namespace hawser {

void Model::SetLogged(const std::vector<std::span<const double>>& logged) {
  log_program_.reset();
  log_steps_.clear();
  std::unordered_map<const double*, int> producer;  // An output's first value -> its step.
  for (size_t s = 0; s < steps_.size(); ++s) {
    const Step& st = steps_[s];
    if (st.calc == nullptr) {  // An input sum: an output that is a view of the input reads it.
      const std::span<const double> dst = combiners_[st.combiner].dst;
      if (!dst.empty()) producer.emplace(dst.data(), static_cast<int>(s));
      continue;
    }
    for (int out : st.calc->outputs) {
      const std::span<const double> v = st.object->output_view(out);
      if (!v.empty()) producer.emplace(v.data(), static_cast<int>(s));
    }
  }
  // The logged outputs' steps and, depth first, every step they read.
  std::vector<bool> needed(steps_.size(), false);
  std::vector<int> work;
  for (std::span<const double> v : logged) {
    if (v.empty()) continue;
    const auto found = producer.find(v.data());
    if (found != producer.end()) {
      work.push_back(found->second);
    } else if (!std::less_equal<>()(x_.data(), v.data()) ||
               !std::less<>()(v.data(), x_.data() + x_.size())) {
      return;  // Neither a step's result nor a view of the state: evaluate everything.
    }          // A view of the state (DeclareOutputFromState) needs no step.
  }
  while (!work.empty()) {
    const int s = work.back();
    work.pop_back();
    if (needed[s]) continue;
    needed[s] = true;
    for (int r : step_reads_[s]) work.push_back(r);
  }
  std::vector<Step> steps;
  for (size_t s = 0; s < steps_.size(); ++s) {
    if (!needed[s]) continue;
    log_steps_.push_back(static_cast<int>(s));
    steps.push_back(steps_[s]);
  }
  log_program_ = std::make_unique<Program>(Program::Compile(steps, combiners_));
  for (KernelBatch& batch : log_program_->kernels) batch.Pack();
}

bool Model::EvaluateLogged(double t, const double* x) {
  if (!log_program_) return EvaluateOutputs(t, x);
  t_ = t;
  std::copy(x, x + x_.size(), x_.begin());  // Not memcpy: see Rhs.
  // logging_only_ off again however Run ends (a calculation may throw).
  struct Flag {
    bool& on;
    explicit Flag(bool& f) : on(f) { on = true; }
    ~Flag() { on = false; }
  };
  {
    const Flag logging(logging_only_);
    Run(*log_program_);
  }
  for (int s : log_steps_) {
    const Step& st = steps_[static_cast<size_t>(s)];
    if (st.calc == nullptr) continue;
    for (int out : st.calc->outputs) {
      if (!AllFinite(st.object->output_view(out))) return EvaluateOutputs(t, x);
    }
  }
  return true;
}

}  // namespace hawser
