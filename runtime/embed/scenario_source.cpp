#include "runtime/embed/scenario_source.h"

#include "runtime/plugins/plugin_loader.h"
#include "runtime/sweep/sweep.h"
#include "simobjects/register_base.h"

namespace hawser {

Scenario LoadScenarioWith(const std::string& path, const std::string& xml_text,
                          const VariableOverrides& variables,
                          const std::vector<std::string>& sets) {
  Scenario scenario = xml_text.empty() ? LoadScenario(path, variables)
                                       : LoadScenarioFromString(xml_text, path, variables);
  if (sets.empty()) return scenario;
  return ScenarioWithSettings(scenario.file, scenario.xml_text, variables, sets);
}

RunResult RunScenario(const Scenario& scenario, Sink& sink, const std::string& command_line,
                      const RunOptions& options) {
  Registry registry = BuiltinRegistry();
  LoadScenarioPlugins(scenario, {}, registry);
  const std::unique_ptr<Model> model = Model::Assemble(scenario, registry);
  RunOptions with_info = options;
  with_info.info = {scenario.file, scenario.xml_text, command_line, scenario.engine};
  return Simulate(*model, scenario.engine, sink, with_info);
}

}  // namespace hawser
