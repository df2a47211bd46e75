#include "runtime/output/hdf5_file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "hawser/errors.h"
#include "runtime/output/hdf5_util.h"

namespace hawser {

std::recursive_mutex& Hdf5Mutex() {
  static std::recursive_mutex mutex;
  // Every HDF5 call holds this mutex, so each thread's first takes the place to stop HDF5 from
  // printing its error stack (a thread-safe HDF5 keeps one per thread): every failure becomes
  // one message of ours instead (h5::Check, h5::LastError). At the thread's end the entries a
  // failed call left are cleared: HDF5 1.10 frees a thread's stack then, but not its entries.
  struct ThreadErrorStack {
    ThreadErrorStack() {
      std::lock_guard lock(mutex);
      H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
    }
    ~ThreadErrorStack() {
      std::lock_guard lock(mutex);
      H5Eclear2(H5E_DEFAULT);
    }
  };
  thread_local const ThreadErrorStack silenced;
  static_cast<void>(silenced);
  return mutex;
}

namespace {

/// File access in the 1.8 file format: readable by every HDF5 since 2008, and (unlike the 1.10
/// superblock) it carries no "open for writing" flag that would make a killed run's file
/// unreadable.
h5::Handle FileFormat18() {
  h5::Handle fapl(H5Pcreate(H5P_FILE_ACCESS));
  H5Pset_libver_bounds(fapl.get(), H5F_LIBVER_V18, H5F_LIBVER_V18);
  return fapl;
}

}  // namespace

size_t ExpectedChunks(size_t n_times) { return n_times == 0 ? 0 : (n_times + 15) / 16; }

std::shared_ptr<Hdf5File> Hdf5File::Create(const std::string& path, size_t expected_chunks) {
  // Under a temporary name that replaces `path` at Publish (replacing_file.h); it also says why
  // a file cannot be created, which HDF5's own message does not.
  auto replacing = std::make_unique<ReplacingFile>(path, true);
  std::lock_guard lock(Hdf5Mutex());  // HDF5 prints no error stack: IoError messages instead.
  const h5::Handle fapl = FileFormat18();
  // Each chunked dataset's index is a B-tree whose nodes hold 2 ik chunks (HDF5's default ik = 32
  // makes every node ~2.6 KB even for one chunk). Size it from the expected number of chunks.
  const h5::Handle fcpl(H5Pcreate(H5P_FILE_CREATE));
  if (expected_chunks > 0) {
    H5Pset_istore_k(fcpl.get(),
                    static_cast<unsigned>(std::clamp<size_t>((expected_chunks + 1) / 2, 1, 32)));
  }
  errno = 0;
  hid_t id = H5Fcreate(replacing->write_path().c_str(), H5F_ACC_TRUNC, fcpl.get(), fapl.get());
  const int error = errno;  // The system call that failed (HDF5's own message does not say).
  if (id < 0) {
    const std::string detail = error != 0 ? std::strerror(error) : h5::LastError();
    h5::LastError();  // Clears the stack.
    throw IoError(
        fmt::format("cannot write results to '{}'{}{}", path, detail.empty() ? "" : ": ", detail));
  }
  return std::shared_ptr<Hdf5File>(new Hdf5File(id, path, std::move(replacing)));
}

std::shared_ptr<Hdf5File> Hdf5File::OpenReadWrite(const std::string& path) {
  std::lock_guard lock(Hdf5Mutex());
  hid_t id = H5Fopen(path.c_str(), H5F_ACC_RDWR, FileFormat18().get());
  if (id < 0) {
    const std::string detail = h5::LastError();
    throw IoError(
        fmt::format("cannot open '{}' for writing{}{}", path, detail.empty() ? "" : ": ", detail));
  }
  return std::shared_ptr<Hdf5File>(new Hdf5File(id, path, nullptr));
}

Hdf5File::Hdf5File(int64_t id, std::string path, std::unique_ptr<ReplacingFile> replacing)
    : id_(id), path_(std::move(path)), replacing_(std::move(replacing)) {
  fd_ = ::open(replacing_ ? replacing_->write_path().c_str() : path_.c_str(), O_WRONLY | O_CLOEXEC);
}

void Hdf5File::Publish() {
  if (replacing_) replacing_->Publish();
}

Hdf5File::~Hdf5File() {
  std::lock_guard lock(Hdf5Mutex());
  // Reserve() allocates disk behind HDF5's back: free what the file did not use, at the end HDF5
  // allocated (after a full flush nothing is added). A reservation past the end of the file
  // (FALLOC_FL_KEEP_SIZE) is freed by truncating to the file's own size.
  haddr_t eoa = 0;
  const bool known = H5Fflush(id_, H5F_SCOPE_GLOBAL) >= 0 && H5Fget_eoa(id_, &eoa) >= 0;
  H5Fclose(id_);
  if (fd_ >= 0) {
    struct stat st {};
    if (known && eoa > 0 && ::fstat(fd_, &st) == 0) {
      const off_t end = std::min(static_cast<off_t>(eoa), st.st_size);
      if (::ftruncate(fd_, end) != 0) {
        // Harmless: the file keeps unused blocks (or a tail of zeros that readers ignore).
      }
    }
    ::close(fd_);
  }
}

int Hdf5File::Reserve(size_t bytes) {
  if (fd_ < 0) return 0;  // Cannot check; HDF5 will report a failed write itself.
  haddr_t eoa = 0;
  {
    std::lock_guard lock(Hdf5Mutex());
    if (H5Fget_eoa(id_, &eoa) < 0) return 0;
  }
  const off_t end = static_cast<off_t>(eoa + bytes);
  // The blocks, without growing the file: HDF5 truncates a file that is longer than what it
  // allocated at every flush, and freeing the reservation each time made every flush wait for
  // the disk (discard) - most of a tiny sweep case's time. The file size limit (RLIMIT_FSIZE)
  // does not apply to blocks past the end of the file; apply it here, as a growing write would.
  struct rlimit limit {};
  if (::getrlimit(RLIMIT_FSIZE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY &&
      static_cast<rlim_t>(end) > limit.rlim_cur) {
    return EFBIG;
  }
  if (::fallocate(fd_, FALLOC_FL_KEEP_SIZE, 0, end) == 0) return 0;
  const int error = errno;
  if (error != EOPNOTSUPP) return error == EINVAL ? 0 : error;
  // A file system without fallocate: reserve by growing the file, as glibc emulates it.
  const int emulated = posix_fallocate(fd_, 0, end);
  return emulated == EOPNOTSUPP || emulated == EINVAL ? 0 : emulated;
}

void Hdf5File::Flush() {
  std::lock_guard lock(Hdf5Mutex());
  h5::Check(H5Fflush(id_, H5F_SCOPE_GLOBAL), "flushing", path_);
}

}  // namespace hawser
