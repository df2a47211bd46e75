// One HDF5 result file, created or reopened, shared by the run writers that append to it (one per
// sweep case, or the single run; hdf5_run_writer.h), with the lock every HDF5 call holds.
//
// A full disk: HDF5 cannot undo a write that failed half-way (the file's superblock would then
// name an end of file beyond the real one, and nothing could open it). So before each batch of
// rows a writer reserves the disk space it may need (Hdf5File::Reserve, fallocate) plus room for
// the closing attributes. When the reservation fails, no row of that batch is written: the batch
// is dropped, status becomes "failed" with the system's reason, and the file holds every row
// written before. The estimate is generous but not a proof (another process may take the space
// between reservation and write).
//
// The serial HDF5 library is not thread-safe: every HDF5 call in hawser holds Hdf5Mutex(). So
// that a sweep's threads do not compress one at a time, a whole chunk is shuffled and deflated by
// the thread that writes the run, outside the lock (chunk_encoding.h), and stored with
// H5Dwrite_chunk; only the rest of a chunk (a run's last rows, a timed flush) goes through
// HDF5's filters under the lock. Flushes end at chunk boundaries, so chunks start whole.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "runtime/output/replacing_file.h"

namespace hawser {

/// Held around every HDF5 library call in the process (the serial library is not thread-safe).
std::recursive_mutex& Hdf5Mutex();

/// Chunks per dataset of a run with `n_times` rows (chunks hold at least 16 rows, or all), for
/// Hdf5File::Create's `expected_chunks`.
size_t ExpectedChunks(size_t n_times);

/// An open HDF5 file; closed when the last owner lets go. Throws IoError when it cannot be
/// created or opened.
class Hdf5File {
 public:
  /// Creates a new file for `path`, under a temporary name until Publish (replacing_file.h).
  /// `expected_chunks` (per dataset; 0 = unknown) sizes the chunk index. Throws IoError with the
  /// system's reason when the file cannot be created, or another process holds `path` open.
  static std::shared_ptr<Hdf5File> Create(const std::string& path, size_t expected_chunks = 0);
  /// Opens an existing file for reading and writing.
  static std::shared_ptr<Hdf5File> OpenReadWrite(const std::string& path);
  ~Hdf5File();
  Hdf5File(const Hdf5File&) = delete;
  Hdf5File& operator=(const Hdf5File&) = delete;

  int64_t id() const { return id_; }  ///< The hid_t.
  const std::string& path() const { return path_; }
  /// H5Fflush: everything written so far reaches the file.
  void Flush();
  /// A created file, once consistent, replaces any earlier file at its path (the temporary is
  /// renamed); later calls, and calls on an opened file, do nothing. Throws IoError.
  void Publish();
  /// Makes sure the disk holds `bytes` more than the file's allocated size (fallocate). Returns
  /// 0, or the errno (ENOSPC, EFBIG past the file size limit) when it does not.
  int Reserve(size_t bytes);

 private:
  Hdf5File(int64_t id, std::string path, std::unique_ptr<ReplacingFile> replacing);
  int64_t id_;
  std::string path_;
  std::unique_ptr<ReplacingFile> replacing_;  ///< Until Publish, the file is a temporary.
  int fd_ = -1;                               ///< The same file, for fallocate.
};

}  // namespace hawser
