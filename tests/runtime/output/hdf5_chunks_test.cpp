// Whole chunks of a result dataset are shuffled and deflated by the writing thread (outside the
// HDF5 lock) and stored with H5Dwrite_chunk: the stored bytes must be those HDF5's own filters
// store, and a run must read back, through HDF5's decoding, exactly as written.
#include <doctest/doctest.h>
#include <hdf5.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "runtime/output/chunk_encoding.h"
#include "runtime/output/hdf5_sink.h"

namespace hawser {
namespace {

/// A file path in the temporary folder, removed when the test ends.
struct TempFile {
  explicit TempFile(const std::string& name)
      : path((std::filesystem::temp_directory_path() /
              ("hawser_chunks_" + name + "_" + std::to_string(getpid()) + ".h5"))
                 .string()) {}
  ~TempFile() {
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
  }
  std::string path;
};

/// Values that use every byte of a double: smooth ones (which compress) and random bit patterns
/// (which hardly do), negative, tiny and huge.
std::vector<double> TestValues(size_t n, uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<double> v(n);
  for (size_t i = 0; i < n; ++i) {
    const double smooth = std::sin(0.01 * static_cast<double>(i)) * 1e3;
    const double noise = std::ldexp(static_cast<double>(random() >> 11), -53) - 0.5;
    v[i] = i % 3 == 0   ? smooth
           : i % 3 == 1 ? noise * std::pow(10.0, static_cast<int>(i % 40) - 20)
                        : smooth + noise;
  }
  return v;
}

std::vector<double> ReadAll(hid_t file, const char* name, size_t expected_values) {
  hid_t ds = H5Dopen2(file, name, H5P_DEFAULT);
  REQUIRE(ds >= 0);
  hid_t space = H5Dget_space(ds);
  const auto n = static_cast<size_t>(H5Sget_simple_extent_npoints(space));
  H5Sclose(space);
  REQUIRE(n == expected_values);
  std::vector<double> out(n);
  CHECK(H5Dread(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, out.data()) >= 0);
  H5Dclose(ds);
  return out;
}

}  // namespace

TEST_CASE("ShuffleDeflate stores the bytes HDF5's own shuffle and deflate filters store") {
  // HDF5 encodes a chunk written with H5Dwrite through the dataset's pipeline (H5Zshuffle.c,
  // H5Zdeflate.c: compress2 at the dataset's level); H5Dread_chunk returns the stored bytes.
  const TempFile tmp("bytes");
  const hsize_t rows = 1000;
  const std::vector<double> values = TestValues(rows, 7);
  hid_t file = H5Fcreate(tmp.path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  REQUIRE(file >= 0);
  hid_t space = H5Screate_simple(1, &rows, nullptr);
  // Level 1, 6, then 1 again: each thread keeps one zlib stream, reset or restarted per chunk.
  int k = 0;
  for (int level : {1, 6, 1}) {
    hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
    H5Pset_chunk(dcpl, 1, &rows);
    H5Pset_shuffle(dcpl);
    H5Pset_deflate(dcpl, static_cast<unsigned>(level));
    const std::string name = "chunk" + std::to_string(k++);
    hid_t ds =
        H5Dcreate2(file, name.c_str(), H5T_IEEE_F64LE, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
    REQUIRE(H5Dwrite(ds, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()) >= 0);
    H5Fflush(file, H5F_SCOPE_LOCAL);
    const hsize_t origin = 0;
    hsize_t stored_size = 0;
    REQUIRE(H5Dget_chunk_storage_size(ds, &origin, &stored_size) >= 0);
    std::vector<unsigned char> stored(stored_size);
    uint32_t mask = 0xff;
    REQUIRE(H5Dread_chunk(ds, H5P_DEFAULT, &origin, &mask, stored.data()) >= 0);
    CHECK(mask == 0);  // Both filters applied.
    const std::vector<unsigned char> ours = ShuffleDeflate(values, level);
    CHECK_MESSAGE(ours == stored,
                  "level " << level << ": " << ours.size() << " bytes against " << stored.size());
    H5Dclose(ds);
    H5Pclose(dcpl);
  }
  H5Sclose(space);
  H5Fclose(file);
}

TEST_CASE("HDF5 results: several whole chunks and a partial one read back as written") {
  const TempFile tmp("run");
  // A vector of width 3 and a scalar: chunks of 256 KiB / (8 * 3) rows, clamped to 4096
  // (hdf5_run_writer.cpp). Three whole chunks, then 1000 rows of a fourth.
  const size_t kRowsPerChunk = 4096, kRows = 3 * kRowsPerChunk + 1000;
  const std::vector<SignalMeta> signals = {
      {"Ball", "Pos", false, "m", "position", "Body/Mass", 3, {}},
      {"Ball", "Speed", false, "m/s", "speed", "Body/Mass", 1, {}}};
  const std::vector<double> pos = TestValues(3 * kRows, 11), speed = TestValues(kRows, 12);
  std::vector<double> time(kRows);
  for (size_t i = 0; i < kRows; ++i) time[i] = 0.01 * static_cast<double>(i);
  {
    Hdf5RunWriter writer(Hdf5File::Create(tmp.path), "/");
    writer.Begin(signals, RunInfo{}, 0);
    std::vector<double> row(4);
    for (size_t i = 0; i < kRows; ++i) {
      std::copy_n(pos.begin() + static_cast<long>(3 * i), 3, row.begin());
      row[3] = speed[i];
      writer.AppendRow(time[i], row);
    }
    RunResult result;
    result.rows = static_cast<long>(kRows);
    writer.Finish(result);
  }
  hid_t file = H5Fopen(tmp.path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  REQUIRE(file >= 0);
  // Lossless compression: the values come back to the bit (== on doubles, no tolerance).
  CHECK(ReadAll(file, "time", kRows) == time);
  CHECK(ReadAll(file, "Ball/Pos", 3 * kRows) == pos);
  CHECK(ReadAll(file, "Ball/Speed", kRows) == speed);
  for (const char* name : {"time", "Ball/Pos", "Ball/Speed"}) {
    CAPTURE(name);
    hid_t ds = H5Dopen2(file, name, H5P_DEFAULT);
    // The pipeline any reader decodes with: shuffle, then deflate at level 1.
    hid_t dcpl = H5Dget_create_plist(ds);
    REQUIRE(H5Pget_nfilters(dcpl) == 2);
    unsigned flags = 0, cd[4] = {};
    size_t n_cd = 4;
    CHECK(H5Pget_filter2(dcpl, 0, &flags, &n_cd, cd, 0, nullptr, nullptr) == H5Z_FILTER_SHUFFLE);
    n_cd = 4;
    CHECK(H5Pget_filter2(dcpl, 1, &flags, &n_cd, cd, 0, nullptr, nullptr) == H5Z_FILTER_DEFLATE);
    CHECK(cd[0] == 1);
    hsize_t chunk[2] = {};
    CHECK(H5Pget_chunk(dcpl, 2, chunk) >= 1);
    CHECK(chunk[0] == kRowsPerChunk);
    H5Pclose(dcpl);
    // Four chunks, each with both filters applied (filter mask 0).
    hid_t space = H5Dget_space(ds);
    hsize_t n_chunks = 0;
    CHECK(H5Dget_num_chunks(ds, space, &n_chunks) >= 0);
    CHECK(n_chunks == 4);
    for (hsize_t k = 0; k < n_chunks; ++k) {
      hsize_t offset[2] = {};
      unsigned mask = 0xff;
      haddr_t address = 0;
      hsize_t size = 0;
      CHECK(H5Dget_chunk_info(ds, space, k, offset, &mask, &address, &size) >= 0);
      CHECK(mask == 0);
      CHECK(offset[0] == k * kRowsPerChunk);
    }
    H5Sclose(space);
    H5Dclose(ds);
  }
  H5Fclose(file);
}

}  // namespace hawser
