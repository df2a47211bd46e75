#include "runtime/output/replacing_file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <random>

#include "hawser/errors.h"

namespace hawser {

namespace {

[[noreturn]] void Fail(const std::string& path, int error) {
  throw IoError(fmt::format("cannot write results to '{}': {}", path, std::strerror(error)));
}

/// Opens the existing `path` and takes HDF5's lock on it, without waiting; returns the
/// descriptor that holds the lock. Throws IoError when another process holds the file.
int LockHdf5(const std::string& path) {
  // O_NONBLOCK: a FIFO does not wait for a writer (it is not replaced anyway).
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) Fail(path, errno);
  if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return fd;
  const int error = errno;
  ::close(fd);
  if (error == EWOULDBLOCK) {
    throw IoError(
        fmt::format("cannot write results to '{}': it is locked by another process (is it open in "
                    "h5py/HDFView?); close it there and run again; the file was left as it was",
                    path));
  }
  if (error == ENOLCK || error == EINVAL || error == EOPNOTSUPP) return -1;  // No locks here.
  Fail(path, error);
}

/// Returns the descriptor holding HDF5's lock on an existing regular `path` (-1 when there is
/// nothing to lock), after the checks of CheckReplaceable.
int CheckAndLock(const std::string& path, const struct stat& st, bool hdf5_lock) {
  if (S_ISDIR(st.st_mode)) Fail(path, EISDIR);
  if (!S_ISREG(st.st_mode)) return -1;
  // The old file's permission is the user's "do not overwrite", though rename() would not need it.
  if (::access(path.c_str(), W_OK) != 0) Fail(path, errno);
  return hdf5_lock ? LockHdf5(path) : -1;
}

std::string Folder(const std::string& path) {
  const auto slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string Base(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

void CheckReplaceable(const std::string& path, bool hdf5_lock) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return;
    Fail(path, errno);
  }
  const int fd = CheckAndLock(path, st, hdf5_lock);
  if (fd >= 0) ::close(fd);
}

ReplacingFile::ReplacingFile(std::string path, bool hdf5_lock) : path_(std::move(path)) {
  final_path_ = path_;
  struct stat st {};
  const bool exists = ::stat(path_.c_str(), &st) == 0;
  if (!exists && errno != ENOENT) Fail(path_, errno);
  if (exists) {
    lock_fd_ = CheckAndLock(path_, st, hdf5_lock);
    if (!S_ISREG(st.st_mode)) {  // A device or FIFO: nothing to keep, written in place.
      write_path_ = path_;
      published_ = true;
      return;
    }
    // A symbolic link: replace the file it points to, not the link.
    if (char* real = ::realpath(path_.c_str(), nullptr)) {
      final_path_ = real;
      std::free(real);
    }
  }
  // Hidden, in the same folder (rename() does not cross file systems), and short enough for
  // NAME_MAX whatever the final name's length.
  const std::string base = Base(final_path_).substr(0, NAME_MAX - 32);
  std::random_device entropy;
  std::mt19937_64 random(entropy());
  int fd = -1;
  for (int attempt = 0; fd < 0 && attempt < 100; ++attempt) {
    write_path_ =
        fmt::format("{}/.{}.hawser-{:06x}", Folder(final_path_), base, random() & 0xffffff);
    // 0666 less the umask, as a file the run created in place would have.
    fd = ::open(write_path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno != EEXIST) break;
  }
  if (fd < 0) {
    const int error = errno;
    if (lock_fd_ >= 0) ::close(lock_fd_);
    if (exists && (error == EACCES || error == EPERM || error == EROFS)) {
      // The file itself may be writable: say where the new one had to go.
      throw IoError(
          fmt::format("cannot write results to '{}': {} (the new file is made in its "
                      "folder, '{}', then renamed over it)",
                      path_, std::strerror(error), Folder(final_path_)));
    }
    Fail(path_, error);
  }
  // The old file's owner (root replacing a user's file) and permissions, as truncating it in place
  // kept them; owner first, since chown clears set-id bits.
  if (exists) {
    if (::fchown(fd, st.st_uid, st.st_gid) != 0) {
      // Not fatal: only root may give a file away; the new file is then the user's own.
    }
    if (::fchmod(fd, st.st_mode & 07777) != 0) {
      // Not fatal: the new file keeps the default permissions.
    }
  }
  ::close(fd);
}

ReplacingFile::~ReplacingFile() {
  if (!published_) ::unlink(write_path_.c_str());
  if (lock_fd_ >= 0) ::close(lock_fd_);
}

void ReplacingFile::Publish() {
  if (published_) return;
  if (::rename(write_path_.c_str(), final_path_.c_str()) != 0) Fail(path_, errno);
  published_ = true;
  if (lock_fd_ >= 0) ::close(lock_fd_);
  lock_fd_ = -1;
}

}  // namespace hawser
