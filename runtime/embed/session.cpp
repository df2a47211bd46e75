#include "runtime/embed/session.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "runtime/analysis/state_file.h"
#include "runtime/embed/linearise.h"
#include "runtime/plugins/plugin_loader.h"
#include "runtime/run/simulation.h"
#include "simobjects/register_base.h"
#include "simobjects/signal/external.h"

namespace hawser {

namespace {

/// "A, B, C", or "none" for an empty list.
std::string ListOrNone(const std::vector<std::string>& names) {
  return names.empty() ? "none" : fmt::format("{}", fmt::join(names, ", "));
}

const SimObject* FindByName(const Model& model, const std::string& name) {
  for (const auto& o : model.objects()) {
    if (o->name() == name) return o.get();
  }
  return nullptr;
}

}  // namespace

std::unique_ptr<Session> Session::FromFile(const std::string& path,
                                           const VariableOverrides& overrides) {
  return std::make_unique<Session>(LoadScenario(path, overrides));
}

std::unique_ptr<Session> Session::FromText(const std::string& xml_text, const std::string& file,
                                           const VariableOverrides& overrides) {
  return std::make_unique<Session>(LoadScenarioFromString(xml_text, file, overrides));
}

Session::Session(Scenario scenario) : scenario_(std::move(scenario)), registry_(BuiltinRegistry()) {
  LoadScenarioPlugins(scenario_, {}, registry_);
  model_ = Model::Assemble(scenario_, registry_);
  const EngineSettings& settings = scenario_.engine;
  t_ = settings.output.start;
  x_ = model_->InitialState(t_);
  integrator_ = MakeIntegrator(*model_, settings);  // Before Settle: it may refuse the model.
  if (settings.settle) SettleOrThrow(*model_, *model_, settings, t_, x_);
  state_names_ = StateNames(*model_);
}

Session::~Session() = default;

External& Session::FindInput(const std::string& name) {
  for (const auto& o : model_->objects()) {
    if (o->name() != name) continue;
    if (auto* external = dynamic_cast<External*>(o.get())) return *external;
    throw ScenarioError({}, fmt::format("'{}' is a {}, not a Signal/External input; the external "
                                        "inputs are: {}",
                                        name, o->type(), ListOrNone(InputNames())));
  }
  throw ScenarioError({}, fmt::format("no external input '{}'; the external inputs "
                                      "(Signal/External objects) are: {}",
                                      name, ListOrNone(InputNames())));
}

std::vector<std::string> Session::InputNames() const {
  std::vector<std::string> names;
  for (const auto& o : model_->objects()) {
    if (dynamic_cast<const External*>(o.get()) != nullptr) names.push_back(o->name());
  }
  return names;
}

void Session::SetInput(const std::string& name, std::span<const double> values) {
  External& input = FindInput(name);
  if (values.size() != static_cast<size_t>(input.width())) {
    throw ScenarioError(
        {}, fmt::format("input '{}' has width {}, not {}", name, input.width(), values.size()));
  }
  for (double v : values) {
    if (!std::isfinite(v)) {
      throw ScenarioError({}, fmt::format("input '{}': the value {} is not finite", name, v));
    }
  }
  if (std::equal(values.begin(), values.end(), input.value().begin())) return;
  input.Set(values);
  restart_ = true;  // The right-hand side jumps: the integrator's history no longer holds.
}

void Session::AdvanceTo(double t) {
  if (failed_) {
    throw SimulationError(
        fmt::format("the integration failed before; set or load a state to go on (t = {})", t_));
  }
  if (!(t >= t_) || !std::isfinite(t)) {
    throw ScenarioError({}, fmt::format("cannot advance to t = {}: the model is at t = {} and "
                                        "only goes forward",
                                        t, t_));
  }
  if (t == t_) return;
  if (restart_) {
    integrator_->Reset(t_, x_);
    restart_ = false;
  }
  try {
    integrator_->AdvanceTo(t, x_);
  } catch (const SimulationError&) {
    failed_ = true;
    throw;
  }
  t_ = t;
}

std::vector<double> Session::Get(const std::string& name) {
  const auto colon = name.find(':');
  const auto dot = name.find('.');
  const auto split = std::min(colon, dot);
  if (split == std::string::npos) {
    throw ScenarioError(
        {}, fmt::format("'{}': expected an output Obj.Port or a state Obj:State", name));
  }
  const std::string object = name.substr(0, split), item = name.substr(split + 1);
  const SimObject* o = FindByName(*model_, object);
  if (o == nullptr) throw ScenarioError({}, fmt::format("'{}': no object '{}'", name, object));
  std::vector<std::string> known;
  if (split == colon) {
    for (const StateSlot& slot : model_->state_layout()) {
      if (model_->objects()[slot.object].get() != o) continue;
      const std::string& state = o->interface().states[slot.state].spec.name;
      if (state == item) return {x_.begin() + slot.offset, x_.begin() + slot.offset + slot.width};
      known.push_back(state);
    }
    throw ScenarioError({}, fmt::format("'{}': {} has no state '{}'; its states are: {}", name,
                                        object, item, ListOrNone(known)));
  }
  if (!model_->EvaluateOutputs(t_, x_.data())) {
    throw SimulationError(fmt::format("non-finite value at t = {}: {}", t_, model_->Diagnose()));
  }
  const auto& outputs = o->interface().outputs;
  for (size_t k = 0; k < outputs.size(); ++k) {
    if (outputs[k].spec.name == item) {
      const std::span<const double> v = o->output_view(static_cast<int>(k));
      return {v.begin(), v.end()};
    }
    known.push_back(outputs[k].spec.name);
  }
  throw ScenarioError({}, fmt::format("'{}': {} has no output '{}'; its outputs are: {}", name,
                                      object, item, ListOrNone(known)));
}

void Session::SetState(double t, std::span<const double> x) {
  if (x.size() != x_.size()) {
    throw ScenarioError({}, fmt::format("the state has {} entries, not {}", x_.size(), x.size()));
  }
  for (size_t i = 0; i < x.size(); ++i) {
    if (!std::isfinite(x[i])) {
      throw ScenarioError({}, fmt::format("state entry {} ({}) is {}, not a finite number", i,
                                          state_names_[i], x[i]));
    }
  }
  if (!std::isfinite(t)) throw ScenarioError({}, fmt::format("the time {} is not finite", t));
  x_.assign(x.begin(), x.end());
  t_ = t;
  restart_ = true;
  failed_ = false;
}

SettleReport Session::Settle() {
  const std::vector<double> before = x_;
  restart_ = true;  // x_ moves, whether Settle converges or not.
  failed_ = false;
  SettleOrThrow(*model_, *model_, scenario_.engine, t_, x_);
  return ReportSettle(*model_, t_, before, x_);
}

std::vector<double> Session::Jacobian() { return CentralJacobian(*model_, t_, x_); }

std::vector<double> Session::MooringStiffness(const std::string& body,
                                              const StiffnessSteps& steps) {
  std::vector<double> k = hawser::MooringStiffness(*model_, scenario_.engine, t_, x_, body, steps);
  std::vector<double> xdot(x_.size());
  model_->Rhs(t_, x_.data(), xdot.data());  // The objects' values at the session's own state.
  return k;
}

void Session::SaveState(const std::string& path) const {
  SavedState state;
  state.time = t_;
  state.x = x_;
  state.names = state_names_;
  state.model_hash = ModelHash(scenario_);
  state.scenario_file = scenario_.file;
  state.discrete = model_->DiscreteStates();
  WriteStateFile(path, state, scenario_.xml_text);
}

void Session::LoadState(const std::string& path) {
  const SavedState state = ReadStateFile(path);
  CheckStateFits(state, path, scenario_, *model_);
  SetState(state.time, state.x);
  model_->RestoreDiscreteStates(state.discrete);
}

}  // namespace hawser
