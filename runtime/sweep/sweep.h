// Parameter sweeps: what is swept, the cases, and running one case.
//
// A swept name says what it sets (`hawser sweep --set NAME=VALUES`, or `NAME = VALUES` in a sweep
// file):
//   k                 a <Variable> (as --var k=...); attributes that use ${k} follow it
//   M.Stiffness       the parameter (attribute) Stiffness of the object M
//   M:Pos  M:Pos[2]   the initial condition of state Pos of M (the whole state, or one element
//                     of an <InitialCondition> the scenario gives); `:` as in CSV state columns
//   Engine.RelTol     an <Engine> attribute
// VALUES: a comma-separated list of numbers or words ("1, 2.5, 4", "rk4,cvode-bdf"), where a
// number may be a range from:step:to (end included when it is reached within 1e-9 of a step),
// or linspace(a, b, n) / logspace(a, b, n) (10^a .. 10^b).
// Cases are the cartesian product of all values (the last name varies fastest), or with --zip
// the i-th value of every name (all lists of equal length).
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "hawser/registry.h"
#include "runtime/output/sink.h"
#include "runtime/scenario/scenario.h"

namespace hawser {

struct SweepParameter {
  std::string name;  ///< As written: "k", "M.Stiffness", "M:Pos[2]", "Engine.RelTol".
  std::vector<std::string> values;
  bool numeric = true;  ///< Every value is a number (a float64 column in /cases).
};

/// A scalar summary of one logged column per case: "M.ForceA[2]:max".
struct SummarySpec {
  std::string column;  ///< A CSV column name: "M.ForceA[2]", "Clock.SimTime", "B:Pos[0]".
  std::string stat;    ///< final | initial | min | max | absmax | mean | rms.
  std::string label() const { return column + ":" + stat; }
};

enum class SweepMode { kProduct, kZip };

struct SweepDefinition {
  std::vector<SweepParameter> parameters;
  SweepMode mode = SweepMode::kProduct;
  std::vector<SummarySpec> summaries;
  /// A canonical text of everything above: `--resume` checks that it matches the file's.
  std::string Canonical() const;
};

/// Parses VALUES (see above). Throws ScenarioError naming `what` on bad text.
std::vector<std::string> ParseSweepValues(const std::string& text, const std::string& what);
/// Parses "NAME=VALUES".
SweepParameter ParseSweepSetting(const std::string& item);
/// Parses "COLUMN:STAT" (the stat follows the last ':').
SummarySpec ParseSummarySpec(const std::string& text);
/// Reads a sweep file: lines `NAME = VALUES`, `summary: COLUMN:STAT`, `mode: product|zip`;
/// `#` starts a comment. Adds to `def`. Throws ScenarioError (file:line) or IoError.
void ReadSweepFile(const std::string& path, SweepDefinition& def);

struct SweepCase {
  long index = 0;
  std::vector<std::string> values;  ///< One per parameter.
};

/// The cases of `def`, numbered from 0. Throws ScenarioError for zip lists of unequal length or
/// an empty sweep.
std::vector<SweepCase> ExpandCases(const SweepDefinition& def);

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
  struct Accumulator {
    const double* value = nullptr;
    double first = 0, last = 0, min = 0, max = 0, sum = 0, sum_sq = 0;
  };
  std::vector<SummarySpec> specs_;
  Sink* inner_;
  std::vector<Accumulator> acc_;
  long n_ = 0;
};

/// Makes the sink a case writes its rows to (e.g. a group of the sweep file); null = no rows.
using CaseSinkFactory = std::function<std::unique_ptr<Sink>(const SweepCase&)>;

/// Builds, assembles and runs one case; never throws: bad input and failures become status
/// failed with the message. `interrupt` stops the run (status interrupted).
CaseResult RunCase(const SweepSetup& setup, const SweepCase& c, const CaseSinkFactory& make_sink,
                   const std::atomic<bool>* interrupt);

}  // namespace hawser
