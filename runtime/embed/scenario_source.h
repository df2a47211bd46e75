// A scenario for a program that embeds hawser: from a file or from text, with the --var and
// --set overrides of `hawser run`; and a whole run of it into a Sink (a result file, arrays).
#pragma once

#include <string>
#include <vector>

#include "runtime/output/sink.h"
#include "runtime/run/simulation.h"
#include "runtime/scenario/scenario.h"

namespace hawser {

/// The scenario in `path`, or in `xml_text` when it is not empty (`path` then names it in
/// messages), with `variables` (--var) and `sets` ("NAME=VALUE", `hawser run --set`'s grammar)
/// applied. Throws ScenarioError(s), IoError.
Scenario LoadScenarioWith(const std::string& path, const std::string& xml_text,
                          const VariableOverrides& variables, const std::vector<std::string>& sets);

/// Runs `scenario` from its start (with Settle when its Engine asks) into `sink`, loading the
/// SimObject libraries it names; `command_line` is the provenance result files keep. Throws
/// ScenarioError(s), IoError; a failed or interrupted run is returned, not thrown.
RunResult RunScenario(const Scenario& scenario, Sink& sink, const std::string& command_line,
                      const RunOptions& options = {});

}  // namespace hawser
