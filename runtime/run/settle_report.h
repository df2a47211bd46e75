// What Settle (Engine Settle="1") reports: where the model ended, so that a user sees at once a
// buoy that sank 49 m or a line strained 10 %: each body's position, attitude and how far it
// moved, each line's end tensions and largest strain, and the largest remaining residual with
// the state it belongs to. A settle that does not reach its tolerance fails the run.
#pragma once

#include <string>
#include <vector>

#include "runtime/model/model.h"
#include "runtime/solve/settle.h"

namespace hawser {

/// Plausible ranges beyond which the report warns (the run goes on).
inline constexpr double kSettleWarnDisplacement = 20.0;  ///< m, a body's move while settling.
inline constexpr double kSettleWarnStrain = 0.05;        ///< a line's largest strain.

struct SettleReport {
  std::vector<std::string> lines;     ///< What settled where, one line per body or line.
  std::vector<std::string> warnings;  ///< Implausible results, each naming the object.
  /// "Obj:State[i]" with the largest |f| over the states Settle moves (accumulators left out);
  /// empty: none.
  std::string largest_residual;
  /// What that residual is: an acceleration (the forces on a velocity's body or node do not
  /// balance) or the rate of a state that still moves.
  std::string largest_residual_kind;
};

/// The report for `model` settled from `before` to `after` at time t. Evaluates the model's
/// outputs at `after`.
SettleReport ReportSettle(Model& model, double t, const std::vector<double>& before,
                          const std::vector<double>& after);

}  // namespace hawser
