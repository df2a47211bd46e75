// HDF5 prints its error stack (10-57 lines of HDF5-DIAG) to stderr on every failed call unless
// told not to, per thread in a thread-safe build; every failure must instead become one message
// of ours. Holding Hdf5Mutex() (as every HDF5 call in hawser does) silences the calling thread.
#include <doctest/doctest.h>
#include <fcntl.h>
#include <hdf5.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <mutex>
#include <string>
#include <thread>

#include "runtime/output/hdf5_sink.h"

namespace hawser {

TEST_CASE("a failed HDF5 call prints nothing, in the main thread or a worker thread") {
  const std::string log =
      (std::filesystem::temp_directory_path() / ("hawser-h5-silence-" + std::to_string(getpid())))
          .string();
  hid_t in_main = 0, in_worker = 0;
  // stderr (fd 2) goes to `log` while HDF5 fails to open a missing file from two threads.
  std::fflush(stderr);
  const int saved = ::dup(2);
  const int fd = ::open(log.c_str(), O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0600);
  REQUIRE(fd >= 0);
  ::dup2(fd, 2);
  ::close(fd);
  const auto open_missing = [] {
    std::lock_guard lock(Hdf5Mutex());
    return H5Fopen("/nonexistent-hawser-folder/x.h5", H5F_ACC_RDONLY, H5P_DEFAULT);
  };
  in_main = open_missing();
  std::thread worker([&] { in_worker = open_missing(); });
  worker.join();
  std::fflush(stderr);
  ::dup2(saved, 2);
  ::close(saved);
  std::ifstream in(log);
  const std::string printed((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::filesystem::remove(log);
  CHECK(in_main < 0);
  CHECK(in_worker < 0);
  CHECK(printed.empty());
}

}  // namespace hawser
