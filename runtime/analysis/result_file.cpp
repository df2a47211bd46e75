#include "runtime/analysis/result_file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "hawser/errors.h"

namespace hawser::h5 {
namespace {

[[noreturn]] void BadInput(const std::string& message) { throw ScenarioError({}, message); }

/// What kind of file system object `mode` is, for "'x' is a FIFO, not a result file".
const char* KindOf(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

/// Refuses what is not a non-empty, readable regular file before HDF5 sees it: HDF5's own error
/// for a missing file or a directory is "unable to open file", and opening a FIFO with no writer
/// would wait forever.
void CheckRegularFile(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT || errno == ENOTDIR) BadInput(fmt::format("'{}': no such file", path));
    throw IoError(fmt::format("cannot read '{}': {}", path, std::strerror(errno)));
  }
  if (!S_ISREG(st.st_mode)) {
    BadInput(fmt::format("'{}' is {}, not a result file (.h5)", path, KindOf(st.st_mode)));
  }
  if (st.st_size == 0) BadInput(fmt::format("'{}' is empty, not a result file (.h5)", path));
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw IoError(fmt::format("cannot read '{}': {}", path, std::strerror(errno)));
  ::close(fd);
}

herr_t KeepDeepest(unsigned, const H5E_error2_t* e, void* data) {
  if (e->desc != nullptr && e->desc[0] != '\0') *static_cast<std::string*>(data) = e->desc;
  return 0;
}

}  // namespace

std::string Damaged(const std::string& path) {
  const std::string detail = DeepestError();
  return fmt::format("'{}' is truncated or damaged (HDF5: {})", path,
                     detail.empty() ? "cannot read it" : detail);
}

std::string DeepestError() {
  std::string message;
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_DOWNWARD, KeepDeepest, &message);  // API first, deepest last.
  H5Eclear2(H5E_DEFAULT);
  return message;
}

bool HasDataset(hid_t group, const char* name) {
  if (H5Lexists(group, name, H5P_DEFAULT) <= 0) return false;
  H5O_info_t info;
  return H5Oget_info_by_name2(group, name, &info, H5O_INFO_BASIC, H5P_DEFAULT) >= 0 &&
         info.type == H5O_TYPE_DATASET;
}

hid_t OpenResultFile(const std::string& path) {
  CheckRegularFile(path);
  // HDF5 looks for its signature at 0, 512, 1024, ... bytes: without one this is another kind
  // of file (a CSV result, a scenario).
  const htri_t is_hdf5 = H5Fis_hdf5(path.c_str());
  if (is_hdf5 == 0) BadInput(fmt::format("'{}' is not an HDF5 file", path));
  Handle file(is_hdf5 > 0 ? H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT) : -1);
  if (!file.valid()) {
    const std::string detail = DeepestError();
    // HDF5 1.10 locks a file another program has open for writing (h5py, a running hawser
    // built with another HDF5): not damage, and it may be read once that program is done.
    if (detail.find("unable to lock") != std::string::npos) {
      throw IoError(fmt::format("cannot read '{}': another process has it open for writing ({})",
                                path, detail));
    }
    BadInput(fmt::format("'{}' is truncated or damaged (HDF5: {})", path,
                         detail.empty() ? "cannot open it" : detail));
  }
  const Handle root(H5Gopen2(file.get(), "/", H5P_DEFAULT));
  if (!root.valid()) BadInput(Damaged(path));
  std::string missing;
  for (const char* name : kHawserAttributes) {
    const htri_t exists = H5Aexists(root.get(), name);
    if (exists < 0) BadInput(Damaged(path));
    if (exists == 0) missing += fmt::format("{}{}", missing.empty() ? "" : ", ", name);
  }
  if (!missing.empty()) {
    BadInput(fmt::format(
        "'{}' is an HDF5 file but not a hawser result: its root group has no {} attribute{} "
        "(hawser writes {}, {} and {} there, beside /time or a sweep's /cases)",
        path, missing, missing.find(',') == std::string::npos ? "" : "s", kHawserAttributes[0],
        kHawserAttributes[1], kHawserAttributes[2]));
  }
  return file.release();
}

}  // namespace hawser::h5
