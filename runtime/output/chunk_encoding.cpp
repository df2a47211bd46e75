#include "runtime/output/chunk_encoding.h"

#include <fmt/format.h>
#include <zlib.h>

#include <bit>
#include <cstdint>

#include "hawser/errors.h"

namespace hawser {

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
  // Deflate: compressBound always suffices (HDF5's own filter allows a little less and skips the
  // filter when data grow; readers inflate a chunk of any size).
  uLongf size = compressBound(static_cast<uLong>(shuffled.size()));
  std::vector<unsigned char> out(size);
  const int status =
      compress2(out.data(), &size, shuffled.data(), static_cast<uLong>(shuffled.size()), level);
  if (status != Z_OK) {
    throw IoError(fmt::format("compressing a chunk of results failed (zlib error {})", status));
  }
  out.resize(size);
  return out;
}

}  // namespace hawser
