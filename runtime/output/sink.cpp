#include "runtime/output/sink.h"

#include <fmt/format.h>

#include "hawser/check.h"
#include "runtime/model/model.h"

namespace hawser {

std::string ToString(RunStatus s) {
  switch (s) {
    case RunStatus::kCompleted:
      return "completed";
    case RunStatus::kFailed:
      return "failed";
    case RunStatus::kInterrupted:
      return "interrupted";
  }
  return "?";
}

namespace {

struct Selection {
  bool ports = false;
  bool states = false;
  std::vector<std::string> port_names;  ///< Individual ports.
};

void AddPorts(const SimObject& o, const Selection& sel, bool all_ports,
              std::vector<LoggedSignal>& out) {
  const ObjectInterface& f = o.interface();
  for (size_t i = 0; i < f.outputs.size(); ++i) {
    const PortSpec& spec = f.outputs[i].spec;
    bool wanted = all_ports || std::find(sel.port_names.begin(), sel.port_names.end(), spec.name) !=
                                   sel.port_names.end();
    if (wanted)
      out.push_back(
          {o.name(), spec.name, false, spec.unit, spec.doc, o.type(), o.output_view(i), spec.dims});
  }
}

void AddStates(const SimObject& o, std::vector<LoggedSignal>& out) {
  const ObjectInterface& f = o.interface();
  for (size_t i = 0; i < f.states.size(); ++i) {
    const StateSpec& spec = f.states[i].spec;
    out.push_back(
        {o.name(), spec.name, true, spec.unit, spec.doc, o.type(), o.state_view(i), spec.dims});
  }
}

}  // namespace

std::vector<LoggedSignal> SelectLoggedSignals(const Model& model, const EngineSettings& settings) {
  // Parse selectors into a per-object selection, checking every name.
  std::map<std::string, Selection> chosen;
  bool all = false;
  std::vector<std::string> object_names;
  for (const auto& o : model.objects()) object_names.push_back(o->name());
  const std::string expected =
      "expected objects:all, objects:none, object.<Name>:ports, object.<Name>:states or "
      "object.<Name>.<Port>";
  for (const std::string& selector : settings.file_output) {
    if (selector == "objects:all") {
      all = true;
      continue;
    }
    if (selector == "objects:none" || selector.empty()) continue;
    if (selector.rfind("object.", 0) != 0) {
      throw ScenarioError(settings.loc,
                          fmt::format("FileOutput: unknown selector '{}'; {}", selector, expected));
    }
    std::string rest = selector.substr(7);
    std::string obj_name, port, what;
    if (auto colon = rest.find(':'); colon != std::string::npos) {
      obj_name = rest.substr(0, colon);
      what = rest.substr(colon + 1);
      if (what != "ports" && what != "states") {
        throw ScenarioError(settings.loc, fmt::format("FileOutput: '{}': unknown part ':{}'; {}",
                                                      selector, what, expected));
      }
    } else if (auto dot = rest.find('.'); dot != std::string::npos) {
      obj_name = rest.substr(0, dot);
      port = rest.substr(dot + 1);
    } else {
      throw ScenarioError(settings.loc, fmt::format("FileOutput: '{}' names no ports or states; {}",
                                                    selector, expected));
    }
    const SimObject* o = model.FindObject(obj_name);
    if (o == nullptr) {
      throw ScenarioError(settings.loc,
                          fmt::format("FileOutput: '{}': unknown object '{}'{}", selector, obj_name,
                                      SuggestionText(obj_name, object_names, "objects")));
    }
    Selection& sel = chosen[obj_name];
    if (what == "ports") sel.ports = true;
    if (what == "states") sel.states = true;
    if (!port.empty()) {
      std::vector<std::string> outputs;
      for (const auto& p : o->interface().outputs) outputs.push_back(p.spec.name);
      if (std::find(outputs.begin(), outputs.end(), port) == outputs.end()) {
        throw ScenarioError(
            settings.loc,
            fmt::format("FileOutput: '{}': {} has no output '{}'{}", selector, obj_name, port,
                        SuggestionText(port, outputs, "its outputs")));
      }
      sel.port_names.push_back(port);
    }
  }
  std::vector<LoggedSignal> signals;
  for (const auto& o : model.objects()) {
    auto it = chosen.find(o->name());
    Selection sel = it == chosen.end() ? Selection{} : it->second;
    AddPorts(*o, sel, all || sel.ports, signals);
    // LogStates="1" logs every object's states, whichever ports FileOutput selects.
    if (settings.log_states || sel.states) AddStates(*o, signals);
  }
  return signals;
}

std::vector<std::string> ColumnNames(const std::vector<LoggedSignal>& signals) {
  std::vector<std::string> names;
  for (const LoggedSignal& s : signals) {
    const std::string stem = s.qualified_name();
    if (s.values.size() == 1) {
      names.push_back(stem);
    } else {
      for (size_t i = 0; i < s.values.size(); ++i) names.push_back(fmt::format("{}[{}]", stem, i));
    }
  }
  return names;
}

void MemorySink::Begin(const std::vector<LoggedSignal>& signals, const RunInfo&) {
  signals_ = signals;
  columns_ = ColumnNames(signals);
}

void MemorySink::Write(double t) {
  times_.push_back(t);
  std::vector<double> row;
  row.reserve(columns_.size());
  for (const LoggedSignal& s : signals_) row.insert(row.end(), s.values.begin(), s.values.end());
  rows_.push_back(std::move(row));
}

std::vector<double> MemorySink::Column(const std::string& name) const {
  auto it = std::find(columns_.begin(), columns_.end(), name);
  HAWSER_CHECK(it != columns_.end(), "MemorySink::Column: no such column");
  const size_t c = it - columns_.begin();
  std::vector<double> values;
  for (const auto& row : rows_) values.push_back(row[c]);
  return values;
}

}  // namespace hawser
