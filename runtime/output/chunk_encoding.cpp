#include "runtime/output/chunk_encoding.h"

#include <fmt/format.h>
#include <zlib.h>

#include <bit>
#include <cstdint>
#include <limits>

#include "hawser/check.h"
#include "hawser/errors.h"

namespace hawser {
namespace {

/// A zlib stream kept by each thread between chunks: compress2 allocates and zeroes about 270 KB
/// of state for every call, which for the small chunks of a short run cost more than the
/// compression itself. deflateReset restores the state deflateInit makes, so deflating a chunk
/// in one deflate(Z_FINISH) call gives the bytes compress2 gives (it makes the same call).
class Deflater {
 public:
  Deflater() = default;
  ~Deflater() {
    if (level_ >= 0) deflateEnd(&stream_);
  }
  Deflater(const Deflater&) = delete;
  Deflater& operator=(const Deflater&) = delete;

  /// The stream, reset, compressing at `level`.
  z_stream& Reset(int level) {
    if (level == level_) {
      deflateReset(&stream_);
      return stream_;
    }
    if (level_ >= 0) deflateEnd(&stream_);
    stream_ = z_stream{};
    level_ = -1;
    if (const int status = deflateInit(&stream_, level); status != Z_OK) {
      throw IoError(fmt::format("compressing results: zlib cannot start (error {})", status));
    }
    level_ = level;
    return stream_;
  }

 private:
  z_stream stream_{};
  int level_ = -1;  ///< The stream's level; -1 before deflateInit.
};

}  // namespace

std::vector<unsigned char> ShuffleDeflate(std::span<const double> values, int level) {
  const size_t n = values.size();
  // Shuffle: the 8 byte planes one after the other, least significant first (the file's order,
  // whatever this machine's): exponents and high mantissa bytes of nearby values repeat.
  std::vector<unsigned char> shuffled(n * sizeof(double));
  for (size_t j = 0; j < sizeof(double); ++j) {
    unsigned char* plane = shuffled.data() + j * n;
    for (size_t i = 0; i < n; ++i) {
      plane[i] = static_cast<unsigned char>(std::bit_cast<uint64_t>(values[i]) >> (8 * j));
    }
  }
  // Deflate: deflateBound always suffices (HDF5's own filter allows a little less and skips the
  // filter when data grow; readers inflate a chunk of any size). A chunk is at most a few MB.
  thread_local Deflater deflater;
  z_stream& stream = deflater.Reset(level);
  HAWSER_CHECK(shuffled.size() <= std::numeric_limits<uInt>::max(), "chunk too big for zlib");
  std::vector<unsigned char> out(deflateBound(&stream, static_cast<uLong>(shuffled.size())));
  stream.next_in = shuffled.data();
  stream.avail_in = static_cast<uInt>(shuffled.size());
  stream.next_out = out.data();
  stream.avail_out = static_cast<uInt>(out.size());
  if (const int status = deflate(&stream, Z_FINISH); status != Z_STREAM_END) {
    throw IoError(fmt::format("compressing a chunk of results failed (zlib error {})", status));
  }
  out.resize(stream.total_out);
  return out;
}

}  // namespace hawser
