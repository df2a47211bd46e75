// One chunk of a result dataset encoded as HDF5's filter pipeline "shuffle, then deflate" would
// encode it, so that a sweep's worker threads compress outside the HDF5 lock and only the write
// (H5Dwrite_chunk) is serialised. Readers decode the chunk with the dataset's declared filters.
#pragma once

#include <span>
#include <vector>

namespace hawser {

/// The bytes HDF5 stores for a chunk of doubles in a dataset of type H5T_IEEE_F64LE created with
/// H5Pset_shuffle then H5Pset_deflate(`level`): the little-endian bytes of `values` shuffled
/// (byte j of element i goes to j * n + i, HDF5's H5Z_FILTER_SHUFFLE with an element size of 8)
/// and then compressed as zlib's compress2 at `level` does (zlib format, as HDF5's
/// H5Z_FILTER_DEFLATE does). Throws IoError when zlib fails (out of memory).
std::vector<unsigned char> ShuffleDeflate(std::span<const double> values, int level);

}  // namespace hawser
