// Fatigue damage of mooring lines by Miner's rule over the rainflow-counted tension ranges
// (rainflow.h) with T-N curves, accumulated over sea states (DNV-OS-E301 (2010) Ch.2 Sec.2 D):
//
//   n_c(S) = a_D S^-m                cycles to failure at the nominal stress range S [MPa]
//   S = dT / A                       dT the tension range [N] of a rainflow cycle, A the line's
//                                    nominal area [mm^2] (DNV-OS-E301: for chain 2 pi d^2 / 4,
//                                    both legs of a link; for wire rope pi d^2 / 4)
//   D_record = sum_j c_j S_j^m / a_D c_j = 1 (a cycle) or 1/2 (a half cycle)
//   D = sum_i p_i (L / T_i) D_record,i   p_i the probability of sea state i, T_i its record's
//                                    duration [s], L the design life [s]
//
// The table file that gives them (docs/sweeps-and-statistics.md, "Fatigue"):
//   curve NAME A_D M AREA    a T-N curve: a_D, m (both > 0) and the nominal area A [mm^2]
//   line COLUMN CURVE        a tension column (as `hawser stats` names it) and its curve
//   state P FILE [CASE]      a sea state's probability and its run's .h5 (a sweep's and a case)
//   states FILE COLUMN       every case of sweep FILE a sea state, its probability the case's
//                            value of COLUMN in FILE's /cases (a swept variable)
//   life YEARS               the design life (1 year = 365.25 days)
// Blank lines and lines that start with # are skipped; a relative FILE is relative to the table.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "runtime/analysis/rainflow.h"

namespace hawser {

struct TnCurve {
  std::string name;
  double a_d = 0;   ///< a_D, in MPa^m.
  double m = 0;     ///< The slope, m > 0.
  double area = 0;  ///< The nominal area A [mm^2] that turns a tension range [N] into MPa.
  SourceLocation loc;
};

struct FatigueLine {
  std::string column;  ///< "Line1.Tension" or "Line1.SegmentTension[0]".
  size_t curve = 0;    ///< Into FatigueSpec::curves.
  SourceLocation loc;
};

struct SeaState {
  double probability = 0;
  std::string file;       ///< Resolved against the table's folder.
  long case_number = -1;  ///< -1: FILE is a run's file.
  SourceLocation loc;
};

/// `states FILE COLUMN`: the cases of a sweep's file, each with the probability its /cases
/// column gives (expanded into SeaStates by the reader of the file: ExpandStates).
struct SeaStateSet {
  std::string file;  ///< Resolved against the table's folder.
  std::string column;
  SourceLocation loc;
};

struct FatigueSpec {
  std::vector<TnCurve> curves;
  std::vector<FatigueLine> lines;
  std::vector<SeaState> states;
  std::vector<SeaStateSet> state_sets;
  double life_years = 0;
};

/// Seconds per year of a design life: 365.25 days.
inline constexpr double kSecondsPerYear = 365.25 * 86400.0;

/// Reads the table `path`. Throws ScenarioError at path:line for a line it cannot use: an
/// unknown keyword, a wrong number of fields, a value that is not a number, a_D, m or A <= 0, a
/// curve named twice, a line with an unknown curve, a probability outside [0, 1] or
/// probabilities summing to more than 1, life <= 0, a case that is not a whole number; at `path`
/// when a curve, line, state or life is missing.
FatigueSpec ReadFatigueSpec(const std::string& path);

/// Appends to `spec.states` one state per case of each of `spec.state_sets`, whose
/// probabilities `column_values(set)` gives (a case's value of the set's column, as text, in case
/// order). Throws ScenarioError at the set's line for a value that is not a number in [0, 1] or
/// when the probabilities of all states add up to more than 1.
void ExpandStates(FatigueSpec& spec,
                  const std::function<std::vector<std::string>(const SeaStateSet&)>& column_values);

/// Miner's damage of `cycles` (tension ranges in N) on `curve`: sum c_j (dT_j / A)^m / a_D.
double MinerDamage(std::span<const RainflowCycle> cycles, const TnCurve& curve);

}  // namespace hawser
