// Units in connections: every port declares a unit (PortSpec::unit); a <Connection> that feeds
// an output of one unit into an input of another is reported (docs/scenario-format.md).
//
// The rule, per term of a connection that references an output:
// - the units match when written the same (spaces ignored): "N" into "N";
// - "-" (dimensionless, and every port of the unitless signal blocks: Src/Constant, Src/Sine,
//   Src/Table, Signal/Mux, Math/*) on either side matches anything, so signals pass through
//   blocks freely;
// - a literal term, and a factor (`0.5*A.Out`), carries no unit;
// - a slice of an output whose unit is a list (`N*m,N`, one unit per part) is not checked; the
//   whole port is checked as written.
#pragma once

#include <string>
#include <vector>

#include "hawser/errors.h"
#include "runtime/model/model.h"

namespace hawser {

struct UnitMismatch {
  SourceLocation loc;   ///< The <Connection>.
  std::string message;  ///< Names both ports and both units.
};

/// Whether an output of unit `from` may feed an input of unit `to` (the rule above).
bool UnitsCompatible(const std::string& from, const std::string& to);

/// Every term of every connection of `model` whose units do not match, in file order.
std::vector<UnitMismatch> FindUnitMismatches(const Model& model);

}  // namespace hawser
