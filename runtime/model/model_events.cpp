// Model: discrete events (SimObject::UpdateDiscreteState), checked after each accepted step.
#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "runtime/model/model.h"

namespace hawser {

bool Model::AfterStep(double t, const double* x) {
  if (!EvaluateOutputs(t, x)) {
    throw SimulationError(fmt::format("non-finite value at t = {}: {}", t, diagnosis_));
  }
  bool changed = false;
  for (SimObject* o : with_events_) changed = o->UpdateDiscreteState() || changed;
  return changed;
}

double Model::NextEventTime(double t) const {
  double next = std::numeric_limits<double>::infinity();
  for (const SimObject* o : with_events_) next = std::min(next, o->NextEventTime(t));
  return next;
}

void Model::CheckEventTimes(double start, double end) const {
  for (const auto& o : objects_)
    if (o->has_discrete_events()) o->CheckEventTimes(start, end);
}

std::vector<DiscreteEvent> Model::Events() const {
  std::vector<DiscreteEvent> events;
  for (const SimObject* o : with_events_) {
    events.insert(events.end(), o->events().begin(), o->events().end());
  }
  return events;
}

std::map<std::string, std::vector<double>> Model::DiscreteStates() const {
  std::map<std::string, std::vector<double>> states;
  for (const SimObject* o : with_events_) {
    std::vector<double> values = o->DiscreteState();
    if (!values.empty()) states[o->name()] = std::move(values);
  }
  return states;
}

void Model::RestoreDiscreteStates(const std::map<std::string, std::vector<double>>& states) {
  for (const auto& entry : states) {
    const std::string& name =
        entry.first;  // Not a structured binding: clang 14 cannot capture one.
    const auto o = std::find_if(with_events_.begin(), with_events_.end(),
                                [&](const SimObject* s) { return s->name() == name; });
    if (o == with_events_.end()) {
      throw ScenarioError({}, fmt::format("the restart state has a discrete state for '{}', "
                                          "which has no discrete events in this model",
                                          name));
    }
    (*o)->RestoreDiscreteState(entry.second);
  }
}

}  // namespace hawser
