// Parameter sweeps: what is swept, the cases (both in sweep_values.h), and running one case.
//
// A swept name says what it sets (`hawser sweep --set NAME=VALUES`, or `NAME = VALUES` in a sweep
// file):
//   k                 a <Variable> (as --var k=...); attributes that use ${k} follow it
//   M.Stiffness       the parameter (attribute) Stiffness of the object M
//   M:Pos  M:Pos[2]   the initial condition of state Pos of M (the whole state, or one element
//                     of an <InitialCondition> the scenario gives); `:` as in CSV state columns
//   Engine.RelTol     an <Engine> attribute
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "hawser/registry.h"
#include "runtime/output/sink.h"
#include "runtime/scenario/scenario.h"
#include "runtime/sweep/sweep_values.h"

namespace hawser {

/// Everything a case needs besides its values.
struct SweepSetup {
  std::string scenario_file;
  std::string scenario_text;    ///< Read once; every case starts from it.
  VariableOverrides variables;  ///< --var settings shared by all cases.
  const Registry* registry = nullptr;
  SweepDefinition definition;
  std::string command_line;
};

/// The scenario of one case: variables applied while loading, then object parameters, initial
/// conditions and Engine attributes. Throws ScenarioError(s) for names that do not exist.
Scenario ScenarioForCase(const SweepSetup& setup, const SweepCase& c);

/// The scenario `hawser run --set NAME=VALUE ...` runs: `text` (the file `file`) with each
/// setting applied exactly as a sweep case applies it (same names, same value grammar, same
/// errors), one value per name. Throws ScenarioError(s) for bad settings or names.
Scenario ScenarioWithSettings(const std::string& file, const std::string& text,
                              const VariableOverrides& variables,
                              const std::vector<std::string>& sets);

/// What one case did.
struct CaseResult {
  long index = 0;
  RunResult run;
  std::vector<double> summaries;  ///< One per SummarySpec; NaN when there were no rows.
};

/// Computes the summaries of a run while passing everything on to `inner` (may be null).
class SummarySink final : public Sink {
 public:
  SummarySink(std::vector<SummarySpec> specs, Sink* inner);
  /// Throws ScenarioError when a summary names a column that is not logged.
  void Begin(const std::vector<LoggedSignal>& signals, const RunInfo& info) override;
  void Write(double t) override;
  void Finish(const RunResult& result) override;
  std::vector<double> values() const;

 private:
  /// A summary's column and its values at the output times in the summary's window.
  struct Series {
    const double* value = nullptr;
    std::vector<double> values;
  };
  std::vector<SummarySpec> specs_;
  Sink* inner_;
  std::vector<Series> series_;
};

/// Makes the sink a case writes its rows to (e.g. a group of the sweep file); null = no rows.
using CaseSinkFactory = std::function<std::unique_ptr<Sink>(const SweepCase&)>;

/// Builds, assembles and runs one case; never throws: bad input and failures become status
/// failed with the message. `interrupt` stops the run (status interrupted).
CaseResult RunCase(const SweepSetup& setup, const SweepCase& c, const CaseSinkFactory& make_sink,
                   const std::atomic<bool>* interrupt);

}  // namespace hawser
