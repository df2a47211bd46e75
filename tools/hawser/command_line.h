// The hawser program's command line: the global options and every subcommand's, declared on a
// CLI11 app, and what parsing them fills in (the requests of commands.h and sweep_command.h).
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>
#include <vector>

#include "tools/hawser/commands.h"
#include "tools/hawser/fmu_command.h"
#include "tools/hawser/sweep_command.h"
#include "tools/hawser/view_command.h"

namespace hawser::cli {

/// Options that may come before or after any subcommand.
struct GlobalOptions {
  std::string input_file;   ///< --input-file (FhSim): the scenario to run.
  std::string output_file;  ///< --output-file (FhSim): the result file.
  bool output_from_input = false;
  std::string log_file;
  int verbosity = 1;       ///< --console-verbosity
  int file_verbosity = 1;  ///< --file-verbosity
  bool strict_units = false;
  std::vector<std::string> plugin_path;
};

/// `run` or `eval`: a scenario run (or evaluated) with its --var overrides, not yet parsed.
struct ScenarioCommand {
  CLI::App* app = nullptr;
  RunRequest request;
  std::vector<std::string> vars;
};

struct ValidateCommand {
  CLI::App* app = nullptr;
  std::string scenario;
  std::vector<std::string> vars;
};

struct DescribeCommand {
  CLI::App* app = nullptr;
  std::string type;
};

struct StatsCommand {
  CLI::App* app = nullptr;
  StatsRequest request;
};

struct ViewCommand {
  CLI::App* app = nullptr;
  ViewRequest request;
};

struct VtkCommand {
  CLI::App* app = nullptr;
  VtkRequest request;
};

struct FmuCommand {
  CLI::App* app = nullptr;
  FmuRequest request;
  std::vector<std::string> vars;
};

struct SweepCommand {
  CLI::App* app = nullptr;
  SweepRequest request;
  std::vector<std::string> vars;
};

/// Everything the command line can say; each subcommand's `app` is set by DeclareCommandLine,
/// and true once that subcommand was given.
struct CommandLine {
  GlobalOptions global;
  ScenarioCommand run;
  ScenarioCommand eval;
  ValidateCommand validate;
  CLI::App* list = nullptr;
  DescribeCommand describe;
  std::vector<std::string> plugins;  ///< list/describe --plugin NAME.
  StatsCommand stats;
  SweepCommand sweep;
  ViewCommand view;
  VtkCommand vtk;
  FmuCommand fmu;
};

/// Declares hawser's options and subcommands on `app`, parsing into `line` (both must live until
/// the parse is done).
void DeclareCommandLine(CLI::App& app, CommandLine& line);

/// Parses the arguments into what DeclareCommandLine declared, FhSim's bare form (`hawser
/// s.xml ...`) included. Returns the exit code when parsing ends the program (--help, --version,
/// a usage error, printed here), nothing when a command is to run.
std::optional<int> ParseCommandLine(CLI::App& app, int argc, char** argv);

}  // namespace hawser::cli
