// The sea surface a run's HDF5 group keeps (RunInfo::wave_components, wave_ramp), as two
// attributes of the run's group G, written with the provenance:
//   wave_components  (n, 5) amplitude [m], omega [rad/s], wave_number [rad/m], direction [rad]
//                    (towards, from +x towards +y), phase [rad]; the elevation is
//                    eta(t, x, y) = r(t) sum a cos(k (x cos dir + y sin dir) - omega t + phase)
//   wave_ramp        (m, 2) t [s], r(t): the ramp factor at the output times up to the first
//                    where it reaches 1 (it stays 1 after)
// Neither is written without waves. Attributes, not datasets: a run's datasets are series over
// time (hdf5_reader.h). Internal to the runtime (includes hdf5.h); callers hold Hdf5Mutex().
#pragma once

#include <array>
#include <string>
#include <vector>

#include "runtime/output/hdf5_util.h"
#include "runtime/output/sink.h"

namespace hawser::h5 {

/// Writes `info`'s wave components and ramp to `group` (nothing without components). Throws
/// IoError naming `path`.
void WriteSea(hid_t group, const RunInfo& info, const std::string& path);

struct SeaRecord {
  std::vector<std::array<double, 5>> components;  ///< As wave_components' rows.
  std::vector<std::array<double, 2>> ramp;        ///< (t, r) pairs.
};

/// The sea `group` keeps: empty when it has no wave_components. Throws ScenarioError naming
/// `path` when the attributes do not have the shapes above.
SeaRecord ReadSea(hid_t group, const std::string& path);

}  // namespace hawser::h5
