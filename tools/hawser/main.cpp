// hawser: run, check and describe block-diagram simulation scenarios.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "hawser/log.h"
#include "hawser/text.h"
#include "tools/hawser/commands.h"
#include "tools/hawser/log_tee.h"
#include "tools/hawser/signals.h"
#include "tools/hawser/sweep_command.h"

namespace {

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

/// The most worker threads `sweep -j` starts: far beyond any machine's cores, small enough that a
/// typo (-j 1000000) fails at once instead of starting a million threads.
constexpr long kMaxSweepThreads = 1024;

/// A CLI11 check that a value is a whole number from lo to hi, with a message that names what it
/// counts and the range (CLI11's PositiveNumber says "Value 0 not in range 0 to 1.8e308").
CLI::Validator WholeNumberIn(long lo, long hi, const std::string& what) {
  return CLI::Validator(
      [=](std::string& text) -> std::string {
        long v = 0;
        const char* end = text.data() + text.size();
        const auto [at, ec] = std::from_chars(text.data(), end, v);
        if (ec == std::errc() && at == end && v >= lo && v <= hi) return "";
        return fmt::format(
            "'{}' is not a valid number of {}; expected a whole number from {} to {}",
            hawser::Excerpt(text), what, lo, hi);
      },
      fmt::format("INT in {}..{}", lo, hi));
}

const char* const kCommands[] = {"run", "eval", "validate", "list", "describe", "sweep", "stats"};

/// FhSim's bare form: `hawser SCENARIO ...` is `hawser run SCENARIO ...`, and SCENARIO may omit
/// its `.xml` (when no file of that exact name exists). Returns the arguments to parse: argv,
/// with "run" inserted when argv[1] is neither a command nor an option. Throws ScenarioError
/// (usage) for a bare word that names no file, so that a mistyped command is not taken for a
/// missing scenario.
std::vector<std::string> BareScenarioToRun(int argc, char** argv) {
  std::vector<std::string> args(argv, argv + argc);
  if (args.size() < 2 || args[1].empty() || args[1][0] == '-') return args;
  for (const char* command : kCommands) {
    if (args[1] == command) return args;
  }
  std::string path = args[1];
  std::error_code ignored;
  if (!std::filesystem::exists(path, ignored) && std::filesystem::exists(path + ".xml", ignored)) {
    path += ".xml";
  } else if (!std::filesystem::exists(path, ignored) &&
             path.find_first_of("./") == std::string::npos) {
    throw hawser::ScenarioError(
        {}, fmt::format("'{}' is neither a command ({}) nor a scenario file ('{}' or '{}.xml' "
                        "does not exist); usage: hawser [run] SCENARIO[.xml] [options], or "
                        "hawser --help",
                        path, fmt::join(kCommands, ", "), path, path));
  }
  args[1] = path;
  args.insert(args.begin() + 1, "run");
  return args;
}

}  // namespace

int main(int argc, char** argv) {
  using hawser::IoError;
  using hawser::ScenarioError;
  using hawser::ScenarioErrors;
  using hawser::SimulationError;
  namespace cli = hawser::cli;
  // Before anything slow: a SIGINT, SIGTERM or SIGHUP while loading must not kill the process.
  cli::InstallStopHandlers();
  CLI::App app{"hawser: block-diagram simulation of marine and mechanical systems"};
  app.set_version_flag("--version", std::string("hawser ") + HAWSER_VERSION);
  app.require_subcommand(0, 1);
  app.fallthrough();  // Global flags (--log-file, ...) may follow the subcommand too.
  app.footer(
      "A scenario as the first argument runs it, as FhSim does: `hawser s.xml ...` is `hawser run "
      "s.xml ...`, and `hawser s` finds s.xml when there is no file s.");

  // FhSim's flags, for scripts written for FhSim: `hawser --input-file s.xml --output-file o.csv`.
  std::string fh_input, fh_output, log_file;
  bool output_from_input = false;
  int verbosity = 1;
  app.add_option("--input-file", fh_input, "Scenario to run (FhSim style; same as `hawser run`)");
  app.add_option("--output-file", fh_output, "Result file (.csv or .h5; default modeloutput.csv)");
  app.add_flag("--output-file-from-input", output_from_input,
               "Name the result file after the scenario (scenario.xml -> scenario.csv)");
  app.add_option("--log-file", log_file, "Also write everything printed to this file (appended)");
  app.add_option("--console-verbosity", verbosity, "0 = errors only, 1 = summary (default)");
  bool strict_units = false;
  app.add_flag("--strict-units", strict_units,
               "A connection whose units differ is an error (exit 2), not a warning");
  std::vector<std::string> plugin_path;
  app.add_option("--plugin-path", plugin_path,
                 "Search DIR first for SimObject libraries (LibName NAME: libNAME.so or NAME.so), "
                 "then $HAWSER_PLUGIN_PATH, the scenario's folder, the install's lib/hawser and "
                 "lib (repeatable)")
      ->allow_extra_args(false);  // One DIR per --plugin-path: what follows is not another.
  int file_verbosity = 1;
  app.add_option("--file-verbosity", file_verbosity,
                 "For --log-file: 0 = errors and warnings only, 1 = everything printed (default)");

  cli::RunRequest run;
  std::vector<std::string> vars;
  auto* run_cmd = app.add_subcommand("run", "Run a scenario and write its results");
  run_cmd->add_option("scenario", run.scenario, "Scenario XML file")->required();
  run_cmd->add_option("-o,--output", run.output,
                      "Result file: .csv (default modeloutput.csv) or .h5");
  run_cmd->add_option("--var", vars, "Override a VARIABLE: --var k=20 (repeatable)");
  run_cmd->add_option("--set", run.sets,
                      "Set one value, as `sweep --set` does: Engine.RelTol=1e-8, M.Stiffness=50, "
                      "M:Pos[2]=-1, k=20 (repeatable)");
  run_cmd->add_flag("-q,--quiet", run.quiet, "No summary, no progress");
  run_cmd->add_flag("--settle", run.settle,
                    "Bring the system to static equilibrium first (as Engine Settle=\"1\")");

  cli::RunRequest eval;
  std::vector<std::string> eval_vars;
  auto* eval_cmd = app.add_subcommand(
      "eval", "Evaluate every output at the start time (after Settle if asked); no integration");
  eval_cmd->add_option("scenario", eval.scenario, "Scenario XML file")->required();
  eval_cmd->add_option("-o,--output", eval.output,
                       "Write the one row to a .csv or .h5 file instead of printing a table");
  eval_cmd->add_option("--var", eval_vars, "Override a VARIABLE: --var k=20 (repeatable)");
  eval_cmd->add_option("--set", eval.sets,
                       "Set one value, as `run --set` does: Ball.Mass=8, Ball:Pos[2]=-1, k=20 "
                       "(repeatable)");
  eval_cmd->add_flag("-q,--quiet", eval.quiet, "Only the table, without its heading");
  eval_cmd->add_flag("--settle", eval.settle,
                     "Bring the system to static equilibrium first (as Engine Settle=\"1\")");

  std::string validate_file;
  std::vector<std::string> validate_vars;
  auto* validate_cmd =
      app.add_subcommand("validate", "Check a scenario and print what was understood");
  validate_cmd->add_option("scenario", validate_file, "Scenario XML file")->required();
  validate_cmd->add_option("--var", validate_vars, "Override a VARIABLE: --var k=20");

  auto* list_cmd = app.add_subcommand("list", "List the SimObject types");
  std::vector<std::string> plugins;
  list_cmd
      ->add_option("--plugin", plugins,
                   "Also list the types of SimObject library NAME (its LibName; repeatable)")
      ->allow_extra_args(false);
  std::string type;
  auto* describe_cmd =
      app.add_subcommand("describe", "Print a SimObject type's parameters, ports and states");
  describe_cmd->add_option("type", type, "Type path, e.g. Cable/LinearSpring")->required();
  describe_cmd
      ->add_option("--plugin", plugins,
                   "Load SimObject library NAME (its LibName) first (repeatable)")
      ->allow_extra_args(false);  // `describe --plugin lib TYPE`: TYPE is not a second NAME.

  cli::StatsRequest stats;
  auto* stats_cmd = app.add_subcommand(
      "stats", "Statistics of a finished run's columns (mean, std, percentiles, MPM)");
  stats_cmd->add_option("file", stats.file, "A run's .h5 (or a sweep's, with --case)")->required();
  stats_cmd->add_option("columns", stats.columns,
                        "Columns as in the CSV (Obj.Port[i], Obj:State) or a whole signal "
                        "(Obj.Port); default: all");
  stats_cmd->add_option("--window", stats.window,
                        "Only output times FROM <= t <= TO, e.g. 100:600 or 100:");
  stats_cmd->add_option("--case", stats.case_number, "In a sweep's file, the case (0, 1, ...)");
  stats_cmd->add_flag("--range", stats.range,
                      "A range graph: min, mean and max of each element (e.g. along a line)");

  cli::SweepRequest sweep;
  std::vector<std::string> sweep_vars;
  auto* sweep_cmd = app.add_subcommand(
      "sweep", "Run a scenario for many parameter values (threads, or MPI) into one .h5 file");
  sweep_cmd->add_option("scenario", sweep.scenario, "Scenario XML file")->required();
  sweep_cmd->add_option("-o,--output", sweep.output, "Sweep result file (.h5; default sweep.h5)");
  sweep_cmd->add_option("--set", sweep.sets,
                        "Swept values: k=1,2,3 (VARIABLE), M.Stiffness=0:5:20 (parameter), "
                        "M:Pos[2]=linspace(0,1,5) (initial condition), Engine.RelTol=1e-4,1e-6");
  sweep_cmd->add_option("--sweep-file", sweep.sweep_file,
                        "File of 'NAME = VALUES' lines, 'summary: COL:STAT', 'mode: zip'");
  sweep_cmd->add_option("--summary", sweep.summaries,
                        "Per-case summary in /cases: COLUMN:STAT[@FROM:TO], STAT = final|initial|"
                        "min|max|absmax|mean|std|rms|mpm|upcrossings|n|pNN, e.g. M.ForceA[2]:max "
                        "or L.TensionB:p99@100:");
  sweep_cmd->add_flag("--zip", sweep.zip,
                      "Pair the i-th values of all names (default: every combination)");
  sweep_cmd->add_option("-j,--jobs", sweep.threads, "Worker threads (default 1)")
      ->check(WholeNumberIn(1, kMaxSweepThreads, "worker threads"));
  sweep_cmd->add_flag("--resume", sweep.resume, "Run only the cases the output file lacks");
  sweep_cmd->add_option("--var", sweep_vars, "Override a VARIABLE for every case: --var k=20");
  sweep_cmd->add_flag("-q,--quiet", sweep.quiet, "No summary, no progress");

  try {
    std::vector<std::string> args = BareScenarioToRun(argc, argv);
    app.name(args[0]);                       // As app.parse(argc, argv) would.
    std::reverse(args.begin(), args.end());  // CLI11 takes the arguments in reverse order.
    args.pop_back();                         // The program's name.
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? cli::kOk : cli::kBadInput;
  } catch (const ScenarioError& e) {
    fmt::print(stderr, "{}\n", e.what());  // "error: ..."
    return cli::kBadInput;
  }

  std::optional<cli::LogFile> log;  // Outlives the error messages printed below.
  try {
    if (!log_file.empty()) log.emplace(log_file, file_verbosity <= 0);
    // -q and --console-verbosity 0 silence notes (a cable's initial shape, Settle's report).
    if ((*run_cmd && run.quiet) || (*eval_cmd && eval.quiet) || (*sweep_cmd && sweep.quiet) ||
        verbosity <= 0)
      hawser::SetNotesEnabled(false);
    if (*list_cmd) return cli::List(plugins, plugin_path);
    if (*describe_cmd) return cli::Describe(type, plugins, plugin_path);
    if (*stats_cmd) return cli::Stats(stats);
    if (*validate_cmd) {
      return cli::Validate(validate_file, cli::ParseVariableOverrides(validate_vars), strict_units,
                           plugin_path);
    }
    if (*sweep_cmd) {
      sweep.variables = cli::ParseVariableOverrides(sweep_vars);
      sweep.command_line = JoinArgs(argc, argv);
      sweep.strict_units = strict_units;
      sweep.plugin_path = plugin_path;
      return cli::Sweep(sweep);
    }
    if (*eval_cmd) {
      eval.variables = cli::ParseVariableOverrides(eval_vars);
      eval.quiet = eval.quiet || verbosity <= 0;
      eval.strict_units = strict_units;
      eval.plugin_path = plugin_path;
      eval.command_line = JoinArgs(argc, argv);
      return cli::Eval(eval);
    }
    if (*run_cmd) {
      run.variables = cli::ParseVariableOverrides(vars);
    } else if (!fh_input.empty()) {
      run.scenario = fh_input;
    } else {
      fmt::print(stderr, "{}", app.help());
      return cli::kBadInput;
    }
    if (run.output.empty()) run.output = fh_output;
    if (run.output.empty() && output_from_input) run.output = OutputFromInput(run.scenario);
    if (run.output.empty()) run.output = "modeloutput.csv";
    run.quiet = run.quiet || verbosity <= 0;
    run.strict_units = strict_units;
    run.plugin_path = plugin_path;
    run.command_line = JoinArgs(argc, argv);
    return cli::Run(run);
  } catch (const ScenarioErrors& e) {
    fmt::print(stderr, "{}\n", e.what());
    return cli::kBadInput;
  } catch (const ScenarioError& e) {
    fmt::print(stderr, "{}\n", e.what());
    return cli::kBadInput;
  } catch (const IoError& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return cli::kIoError;
  } catch (const SimulationError& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return cli::kSimulationFailed;
  } catch (const std::exception& e) {
    fmt::print(stderr, "hawser: internal error: {}\n", e.what());
    return cli::kInternal;
  }
}
