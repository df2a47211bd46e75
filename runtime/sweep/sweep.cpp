#include "runtime/sweep/sweep.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <pugixml.hpp>

#include "hawser/log.h"
#include "hawser/value_parse.h"
#include "runtime/model/model.h"
#include "runtime/run/simulation.h"
#include "runtime/scenario/engine_parser.h"
#include "runtime/scenario/variables.h"
#include "runtime/sweep/set_name.h"
#include "runtime/sweep/sweep_number.h"

namespace hawser {

namespace {

using sweep::Number;

/// Sets the Engine attributes `overrides` (name, value) together. The loader keeps settings, not
/// the attributes: read <Engine> again and parse it once with every override in place, so that
/// every check the loader makes applies to the combination (IntegratorMethod="1" is valid only
/// with the stepsize set beside it) and no override undoes an earlier one.
void ApplyEngineAttributes(Scenario& s,
                           const std::vector<std::pair<std::string, std::string>>& overrides) {
  if (overrides.empty()) return;
  pugi::xml_document doc;
  doc.load_string(s.xml_text.c_str());
  pugi::xml_node engine =
      doc.find_node([](const pugi::xml_node& n) { return std::string(n.name()) == "Engine"; });
  std::vector<Attribute> attributes;
  for (pugi::xml_attribute a : engine.attributes()) {
    Attribute x{a.name(), a.value(), s.engine.loc};
    x.value = SubstituteVariables(x.value, s.variables, x.loc);
    attributes.push_back(std::move(x));
  }
  for (const auto& set : overrides) {  // Not a structured binding: clang 14 cannot capture one.
    auto a = std::find_if(attributes.begin(), attributes.end(),
                          [&](const Attribute& x) { return x.name == set.first; });
    if (a != attributes.end()) {
      a->value = set.second;
    } else {
      attributes.push_back({set.first, set.second, s.engine.loc});
    }
  }
  s.engine = ParseEngineSettings(attributes, s.engine.loc);
}

}  // namespace

Scenario ScenarioForCase(const SweepSetup& setup, const SweepCase& c) {
  const auto& ps = setup.definition.parameters;
  VariableOverrides vars = setup.variables;
  std::vector<SetTarget> targets;
  for (size_t i = 0; i < ps.size(); ++i) {
    targets.push_back(ParseSetName(ps[i].name));
    if (targets[i].kind == SetTarget::Kind::kVariable) vars[ps[i].name] = c.values[i];
  }
  Scenario s = LoadScenarioFromString(setup.scenario_text, setup.scenario_file, vars);
  std::vector<std::string> object_names;
  for (const ObjectDecl& o : s.objects) object_names.push_back(o.name);
  auto find_object = [&](const std::string& name, const std::string& what) -> ObjectDecl& {
    for (ObjectDecl& o : s.objects)
      if (o.name == name) return o;
    throw ScenarioError({s.file, 0}, fmt::format("{}: unknown object '{}'{}", what, name,
                                                 SuggestionText(name, object_names, "objects")));
  };
  std::vector<std::pair<std::string, std::string>> engine_overrides;
  for (size_t i = 0; i < ps.size(); ++i) {
    const std::string& n = ps[i].name;
    const std::string& v = c.values[i];
    const std::string what = "--set " + n;
    const SetTarget& t = targets[i];
    if (t.kind == SetTarget::Kind::kInitialCondition) {
      ObjectDecl& o = find_object(t.object, what);
      auto ic = std::find_if(s.initial_conditions.begin(), s.initial_conditions.end(),
                             [&](const InitialConditionDecl& d) {
                               return d.object == t.object && d.state == t.member;
                             });
      if (ic == s.initial_conditions.end()) {
        // No <InitialCondition> for the state: the --set makes one (empty when it sets one
        // element, which the model reports with the state's width).
        s.initial_conditions.push_back({t.object, t.member, {}, o.loc});
        ic = s.initial_conditions.end() - 1;
      } else if (!t.has_element) {
        ic->elements.clear();  // The whole state replaces earlier element settings.
      }
      ic->setting = what;
      if (t.has_element) {
        ic->elements.push_back({t.element, Number(v, what), what});
      } else if (v.find(',') != std::string::npos) {
        // A whole state given element by element ("0,0,-1.2", quoted on the command line).
        std::vector<double> values;
        size_t start = 0;
        while (true) {
          const size_t comma = v.find(',', start);
          values.push_back(Number(v.substr(start, comma - start), what));
          if (comma == std::string::npos) break;
          start = comma + 1;
        }
        ic->value = values;
      } else {
        ic->value.assign(std::max<size_t>(ic->value.size(), 1), Number(v, what));
      }
    } else if (t.kind == SetTarget::Kind::kEngine) {
      engine_overrides.emplace_back(t.member, v);
    } else if (t.kind == SetTarget::Kind::kParameter) {
      ObjectDecl& o = find_object(t.object, what);
      const std::string& param = t.member;
      auto a = std::find_if(o.parameters.begin(), o.parameters.end(),
                            [&](const Attribute& x) { return x.name == param; });
      if (a != o.parameters.end()) {
        a->value = v;
      } else {
        o.parameters.push_back({param, v, o.loc});
      }
    }
  }
  ApplyEngineAttributes(s, engine_overrides);
  return s;
}

Scenario ScenarioWithSettings(const std::string& file, const std::string& text,
                              const VariableOverrides& variables,
                              const std::vector<std::string>& sets) {
  SweepSetup setup;
  setup.scenario_file = file;
  setup.scenario_text = text;
  setup.variables = variables;
  for (const std::string& item : sets) {
    SweepParameter p = ParseSweepSetting(item);
    if (p.values.size() != 1) {
      throw ScenarioError({}, fmt::format("--set {}: {} values; a run takes one value per name "
                                          "(`hawser sweep` runs several)",
                                          p.name, p.values.size()));
    }
    setup.definition.parameters.push_back(std::move(p));
  }
  return ScenarioForCase(setup, ExpandCases(setup.definition).front());
}

// ---- SummarySink ----

SummarySink::SummarySink(std::vector<SummarySpec> specs, Sink* inner)
    : specs_(std::move(specs)), inner_(inner) {}

void SummarySink::Begin(const std::vector<LoggedSignal>& signals, const RunInfo& info) {
  std::vector<std::string> names;
  std::vector<const double*> where;
  for (const LoggedSignal& s : signals) {
    const std::string stem = s.qualified_name();
    for (size_t i = 0; i < s.values.size(); ++i) {
      names.push_back(s.values.size() == 1 ? stem : fmt::format("{}[{}]", stem, i));
      where.push_back(&s.values[i]);
    }
  }
  series_.clear();
  for (const SummarySpec& spec : specs_) {
    auto it = std::find(names.begin(), names.end(), spec.column);
    if (it == names.end()) {
      throw ScenarioError(
          {}, fmt::format("--summary {}: no logged column '{}'{}", spec.label(), spec.column,
                          SuggestionText(spec.column, names, "logged columns")));
    }
    series_.push_back({where[it - names.begin()], {}});
  }
  if (inner_ != nullptr) inner_->Begin(signals, info);
}

void SummarySink::Write(double t) {
  for (size_t i = 0; i < series_.size(); ++i) {
    if (specs_[i].window.Contains(t)) series_[i].values.push_back(*series_[i].value);
  }
  if (inner_ != nullptr) inner_->Write(t);
}

void SummarySink::Finish(const RunResult& result) {
  if (inner_ != nullptr) inner_->Finish(result);
}

std::vector<double> SummarySink::values() const {
  std::vector<double> out;
  for (size_t i = 0; i < specs_.size(); ++i) {
    out.push_back(i < series_.size() ? Statistic(specs_[i].stat, series_[i].values)
                                     : std::numeric_limits<double>::quiet_NaN());
  }
  return out;
}

// ---- RunCase ----

CaseResult RunCase(const SweepSetup& setup, const SweepCase& c, const CaseSinkFactory& make_sink,
                   const std::atomic<bool>* interrupt) {
  CaseResult out;
  out.index = c.index;
  const LogPrefix prefix(fmt::format("case {}: ", c.index));  // Its notes and warnings.
  out.summaries.assign(setup.definition.summaries.size(), std::numeric_limits<double>::quiet_NaN());
  const auto start = std::chrono::steady_clock::now();
  try {
    Scenario scenario = ScenarioForCase(setup, c);
    std::unique_ptr<Model> model = Model::Assemble(scenario, *setup.registry);
    std::unique_ptr<Sink> inner = make_sink ? make_sink(c) : nullptr;
    SummarySink sink(setup.definition.summaries, inner.get());
    RunOptions options;
    options.interrupt = interrupt;
    options.info = {scenario.file, scenario.xml_text, setup.command_line, scenario.engine};
    out.run = Simulate(*model, scenario.engine, sink, options);
    out.summaries = sink.values();
  } catch (const std::exception& e) {
    out.run.status = RunStatus::kFailed;
    out.run.message = e.what();
  }
  out.run.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace hawser
