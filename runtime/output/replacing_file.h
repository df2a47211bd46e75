// A result file never destroys an earlier file that it cannot replace (docs/results.md, "No run
// destroys an earlier result"): the new file is written under a temporary name in the same folder
// (`.run.h5.hawser-1a2b3c`) and renamed over the final name as soon as it is consistent (the CSV
// header, or the HDF5 layout with status "running", is on disk). rename() is atomic on POSIX: a
// reader sees the old file or the new one, never a half-made one, and a program that has the old
// file open keeps reading it. Until then the old file is not touched: a run that fails to create or
// begin its file (full disk, unwritable folder, a lock) removes the temporary and leaves the old
// file byte for byte. After the rename the run writes on at the final name, so a killed run leaves
// a readable file.
//
// HDF5 readers (HDF5 >= 1.10: h5py, HDFView) hold a flock() on a file while they have it open;
// an HDF5 result is not replaced under them: the lock is tested (LOCK_EX | LOCK_NB, the call
// HDF5 itself makes) and held until the rename. CSV has no lock convention (pandas and
// spreadsheets do not lock), so a CSV is only replaced atomically.
#pragma once

#include <string>

namespace hawser {

/// Throws IoError when an existing `path` cannot be written or replaced: a folder, no write
/// permission, or (with `hdf5_lock`) an HDF5 file that another process holds open. Returns
/// quietly when `path` does not exist.
void CheckReplaceable(const std::string& path, bool hdf5_lock);

class ReplacingFile {
 public:
  /// Checks that `path` may be replaced (CheckReplaceable) and creates the empty temporary beside
  /// it, with the old file's owner and permissions (else 0666 less the umask). A `path` that exists
  /// and is not a regular file (a device such as /dev/null, a FIFO) is written in place. Throws
  /// IoError naming `path` and the system's reason.
  ReplacingFile(std::string path, bool hdf5_lock);
  /// Removes the temporary unless it was published.
  ~ReplacingFile();
  ReplacingFile(const ReplacingFile&) = delete;
  ReplacingFile& operator=(const ReplacingFile&) = delete;

  /// The name to open the new file by (it keeps working after Publish: open descriptors follow
  /// the file, not the name).
  const std::string& write_path() const { return write_path_; }
  /// The name the user gave, for messages.
  const std::string& path() const { return path_; }
  /// Renames the temporary over the final name; later calls do nothing. Throws IoError.
  void Publish();

 private:
  std::string path_;        ///< As given.
  std::string final_path_;  ///< `path_`, or the file a symbolic link `path_` points to.
  std::string write_path_;  ///< The temporary until published.
  bool published_ = false;
  int lock_fd_ = -1;  ///< The old HDF5 file, locked against readers until the rename.
};

}  // namespace hawser
