// hawser: run, check and describe block-diagram simulation scenarios. main parses the command
// line (command_line.h), runs the one command given (commands.h) and turns its errors into the
// documented exit codes.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "hawser/errors.h"
#include "hawser/log.h"
#include "tools/hawser/command_line.h"
#include "tools/hawser/commands.h"
#include "tools/hawser/log_tee.h"
#include "tools/hawser/signals.h"
#include "tools/hawser/sweep_command.h"

namespace {

namespace cli = hawser::cli;

std::string JoinArgs(int argc, char** argv) {
  std::string s;
  for (int i = 0; i < argc; ++i) s += (i ? " " : "") + std::string(argv[i]);
  return s;
}

std::string OutputFromInput(const std::string& input) {
  auto dot = input.find_last_of('.');
  auto slash = input.find_last_of('/');
  std::string stem = (dot != std::string::npos && (slash == std::string::npos || dot > slash))
                         ? input.substr(0, dot)
                         : input;
  return stem + ".csv";
}

/// What a scenario command takes from the global options, and the command line it was given.
template <typename Request>
void AddGlobalOptions(Request& request, const cli::GlobalOptions& global,
                      const std::string& command_line) {
  request.strict_units = global.strict_units;
  request.plugin_path = global.plugin_path;
  request.command_line = command_line;
}

/// `hawser run`, or FhSim's `hawser --input-file s.xml`: the result file from -o, else
/// --output-file, else named after the scenario (--output-file-from-input), else
/// modeloutput.csv. Prints the help (usage error) when neither names a scenario.
int Run(CLI::App& app, cli::CommandLine& line, const std::string& command_line) {
  const cli::GlobalOptions& g = line.global;
  cli::RunRequest& run = line.run.request;
  if (*line.run.app) {
    run.variables = cli::ParseVariableOverrides(line.run.vars);
  } else if (!g.input_file.empty()) {
    run.scenario = g.input_file;
  } else {
    fmt::print(stderr, "{}", app.help());
    return cli::kBadInput;
  }
  if (run.output.empty()) run.output = g.output_file;
  if (run.output.empty() && g.output_from_input) run.output = OutputFromInput(run.scenario);
  if (run.output.empty()) run.output = "modeloutput.csv";
  run.quiet = run.quiet || g.verbosity <= 0;
  AddGlobalOptions(run, g, command_line);
  return cli::Run(run);
}

/// Runs the one command the command line gives; returns its exit code.
int Dispatch(CLI::App& app, cli::CommandLine& line, const std::string& command_line) {
  const cli::GlobalOptions& g = line.global;
  if (*line.list) return cli::List(line.plugins, g.plugin_path);
  if (*line.describe.app) return cli::Describe(line.describe.type, line.plugins, g.plugin_path);
  if (*line.stats.app) return cli::Stats(line.stats.request);
  if (*line.view.app) return cli::View(line.view.request);
  if (*line.vtk.app) return cli::Vtk(line.vtk.request);
  if (*line.fmu.app) {
    line.fmu.request.variables = cli::ParseVariableOverrides(line.fmu.vars);
    return cli::Fmu(line.fmu.request);
  }
  if (*line.validate.app) {
    return cli::Validate(line.validate.scenario, cli::ParseVariableOverrides(line.validate.vars),
                         g.strict_units, g.plugin_path);
  }
  if (*line.sweep.app) {
    line.sweep.request.variables = cli::ParseVariableOverrides(line.sweep.vars);
    AddGlobalOptions(line.sweep.request, g, command_line);
    return cli::Sweep(line.sweep.request);
  }
  if (*line.eval.app) {
    cli::RunRequest& eval = line.eval.request;
    eval.variables = cli::ParseVariableOverrides(line.eval.vars);
    AddGlobalOptions(eval, g, command_line);
    eval.quiet = eval.quiet || g.verbosity <= 0;
    return cli::Eval(eval);
  }
  return Run(app, line, command_line);
}

/// -q and --console-verbosity 0 silence notes (a cable's initial shape, Settle's report).
void SilenceNotesIfAsked(const cli::CommandLine& line) {
  if ((*line.run.app && line.run.request.quiet) || (*line.eval.app && line.eval.request.quiet) ||
      (*line.sweep.app && line.sweep.request.quiet) || line.global.verbosity <= 0)
    hawser::SetNotesEnabled(false);
}

/// How an error ends the program (docs/design.md, "Errors, exit codes and input limits"): its
/// exit code, and what its message starts with (scenario errors carry their own "file:line:
/// error:").
struct ErrorExit {
  int code;
  const char* prefix;
};

ErrorExit ExitFor(const std::exception& e) {
  if (dynamic_cast<const hawser::ScenarioErrors*>(&e) != nullptr ||
      dynamic_cast<const hawser::ScenarioError*>(&e) != nullptr) {
    return {cli::kBadInput, ""};
  }
  if (dynamic_cast<const hawser::IoError*>(&e) != nullptr) return {cli::kIoError, "error: "};
  if (dynamic_cast<const hawser::SimulationError*>(&e) != nullptr) {
    return {cli::kSimulationFailed, "error: "};
  }
  return {cli::kInternal, "hawser: internal error: "};
}

}  // namespace

int main(int argc, char** argv) {
  // Before anything slow: a SIGINT, SIGTERM or SIGHUP while loading must not kill the process.
  cli::InstallStopHandlers();
  CLI::App app{"hawser: block-diagram simulation of marine and mechanical systems"};
  cli::CommandLine line;
  cli::DeclareCommandLine(app, line);
  if (const std::optional<int> exit_code = cli::ParseCommandLine(app, argc, argv)) {
    return *exit_code;
  }
  std::optional<cli::LogFile> log;  // Outlives the error messages printed below.
  try {
    if (!line.global.log_file.empty()) {
      log.emplace(line.global.log_file, line.global.file_verbosity <= 0);
    }
    SilenceNotesIfAsked(line);
    return Dispatch(app, line, JoinArgs(argc, argv));
  } catch (const std::exception& e) {
    const ErrorExit how = ExitFor(e);
    fmt::print(stderr, "{}{}\n", how.prefix, e.what());
    return how.code;
  }
}
