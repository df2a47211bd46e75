// The hawser command-line program's commands. Each returns the process exit code
// (docs/design.md, "Errors, exit codes and input limits"): 0 ok, 2 bad input or usage,
// 3 simulation failed, 4 file I/O error, 130 interrupted (SIGINT, SIGTERM or SIGHUP;
// tools/hawser/signals.h), 1 internal.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "hawser/registry.h"
#include "runtime/model/model.h"
#include "runtime/scenario/scenario.h"

namespace hawser::cli {

enum ExitCode {
  kOk = 0,
  kInternal = 1,
  kBadInput = 2,
  kSimulationFailed = 3,
  kIoError = 4,
  kInterrupted = 130
};

struct RunRequest {
  std::string scenario;
  std::string output;  ///< "" = modeloutput.csv; ".h5" chooses HDF5.
  VariableOverrides variables;
  /// --set NAME=VALUE: Engine attributes, object parameters, initial conditions, variables, as
  /// `hawser sweep --set` (one value each; runtime/sweep/sweep.h).
  std::vector<std::string> sets;
  std::string command_line;
  bool quiet = false;
  bool settle = false;        ///< --settle: as Engine Settle="1".
  bool strict_units = false;  ///< --strict-units: a unit mismatch is an error, not a warning.
  std::vector<std::string> plugin_path;  ///< --plugin-path DIR: searched first for LibNames.
  std::string restart;     ///< --restart FILE: continue from a saved state (run only).
  std::string save_state;  ///< --save-state FILE: the state at the end, or at save_state_at.
  std::optional<double> save_state_at;  ///< --save-state-at T: an output time [s].
  /// --vtk DIR: after a completed run, its HDF5 result as VTK files in DIR (`hawser vtk`).
  std::string vtk_dir;
};

/// `hawser stats`: the statistics of a finished run's columns (runtime/analysis/statistics.h).
struct StatsRequest {
  std::string file;                  ///< A run's .h5, or a sweep's with case_index.
  std::string window;                ///< "FROM:TO" or "" for the whole record.
  std::string case_number;           ///< --case: a sweep's case ("" for a run's file).
  std::vector<std::string> columns;  ///< CSV names or stems; empty: every column.
  /// --range: per element of each chosen vector signal, min, mean and max over the window (a
  /// range graph, e.g. a line's segment tensions along its length).
  bool range = false;
  /// --duration T: the MPM column is each record's Rayleigh MPM over T s instead of over the
  /// record (runtime/analysis/extremes.h); "" for the record's own.
  std::string duration;
  /// --extremes COLUMN: the maxima of COLUMN over seeds, with `file` and `columns` the result
  /// files (a sweep's contributes each case), and their Gumbel fits.
  std::string extremes;
  /// --group-by NAME: with --extremes, also a fit per value of sweep parameter NAME (a /cases
  /// column, e.g. the heading), each over its seeds.
  std::string group_by;
  std::string percentile = "90";  ///< --percentile P: the Gumbel fits' quantile (0 < P < 100).
  bool fatigue = false;  ///< --fatigue: `file` is a fatigue table (runtime/analysis/fatigue.h).
  /// --utilisation COLUMN[=MBL],...: the lines' tension columns (and MBL [N]) to check by
  /// DNV-OS-E301's design tension (runtime/analysis/design_tension.h), with `file` and `columns`
  /// the intact case's result files.
  std::string utilisation;
  std::string mbl;                      ///< --mbl N: the MBL of a line that gives none.
  std::string damaged;                  ///< --damaged FILE,...: the damaged case's files.
  std::string damaged_window;           ///< --damaged-window: its window ("": --window's).
  std::string factors = "uls-cc1";      ///< --factors: the intact case's safety factors.
  std::string damaged_factors = "als";  ///< --damaged-factors: the damaged case's.
  std::string strength = "0.95";        ///< --strength F: S_C = F MBL.
  std::string output;                   ///< -o FILE.h5: the summary as HDF5 ("" for none).
};

int Run(const RunRequest& request);
int Stats(const StatsRequest& request);
/// `hawser stats --extremes`: the Gumbel fits of the maxima over seeds.
int StatsExtremes(const StatsRequest& request);
/// `hawser stats --utilisation`: the design tension and utilisation of each line, intact and
/// damaged.
int StatsUtilisation(const StatsRequest& request);
/// `hawser stats --fatigue`: rainflow counting and Miner's damage over sea states.
int StatsFatigue(const StatsRequest& request);
/// `hawser eval`: every output and state at the start time (after Settle when asked), printed as
/// a table or, with an output file, written as one row; no integration.
int Eval(const RunRequest& request);
int Validate(const std::string& scenario, const VariableOverrides& variables, bool strict_units,
             const std::vector<std::string>& plugin_path);
/// `hawser list [--plugin NAME]...`: the built-in types, then those of each library named.
int List(const std::vector<std::string>& plugins, const std::vector<std::string>& plugin_path);
int Describe(const std::string& type, const std::vector<std::string>& plugins,
             const std::vector<std::string>& plugin_path);

/// The built-in library and the SimObject libraries (plugins) `plugins` names, searched for in
/// `plugin_path` (--plugin-path), then HAWSER_PLUGIN_PATH and the install prefix. Throws
/// ScenarioError when one cannot be loaded.
Registry RegistryWithPlugins(const std::vector<std::string>& plugins,
                             const std::vector<std::string>& plugin_path);
/// The built-in library and every library that `scenario`'s <Lib>s name (their LibNames),
/// searched for in `plugin_path`, HAWSER_PLUGIN_PATH, the scenario's folder and the install
/// prefix. Throws ScenarioErrors at the <Lib> lines of the libraries that cannot be loaded.
Registry RegistryForScenario(const Scenario& scenario, const std::vector<std::string>& plugin_path);

/// Prints "file:line: warning: units differ ..." for each connection whose units do not match
/// (runtime/model/connection_units.h); with `strict`, throws them as ScenarioErrors instead.
void ReportUnitMismatches(const Model& model, bool strict);

/// Parses "name=value" strings from --var. Throws ScenarioError on a missing '='.
VariableOverrides ParseVariableOverrides(const std::vector<std::string>& items);

}  // namespace hawser::cli
