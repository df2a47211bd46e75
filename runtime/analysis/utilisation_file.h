// What `hawser stats --utilisation` reads from a result file beyond its signals (whether a line
// broke) and the summary it writes (docs/results.md, "A utilisation summary"):
//
//   /utilisation/<case>          one group per case ("intact", "damaged"), with attributes
//                                factors (the set's name), gamma_mean, gamma_dyn,
//                                strength_factor, characteristic ("mpm" or "gumbel"), records
//     line                       the tension columns (strings), one row per line
//     mean, dynamic, characteristic, design, mbl, strength    [N]: T_c,mean, T_c,dyn, T_c,max,
//                                T_d, MBL, S_C (design_tension.h)
//     utilisation                T_d / S_C [-] (NaN for a line that broke)
//     result                     "pass", "fail", "broken" or "unknown" (strings)
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "runtime/analysis/design_tension.h"

namespace hawser {

/// The time [s] at which `object` broke in run `group` ("/" or "/case_00003") of `path`: its
/// group's break_time attribute (results.md), if it has one.
std::optional<double> BreakTime(const std::string& path, const std::string& group,
                                const std::string& object);

/// One line's row of a case's summary.
struct UtilisationRow {
  std::string line;  ///< The tension column.
  double mbl = 0;    ///< [N]
  bool broken = false;
  LineCheck check;
  /// "broken" (not checked), "unknown" (no characteristic maximum: a record with fewer than 2
  /// up-crossings has no MPM), "pass" or "fail".
  const char* Result() const {
    if (broken) return "broken";
    if (!(check.utilisation == check.utilisation)) return "unknown";  // NaN
    return check.pass() ? "pass" : "fail";
  }
};

/// A case's summary: its factors and rows.
struct UtilisationCase {
  std::string name;  ///< "intact" or "damaged".
  DesignFactors factors;
  double strength_factor = kDefaultStrengthFactor;
  std::string characteristic;  ///< "mpm" or "gumbel".
  long records = 0;
  std::vector<UtilisationRow> rows;
};

/// Writes `cases` to a new HDF5 file `path` (replacing an earlier one only once complete:
/// replacing_file.h). Throws IoError naming the file and the reason.
void WriteUtilisationFile(const std::string& path, const std::vector<UtilisationCase>& cases);

}  // namespace hawser
