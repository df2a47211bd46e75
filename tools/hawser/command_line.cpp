#include "tools/hawser/command_line.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <filesystem>

#include "hawser/errors.h"
#include "hawser/text.h"

namespace hawser::cli {
namespace {

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
            Excerpt(text), what, lo, hi);
      },
      fmt::format("INT in {}..{}", lo, hi));
}

const char* const kCommands[] = {"run",   "eval",  "validate", "list", "describe",
                                 "sweep", "stats", "view",     "vtk",  "fmu"};

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
    throw ScenarioError(
        {}, fmt::format("'{}' is neither a command ({}) nor a scenario file ('{}' or '{}.xml' "
                        "does not exist); usage: hawser [run] SCENARIO[.xml] [options], or "
                        "hawser --help",
                        path, fmt::join(kCommands, ", "), path, path));
  }
  args[1] = path;
  args.insert(args.begin() + 1, "run");
  return args;
}

void DeclareGlobalOptions(CLI::App& app, GlobalOptions& g) {
  // FhSim's flags, for scripts written for FhSim: `hawser --input-file s.xml --output-file o.csv`.
  app.add_option("--input-file", g.input_file,
                 "Scenario to run (FhSim style; same as `hawser run`)");
  app.add_option("--output-file", g.output_file,
                 "Result file (.csv or .h5; default modeloutput.csv)");
  app.add_flag("--output-file-from-input", g.output_from_input,
               "Name the result file after the scenario (scenario.xml -> scenario.csv)");
  app.add_option("--log-file", g.log_file, "Also write everything printed to this file (appended)");
  app.add_option("--console-verbosity", g.verbosity, "0 = errors only, 1 = summary (default)");
  app.add_flag("--strict-units", g.strict_units,
               "A connection whose units differ is an error (exit 2), not a warning");
  app.add_option("--plugin-path", g.plugin_path,
                 "Search DIR first for SimObject libraries (LibName NAME: libNAME.so or NAME.so), "
                 "then $HAWSER_PLUGIN_PATH, the scenario's folder, the install's lib/hawser and "
                 "lib (repeatable)")
      ->allow_extra_args(false);  // One DIR per --plugin-path: what follows is not another.
  app.add_option("--file-verbosity", g.file_verbosity,
                 "For --log-file: 0 = errors and warnings only, 1 = everything printed (default)");
}

/// What `run` and `eval` share: their help texts differ where they do different things.
struct ScenarioHelp {
  const char* output;
  const char* set;
  const char* quiet;
};

void DeclareScenarioCommand(CLI::App* cmd, ScenarioCommand& c, const ScenarioHelp& help) {
  c.app = cmd;
  cmd->add_option("scenario", c.request.scenario, "Scenario XML file")->required();
  cmd->add_option("-o,--output", c.request.output, help.output);
  cmd->add_option("--var", c.vars, "Override a VARIABLE: --var k=20 (repeatable)");
  cmd->add_option("--set", c.request.sets, help.set);
  cmd->add_flag("-q,--quiet", c.request.quiet, help.quiet);
  cmd->add_flag("--settle", c.request.settle,
                "Bring the system to static equilibrium first (as Engine Settle=\"1\")");
}

void DeclareValidate(CLI::App& app, ValidateCommand& c) {
  c.app = app.add_subcommand("validate", "Check a scenario and print what was understood");
  c.app->add_option("scenario", c.scenario, "Scenario XML file")->required();
  c.app->add_option("--var", c.vars, "Override a VARIABLE: --var k=20");
}

void DeclareListAndDescribe(CLI::App& app, CommandLine& line) {
  line.list = app.add_subcommand("list", "List the SimObject types");
  line.list
      ->add_option("--plugin", line.plugins,
                   "Also list the types of SimObject library NAME (its LibName; repeatable)")
      ->allow_extra_args(false);
  auto* describe =
      app.add_subcommand("describe", "Print a SimObject type's parameters, ports and states");
  line.describe.app = describe;
  describe->add_option("type", line.describe.type, "Type path, e.g. Cable/LinearSpring")
      ->required();
  describe
      ->add_option("--plugin", line.plugins,
                   "Load SimObject library NAME (its LibName) first (repeatable)")
      ->allow_extra_args(false);  // `describe --plugin lib TYPE`: TYPE is not a second NAME.
}

void DeclareStats(CLI::App& app, StatsCommand& c) {
  StatsRequest& stats = c.request;
  auto* cmd = c.app = app.add_subcommand(
      "stats", "Statistics of a finished run's columns (mean, std, percentiles, MPM)");
  cmd->add_option("file", stats.file, "A run's .h5 (or a sweep's, with --case)")->required();
  cmd->add_option("columns", stats.columns,
                  "Columns as in the CSV (Obj.Port[i], Obj:State) or a whole signal "
                  "(Obj.Port); default: all. With --extremes: more result files");
  cmd->add_option("--window", stats.window,
                  "Only output times FROM <= t <= TO, e.g. 100:600 or 100:");
  cmd->add_option("--case", stats.case_number, "In a sweep's file, the case (0, 1, ...)");
  cmd->add_flag("--range", stats.range,
                "A range graph: min, mean and max of each element (e.g. along a line)");
  cmd->add_option("--duration", stats.duration,
                  "The MPM over T s (Rayleigh: sigma sqrt(2 ln(T/Tz))), e.g. 10800 for 3 h");
  cmd->add_option("--extremes", stats.extremes,
                  "The maxima of COLUMN over seeds (FILE ... runs' or sweeps' .h5) and their "
                  "Gumbel fits");
  cmd->add_option("--group-by", stats.group_by,
                  "With --extremes: also a Gumbel fit per value of this sweep parameter "
                  "(a /cases column, e.g. a heading)");
  cmd->add_option("--percentile", stats.percentile,
                  "With --extremes: the Gumbel fits' percentile (default 90)");
  cmd->add_flag("--fatigue", stats.fatigue,
                "FILE is a fatigue table: rainflow counts and Miner's damage over sea states");
  cmd->add_option("--utilisation", stats.utilisation,
                  "COLUMN[=MBL],...: each line's design tension and utilisation (DNV-OS-E301), "
                  "FILE ... the intact case's runs or sweeps");
  cmd->add_option("--mbl", stats.mbl, "With --utilisation: the MBL [N] of a line without =MBL");
  cmd->add_option("--damaged", stats.damaged,
                  "With --utilisation: FILE,... the damaged case's runs (one line broken)");
  cmd->add_option("--damaged-window", stats.damaged_window,
                  "With --utilisation: the damaged case's FROM:TO (default: --window's)");
  cmd->add_option("--factors", stats.factors,
                  "With --utilisation: the intact case's gamma_mean,gamma_dyn or uls-cc1 "
                  "(default), uls-cc2, als");
  cmd->add_option("--damaged-factors", stats.damaged_factors,
                  "With --utilisation: the damaged case's factors (default als)");
  cmd->add_option("--strength", stats.strength,
                  "With --utilisation: S_C = F MBL (default 0.95, DNV-OS-E301 for chain)");
  cmd->add_option("-o,--output", stats.output, "With --utilisation: the summary as an .h5 file");
}

void DeclareView(CLI::App& app, ViewCommand& view, VtkCommand& vtk) {
  auto* cmd = view.app = app.add_subcommand(
      "view", "A run's 3-D replay as one self-contained HTML page (docs/view.md)");
  cmd->add_option("file", view.request.file, "A run's or a sweep's .h5")->required();
  cmd->add_option("-o,--output", view.request.output, "The page (default view.html)");
  cmd->add_option("--case", view.request.case_number,
                  "In a sweep's file, only this case (default: every case, with a selector)");
  cmd->add_option("--max-size", view.request.max_size_mb,
                  "The page's size limit in MB (default 50): longer runs are decimated in time");
  cmd = vtk.app =
      app.add_subcommand("vtk", "A run's lines and bodies as VTK files for ParaView (.vtp, .pvd)");
  cmd->add_option("file", vtk.request.file, "A run's .h5 (or a sweep's, with --case)")->required();
  cmd->add_option("dir", vtk.request.dir, "The folder to write into (created)")->required();
  cmd->add_option("--case", vtk.request.case_number, "In a sweep's file, the case (0, 1, ...)");
}

void DeclareFmu(CLI::App& app, FmuCommand& c) {
  auto* cmd = c.app = app.add_subcommand(
      "fmu", "Export a scenario as an FMI 2.0 co-simulation FMU (docs/embedding.md)");
  cmd->add_option("scenario", c.request.scenario, "Scenario XML file")->required();
  cmd->add_option("-o", c.request.output, "The FMU file (.fmu)")->required();
  cmd->add_option("--output", c.request.outputs,
                  "An FMU output: an output Obj.Port or a state Obj:State (repeatable; one "
                  "or more); every Signal/External is an input")
      ->allow_extra_args(false);
  cmd->add_option("--var", c.vars, "A VARIABLE's start value as an FMU parameter: --var k=20");
  cmd->add_option("--tunable", c.request.tunables,
                  "A SimObject parameter Obj.Param of one number as a tunable FMU parameter, "
                  "settable between steps (repeatable)")
      ->allow_extra_args(false);
}

void DeclareSweep(CLI::App& app, SweepCommand& c) {
  SweepRequest& sweep = c.request;
  auto* cmd = c.app = app.add_subcommand(
      "sweep", "Run a scenario for many parameter values (threads, or MPI) into one .h5 file");
  cmd->add_option("scenario", sweep.scenario, "Scenario XML file")->required();
  cmd->add_option("-o,--output", sweep.output, "Sweep result file (.h5; default sweep.h5)");
  cmd->add_option("--set", sweep.sets,
                  "Swept values: k=1,2,3 (VARIABLE), M.Stiffness=0:5:20 (parameter), "
                  "M:Pos[2]=linspace(0,1,5) (initial condition), Engine.RelTol=1e-4,1e-6");
  cmd->add_option("--sweep-file", sweep.sweep_file,
                  "File of 'NAME = VALUES' lines, 'summary: COL:STAT', 'mode: zip'");
  cmd->add_option("--summary", sweep.summaries,
                  "Per-case summary in /cases: COLUMN:STAT[@FROM:TO], STAT = final|initial|"
                  "min|max|absmax|mean|std|rms|mpm|upcrossings|n|pNN, e.g. M.ForceA[2]:max "
                  "or L.TensionB:p99@100:");
  cmd->add_flag("--zip", sweep.zip,
                "Pair the i-th values of all names (default: every combination)");
  cmd->add_option("-j,--jobs", sweep.threads, "Worker threads (default 1)")
      ->check(WholeNumberIn(1, kMaxSweepThreads, "worker threads"));
  cmd->add_flag("--resume", sweep.resume, "Run only the cases the output file lacks");
  cmd->add_option("--var", c.vars, "Override a VARIABLE for every case: --var k=20");
  cmd->add_flag("-q,--quiet", sweep.quiet, "No summary, no progress");
}

}  // namespace

void DeclareCommandLine(CLI::App& app, CommandLine& line) {
  app.set_version_flag("--version", std::string("hawser ") + HAWSER_VERSION);
  app.require_subcommand(0, 1);
  app.fallthrough();  // Global flags (--log-file, ...) may follow the subcommand too.
  app.footer(
      "A scenario as the first argument runs it, as FhSim does: `hawser s.xml ...` is `hawser run "
      "s.xml ...`, and `hawser s` finds s.xml when there is no file s.");
  DeclareGlobalOptions(app, line.global);
  DeclareScenarioCommand(app.add_subcommand("run", "Run a scenario and write its results"),
                         line.run,
                         {"Result file: .csv (default modeloutput.csv) or .h5",
                          "Set one value, as `sweep --set` does: Engine.RelTol=1e-8, "
                          "M.Stiffness=50, M:Pos[2]=-1, k=20 (repeatable)",
                          "No summary, no progress"});
  CLI::App* run = line.run.app;
  run->add_option("--restart", line.run.request.restart,
                  "Continue from a state file written by --save-state (same objects, parameters "
                  "and connections; the Engine may differ)");
  run->add_option("--save-state", line.run.request.save_state,
                  "Save the state (.h5) at the end, or at --save-state-at");
  run->add_option("--save-state-at", line.run.request.save_state_at,
                  "The output time [s] to save the state at (with --save-state)");
  run->add_option("--vtk", line.run.request.vtk_dir,
                  "After the run, write its lines and bodies as VTK files for ParaView into DIR "
                  "(as `hawser vtk`; needs -o RUN.h5)");
  DeclareScenarioCommand(
      app.add_subcommand(
          "eval",
          "Evaluate every output at the start time (after Settle if asked); no integration"),
      line.eval,
      {"Write the one row to a .csv or .h5 file instead of printing a table",
       "Set one value, as `run --set` does: Ball.Mass=8, Ball:Pos[2]=-1, k=20 (repeatable)",
       "Only the table, without its heading"});
  DeclareValidate(app, line.validate);
  DeclareListAndDescribe(app, line);
  DeclareStats(app, line.stats);
  DeclareSweep(app, line.sweep);
  DeclareView(app, line.view, line.vtk);
  DeclareFmu(app, line.fmu);
}

std::optional<int> ParseCommandLine(CLI::App& app, int argc, char** argv) {
  try {
    std::vector<std::string> args = BareScenarioToRun(argc, argv);
    app.name(args[0]);                       // As app.parse(argc, argv) would.
    std::reverse(args.begin(), args.end());  // CLI11 takes the arguments in reverse order.
    args.pop_back();                         // The program's name.
    app.parse(args);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? kOk : kBadInput;
  } catch (const ScenarioError& e) {
    fmt::print(stderr, "{}\n", e.what());  // "error: ..."
    return kBadInput;
  }
  return std::nullopt;
}

}  // namespace hawser::cli
