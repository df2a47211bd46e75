#include "runtime/sweep/sweep.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <cmath>
#include <fstream>
#include <limits>
#include <pugixml.hpp>
#include <sstream>

#include "hawser/value_parse.h"
#include "runtime/model/model.h"
#include "runtime/scenario/engine_parser.h"
#include "runtime/scenario/variables.h"
#include "runtime/simulation.h"

namespace hawser {

namespace {

const std::vector<std::string> kStats = {"final", "initial", "min", "max", "absmax", "mean", "rms"};

bool IsNumber(const std::string& text, double* value = nullptr) {
  const std::string t = Trim(text);
  if (t.empty()) return false;
  char* end = nullptr;
  const double v = std::strtod(t.c_str(), &end);
  if (end != t.c_str() + t.size()) return false;
  if (value != nullptr) *value = v;
  return true;
}

double Number(const std::string& text, const std::string& what) {
  double v = 0;
  if (!IsNumber(text, &v)) {
    throw ScenarioError({}, fmt::format("{}: '{}' is not a number", what, Trim(text)));
  }
  return v;
}

/// Shortest text that reads back to the same double.
std::string Text(double v) { return fmt::format("{}", v); }

std::vector<std::string> SplitTopLevel(const std::string& text, char sep) {
  std::vector<std::string> parts;
  int depth = 0;
  std::string cur;
  for (char ch : text) {
    if (ch == '(') ++depth;
    if (ch == ')') --depth;
    if (ch == sep && depth == 0) {
      parts.push_back(Trim(cur));
      cur.clear();
    } else {
      cur += ch;
    }
  }
  parts.push_back(Trim(cur));
  return parts;
}

const char* const kValuesForm =
    "expected a list such as \"1, 2, 5\", a range from:step:to such as \"0:0.5:2\", "
    "linspace(a, b, n) or logspace(a, b, n)";

void AppendSpace(const std::string& item, const std::string& what, std::vector<std::string>& out) {
  const bool log = item.rfind("logspace(", 0) == 0;
  const std::string inner = item.substr(9, item.size() - 10);
  const std::vector<std::string> args = SplitTopLevel(inner, ',');
  if (item.back() != ')' || args.size() != 3) {
    throw ScenarioError(
        {}, fmt::format("{}: '{}' has no three arguments; {}", what, item, kValuesForm));
  }
  const double a = Number(args[0], what), b = Number(args[1], what);
  const double nd = Number(args[2], what);
  if (nd < 1 || nd != std::floor(nd)) {
    throw ScenarioError(
        {}, fmt::format("{}: '{}': the count {} is not a whole number >= 1", what, item, args[2]));
  }
  const long n = static_cast<long>(nd);
  for (long i = 0; i < n; ++i) {
    const double x = n == 1 ? a : (i == n - 1 ? b : a + (b - a) * static_cast<double>(i) / (n - 1));
    out.push_back(Text(log ? std::pow(10.0, x) : x));
  }
}

void AppendRange(const std::string& item, const std::string& what, std::vector<std::string>& out) {
  const std::vector<std::string> p = SplitTopLevel(item, ':');
  if (p.size() != 3) {
    throw ScenarioError({}, fmt::format("{}: '{}' is not a range; {}", what, item, kValuesForm));
  }
  const double from = Number(p[0], what), step = Number(p[1], what), to = Number(p[2], what);
  if (step == 0 || (to - from) / step < 0) {
    throw ScenarioError({}, fmt::format("{}: range '{}' never reaches {}; expected a step with "
                                        "the sign of to - from",
                                        what, item, p[2]));
  }
  const long n = static_cast<long>(std::floor((to - from) / step + 1e-9)) + 1;
  if (n > 10000000)
    throw ScenarioError({}, fmt::format("{}: range '{}' has {} values", what, item, n));
  for (long i = 0; i < n; ++i) out.push_back(Text(from + static_cast<double>(i) * step));
}

}  // namespace

std::string SweepDefinition::Canonical() const {
  std::string s = mode == SweepMode::kZip ? "zip" : "product";
  for (const SweepParameter& p : parameters)
    s += fmt::format("\n{} = {}", p.name, fmt::join(p.values, ", "));
  for (const SummarySpec& m : summaries) s += "\nsummary: " + m.label();
  return s;
}

std::vector<std::string> ParseSweepValues(const std::string& text, const std::string& what) {
  std::vector<std::string> out;
  const std::string t = Trim(text);
  if (t.empty()) throw ScenarioError({}, fmt::format("{}: no values; {}", what, kValuesForm));
  for (const std::string& item : SplitTopLevel(t, ',')) {
    if (item.empty()) {
      throw ScenarioError({}, fmt::format("{}: '{}' has an empty value; {}", what, t, kValuesForm));
    }
    if (item.rfind("linspace(", 0) == 0 || item.rfind("logspace(", 0) == 0) {
      AppendSpace(item, what, out);
    } else if (item.find(':') != std::string::npos) {
      AppendRange(item, what, out);
    } else {
      out.push_back(item);
    }
  }
  return out;
}

SweepParameter ParseSweepSetting(const std::string& item) {
  const auto eq = item.find('=');
  if (eq == std::string::npos || Trim(item.substr(0, eq)).empty()) {
    throw ScenarioError({}, fmt::format("--set '{}': expected NAME=VALUES, e.g. --set k=1,2,3 or "
                                        "--set M.Stiffness=linspace(1,10,4)",
                                        item));
  }
  SweepParameter p;
  p.name = Trim(item.substr(0, eq));
  p.values = ParseSweepValues(item.substr(eq + 1), "--set " + p.name);
  for (const std::string& v : p.values) p.numeric = p.numeric && IsNumber(v);
  return p;
}

SummarySpec ParseSummarySpec(const std::string& text) {
  const std::string t = Trim(text);
  const auto colon = t.find_last_of(':');
  SummarySpec s;
  if (colon != std::string::npos) s = {Trim(t.substr(0, colon)), Trim(t.substr(colon + 1))};
  if (colon == std::string::npos || s.column.empty() ||
      std::find(kStats.begin(), kStats.end(), s.stat) == kStats.end()) {
    throw ScenarioError({}, fmt::format("--summary '{}': expected COLUMN:STAT with STAT one of {}, "
                                        "e.g. M.ForceA[2]:max",
                                        t, fmt::join(kStats, ", ")));
  }
  return s;
}

void ReadSweepFile(const std::string& path, SweepDefinition& def) {
  std::ifstream in(path);
  if (!in) throw IoError(fmt::format("cannot read sweep file '{}'", path));
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const SourceLocation loc{path, number};
    if (auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    line = Trim(line);
    if (line.empty()) continue;
    try {
      if (line.rfind("summary:", 0) == 0) {
        def.summaries.push_back(ParseSummarySpec(line.substr(8)));
      } else if (line.rfind("mode:", 0) == 0) {
        const std::string mode = Trim(line.substr(5));
        if (mode != "zip" && mode != "product") {
          throw ScenarioError(loc, fmt::format("mode '{}': expected product or zip", mode));
        }
        def.mode = mode == "zip" ? SweepMode::kZip : SweepMode::kProduct;
      } else {
        def.parameters.push_back(ParseSweepSetting(line));
      }
    } catch (const ScenarioError& e) {
      if (e.location().file.empty()) throw ScenarioError(loc, e.message());
      throw;
    }
  }
}

std::vector<SweepCase> ExpandCases(const SweepDefinition& def) {
  const auto& ps = def.parameters;
  if (ps.empty()) {
    throw ScenarioError({}, "sweep: nothing to sweep; expected --set NAME=VALUES or a sweep file");
  }
  std::vector<SweepCase> cases;
  if (def.mode == SweepMode::kZip) {
    for (const SweepParameter& p : ps) {
      if (p.values.size() != ps[0].values.size()) {
        throw ScenarioError({},
                            fmt::format("--zip: '{}' has {} values but '{}' has {}; zipped "
                                        "lists must have equal length",
                                        p.name, p.values.size(), ps[0].name, ps[0].values.size()));
      }
    }
    for (size_t i = 0; i < ps[0].values.size(); ++i) {
      SweepCase c{static_cast<long>(i), {}};
      for (const SweepParameter& p : ps) c.values.push_back(p.values[i]);
      cases.push_back(std::move(c));
    }
    return cases;
  }
  size_t total = 1;
  for (const SweepParameter& p : ps) total *= p.values.size();
  for (size_t i = 0; i < total; ++i) {
    SweepCase c{static_cast<long>(i), std::vector<std::string>(ps.size())};
    size_t rest = i;
    for (size_t k = ps.size(); k-- > 0;) {  // Last parameter varies fastest.
      c.values[k] = ps[k].values[rest % ps[k].values.size()];
      rest /= ps[k].values.size();
    }
    cases.push_back(std::move(c));
  }
  return cases;
}

namespace {

/// "M:Pos[2]" -> object M, state Pos, element 2.
struct IcTarget {
  std::string object, state;
  int element = -1;
};

IcTarget ParseIcTarget(const std::string& name) {
  IcTarget t;
  const auto colon = name.find(':');
  t.object = name.substr(0, colon);
  t.state = name.substr(colon + 1);
  if (auto br = t.state.find('['); br != std::string::npos) {
    if (t.state.back() != ']') throw ScenarioError({}, fmt::format("--set {}: missing ']'", name));
    t.element =
        static_cast<int>(Number(t.state.substr(br + 1, t.state.size() - br - 2), "--set " + name));
    t.state.resize(br);
  }
  if (t.object.empty() || t.state.empty()) {
    throw ScenarioError({},
                        fmt::format("--set {}: expected OBJECT:STATE or OBJECT:STATE[i]", name));
  }
  return t;
}

void ApplyEngineAttribute(const SweepSetup& setup, Scenario& s, const std::string& attr,
                          const std::string& value) {
  // The loader keeps settings, not the attributes: read <Engine> again and parse it with the
  // swept attribute replaced, so that every check the loader makes applies.
  pugi::xml_document doc;
  doc.load_string(s.xml_text.c_str());
  pugi::xml_node engine =
      doc.find_node([](const pugi::xml_node& n) { return std::string(n.name()) == "Engine"; });
  std::vector<Attribute> attributes;
  bool replaced = false;
  for (pugi::xml_attribute a : engine.attributes()) {
    Attribute x{a.name(), a.value(), s.engine.loc};
    x.value = SubstituteVariables(x.value, s.variables, x.loc);
    if (x.name == attr) x.value = value, replaced = true;
    attributes.push_back(std::move(x));
  }
  if (!replaced) attributes.push_back({attr, value, s.engine.loc});
  (void)setup;
  s.engine = ParseEngineSettings(attributes, s.engine.loc);
}

}  // namespace

Scenario ScenarioForCase(const SweepSetup& setup, const SweepCase& c) {
  const auto& ps = setup.definition.parameters;
  VariableOverrides vars = setup.variables;
  for (size_t i = 0; i < ps.size(); ++i) {
    const std::string& n = ps[i].name;
    if (n.find('.') == std::string::npos && n.find(':') == std::string::npos) vars[n] = c.values[i];
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
  for (size_t i = 0; i < ps.size(); ++i) {
    const std::string& n = ps[i].name;
    const std::string& v = c.values[i];
    const std::string what = "--set " + n;
    if (n.find(':') != std::string::npos) {
      const IcTarget t = ParseIcTarget(n);
      ObjectDecl& o = find_object(t.object, what);
      const double x = Number(v, what);
      auto ic = std::find_if(s.initial_conditions.begin(), s.initial_conditions.end(),
                             [&](const InitialConditionDecl& d) {
                               return d.object == t.object && d.state == t.state;
                             });
      if (t.element < 0) {
        if (ic != s.initial_conditions.end()) {
          ic->value.assign(std::max<size_t>(ic->value.size(), 1), x);
        } else {
          s.initial_conditions.push_back({t.object, t.state, {x}, o.loc});
        }
      } else {
        if (ic == s.initial_conditions.end() || t.element >= static_cast<int>(ic->value.size())) {
          throw ScenarioError({s.file, 0},
                              fmt::format("{}: to sweep one element, give the scenario an "
                                          "<InitialCondition {}.{}=\"...\"/> with at "
                                          "least {} values",
                                          what, t.object, t.state, t.element + 1));
        }
        ic->value[t.element] = x;
      }
    } else if (n.rfind("Engine.", 0) == 0) {
      ApplyEngineAttribute(setup, s, n.substr(7), v);
    } else if (auto dot = n.find('.'); dot != std::string::npos) {
      ObjectDecl& o = find_object(n.substr(0, dot), what);
      const std::string param = n.substr(dot + 1);
      auto a = std::find_if(o.parameters.begin(), o.parameters.end(),
                            [&](const Attribute& x) { return x.name == param; });
      if (a != o.parameters.end()) {
        a->value = v;
      } else {
        o.parameters.push_back({param, v, o.loc});
      }
    }
  }
  return s;
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
  acc_.clear();
  for (const SummarySpec& spec : specs_) {
    auto it = std::find(names.begin(), names.end(), spec.column);
    if (it == names.end()) {
      throw ScenarioError(
          {}, fmt::format("--summary {}: no logged column '{}'{}", spec.label(), spec.column,
                          SuggestionText(spec.column, names, "logged columns")));
    }
    acc_.push_back({where[it - names.begin()]});
  }
  n_ = 0;
  if (inner_ != nullptr) inner_->Begin(signals, info);
}

void SummarySink::Write(double t) {
  for (Accumulator& a : acc_) {
    const double v = *a.value;
    if (n_ == 0) a.first = a.min = a.max = v;
    a.last = v;
    a.min = std::min(a.min, v);
    a.max = std::max(a.max, v);
    a.sum += v;
    a.sum_sq += v * v;
  }
  ++n_;
  if (inner_ != nullptr) inner_->Write(t);
}

void SummarySink::Finish(const RunResult& result) {
  if (inner_ != nullptr) inner_->Finish(result);
}

std::vector<double> SummarySink::values() const {
  std::vector<double> out;
  for (size_t i = 0; i < specs_.size(); ++i) {
    if (n_ == 0 || i >= acc_.size()) {
      out.push_back(std::numeric_limits<double>::quiet_NaN());
      continue;
    }
    const Accumulator& a = acc_[i];
    const std::string& stat = specs_[i].stat;
    const double n = static_cast<double>(n_);
    double v = a.last;
    if (stat == "initial") v = a.first;
    if (stat == "min") v = a.min;
    if (stat == "max") v = a.max;
    if (stat == "absmax") v = std::max(std::abs(a.min), std::abs(a.max));
    if (stat == "mean") v = a.sum / n;
    if (stat == "rms") v = std::sqrt(a.sum_sq / n);
    out.push_back(v);
  }
  return out;
}

// ---- RunCase ----

CaseResult RunCase(const SweepSetup& setup, const SweepCase& c, const CaseSinkFactory& make_sink,
                   const std::atomic<bool>* interrupt) {
  CaseResult out;
  out.index = c.index;
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
