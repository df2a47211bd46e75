// Opening a result file for reading (`hawser stats`, hdf5_reader.h), with the checks that say in
// one line why a file cannot be used: no such file, a directory or device, empty, not HDF5,
// truncated or damaged, locked, or an HDF5 file that hawser did not write. Internal to the
// runtime (includes hdf5.h); callers hold Hdf5Mutex().
#pragma once

#include <string>

#include "runtime/output/hdf5_util.h"

namespace hawser::h5 {

/// The attributes every group hawser writes a run or sweep into carries (hdf5_run_writer.cpp,
/// sweep_file.cpp): what tells a hawser result from another HDF5 file.
inline constexpr const char* kHawserAttributes[] = {"hawser_version", "scenario", "status"};

/// `path` opened read-only (the caller closes it), once it is known to be a readable HDF5 file that
/// hawser wrote (its root has kHawserAttributes). Throws ScenarioError (bad input, exit 2) naming
/// the file and the reason, or IoError for a system error (permission, a lock held by another
/// process).
hid_t OpenResultFile(const std::string& path);

/// "'<path>' is truncated or damaged (HDF5: <DeepestError()>)": what a failed read means once the
/// file has opened.
std::string Damaged(const std::string& path);

/// Whether `group` has a link `name` to a dataset.
bool HasDataset(hid_t group, const char* name);

/// The deepest message on HDF5's error stack, where the error was found ("" if none, e.g.
/// "truncated file: eof = 1024, ..."); clears the stack.
std::string DeepestError();

}  // namespace hawser::h5
