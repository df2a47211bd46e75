#include "runtime/fmu/fmu_instance.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "hawser/errors.h"
#include "runtime/embed/scenario_source.h"

namespace hawser::fmu {
namespace {

const char* ModeName(int mode) {
  static const char* const kNames[] = {"instantiated", "initialization mode", "step mode",
                                       "terminated"};
  return kNames[mode];
}

}  // namespace

Instance::Instance(std::string resource_dir, const std::string& guid)
    : resource_dir_(std::move(resource_dir)) {
  const std::string path = resource_dir_ + "/hawser_fmu.txt";
  std::ifstream in(path);
  if (!in) throw IoError(fmt::format("cannot read '{}' (is the FMU extracted whole?)", path));
  std::stringstream text;
  text << in.rdbuf();
  table_ = ParseTable(text.str());
  if (guid != table_.guid) {
    throw std::runtime_error(
        fmt::format("GUID '{}' is not this FMU's ('{}'); "
                    "its modelDescription.xml and binary do not match",
                    guid, table_.guid));
  }
  Reset();
}

void Instance::Reset() {
  session_.reset();
  retune_ = false;
  outputs_.clear();
  values_.clear();
  for (const Variable& v : table_.variables) values_.push_back(v.start);
  start_given_ = false;
  mode_ = Mode::kInstantiated;
}

const Variable& Instance::At(unsigned vr) const {
  if (vr >= table_.variables.size()) {
    throw ScenarioError({}, fmt::format("no variable with value reference {} (this FMU has {})", vr,
                                        table_.variables.size()));
  }
  return table_.variables[vr];
}

std::unique_ptr<Session> Instance::NewSession(std::vector<std::string> sets) const {
  VariableOverrides overrides;
  for (const Variable& v : table_.variables) {
    // {} is the shortest text that reads back to the same double.
    if (v.causality == Causality::kParameter) {
      overrides[v.name] = fmt::format("{}", values_[v.value_reference]);
    } else if (v.causality == Causality::kTunable) {
      sets.push_back(fmt::format("{}={}", v.name, values_[v.value_reference]));
    }
  }
  return std::make_unique<Session>(
      LoadScenarioWith(resource_dir_ + "/" + table_.scenario, "", overrides, sets));
}

Session& Instance::EnsureSession() {
  if (session_) return *session_;
  session_ = NewSession({});
  tuned_ = values_;
  retune_ = false;
  outputs_.clear();
  return *session_;
}

void Instance::Retune() {
  std::string changed;
  for (const Variable& v : table_.variables) {
    if (v.causality == Causality::kTunable &&
        values_[v.value_reference] != tuned_[v.value_reference]) {
      changed += fmt::format("{}'{}' = {}", changed.empty() ? "" : ", ", v.name,
                             values_[v.value_reference]);
    }
  }
  // The model assembled again with the new values, as `hawser run --set` would, and continued
  // from the current time and state: no Settle (the state is the old session's).
  std::unique_ptr<Session> tuned = NewSession({"Engine.Settle=0"});
  if (tuned->state_names() != session_->state_names()) {
    throw ScenarioError(
        {}, fmt::format("tunable parameter {}: the model's states change with it "
                        "({} entries instead of {}); only a parameter that leaves "
                        "the state vector as it is can be set between steps",
                        changed, tuned->state_names().size(), session_->state_names().size()));
  }
  tuned->SetState(session_->time(), session_->state());
  session_ = std::move(tuned);
  tuned_ = values_;
  retune_ = false;
  outputs_.clear();
}

void Instance::ApplyInputs() {
  Session& session = EnsureSession();
  const auto& vars = table_.variables;
  for (size_t k = 0; k < vars.size(); k += vars[k].width) {
    if (vars[k].causality != Causality::kInput) continue;
    session.SetInput(vars[k].name, std::span<const double>(values_.data() + k,
                                                           static_cast<size_t>(vars[k].width)));
  }
  if (inputs_set_) outputs_.clear();  // The outputs an input feeds through to may change.
  inputs_set_ = false;
}

void Instance::SetupExperiment(double start_time) {
  if (mode_ != Mode::kInstantiated) {
    throw ScenarioError({}, fmt::format("allowed only after fmi2Instantiate, not in {}",
                                        ModeName(static_cast<int>(mode_))));
  }
  start_time_ = start_time;
  start_given_ = true;
}

void Instance::EnterInitializationMode() {
  if (mode_ != Mode::kInstantiated) {
    throw ScenarioError({}, fmt::format("not allowed in {}", ModeName(static_cast<int>(mode_))));
  }
  mode_ = Mode::kInitialization;
}

void Instance::ExitInitializationMode() {
  if (mode_ != Mode::kInitialization) {
    throw ScenarioError({}, fmt::format("not allowed in {}", ModeName(static_cast<int>(mode_))));
  }
  Session& session = EnsureSession();
  ApplyInputs();
  if (start_given_ && start_time_ < session.time()) {
    throw ScenarioError(
        {}, fmt::format("fmi2SetupExperiment: start time {} s is before the scenario's start, "
                        "{} s (the first time of the Engine's TOutput)",
                        start_time_, session.time()));
  }
  if (start_given_) session.AdvanceTo(start_time_);
  outputs_.clear();
  mode_ = Mode::kStepping;
}

void Instance::DoStep(double t, double h) {
  if (mode_ != Mode::kStepping) {
    throw ScenarioError({}, fmt::format("not allowed in {}", ModeName(static_cast<int>(mode_))));
  }
  // A master that adds its step sizes up may differ from the model's time by rounding; 1e-9
  // relative is far above double rounding and far below any step size a master would use.
  const double now = session_->time();
  if (!(h >= 0.0) || !std::isfinite(t + h) ||
      std::abs(t - now) > 1e-9 * std::max(1.0, std::abs(now))) {
    throw ScenarioError({}, fmt::format("from t = {} s by {} s: the model is at "
                                        "t = {} s and a step size must be >= 0",
                                        t, h, now));
  }
  if (retune_) Retune();  // A tunable parameter changed since the last step.
  ApplyInputs();
  session_->AdvanceTo(std::max(t + h, now));
  outputs_.clear();
}

void Instance::GetReal(const unsigned* vr, size_t n, double* values) {
  for (size_t k = 0; k < n; ++k) {
    const Variable& v = At(vr[k]);
    if (v.causality != Causality::kOutput) {
      values[k] = values_[v.value_reference];
      continue;
    }
    if (mode_ == Mode::kInstantiated) {
      throw ScenarioError({}, fmt::format("output '{}' before "
                                          "fmi2EnterInitializationMode",
                                          FmiName(v)));
    }
    auto cached = outputs_.find(v.name);
    if (cached == outputs_.end()) {
      ApplyInputs();  // In initialization mode the inputs set so far hold at the start.
      cached = outputs_.emplace(v.name, session_->Get(v.name)).first;
    }
    values[k] = cached->second.at(static_cast<size_t>(v.index));
  }
}

void Instance::SetReal(const unsigned* vr, size_t n, const double* values) {
  for (size_t k = 0; k < n; ++k) {
    const Variable& v = At(vr[k]);
    if (v.causality == Causality::kOutput) {
      throw ScenarioError({}, fmt::format("'{}' is an output", FmiName(v)));
    }
    if (!std::isfinite(values[k])) {
      throw ScenarioError({}, fmt::format("'{}' = {} is not finite", FmiName(v), values[k]));
    }
    if (v.causality == Causality::kParameter) {
      if (mode_ != Mode::kInstantiated && mode_ != Mode::kInitialization) {
        throw ScenarioError({}, fmt::format("parameter '{}' is fixed: it can be set "
                                            "only before fmi2ExitInitializationMode",
                                            FmiName(v)));
      }
      if (values_[v.value_reference] != values[k]) session_.reset();  // Loaded with the old one.
    } else if (v.causality == Causality::kTunable && mode_ != Mode::kTerminated) {
      // Before stepping the session is loaded again with it; in step mode it acts from the
      // next fmi2DoStep (Retune), as FMI 2.0 lets a tunable parameter.
      if (values_[v.value_reference] != values[k]) {
        if (mode_ == Mode::kStepping) {
          retune_ = true;
        } else {
          session_.reset();
        }
      }
    } else if (mode_ == Mode::kTerminated) {
      throw ScenarioError({}, fmt::format("'{}' set after fmi2Terminate", FmiName(v)));
    }
    values_[v.value_reference] = values[k];
    inputs_set_ = inputs_set_ || v.causality == Causality::kInput;
  }
}

}  // namespace hawser::fmu
