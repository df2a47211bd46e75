// The pieces of a run's HDF5 layout (hdf5_run_writer.h): groups, the time-series datasets, the
// dimension scales that name their dimensions, and appending rows. Internal to the output stage
// (includes hdf5.h); callers hold Hdf5Mutex(). Every id returned is an h5::Handle; every failure
// throws IoError naming the file (`path`) and what failed.
#pragma once

#include <string>
#include <vector>

#include "runtime/output/hdf5_util.h"
#include "runtime/output/sink.h"  // PortDimension

namespace hawser::h5 {

/// The group `name` of `parent`, opened, or created when it does not exist.
Handle OpenOrCreateGroup(hid_t parent, const std::string& name, const std::string& path);

/// A chunked, extendible, compressed (shuffle + deflate) dataset of doubles: (0) followed by
/// `trailing`, `rows_per_chunk` rows a chunk.
Handle CreateSeries(hid_t parent, const std::string& name, const std::vector<hsize_t>& trailing,
                    size_t rows_per_chunk, const std::string& path);

/// The deflate level of CreateSeries' datasets, for chunks encoded outside HDF5 (AppendChunk).
inline constexpr unsigned kDeflateLevel = 1;

/// The dimension scale of a declared dimension, in the group `parent` that holds the datasets
/// using it: created on first use as the labels (variable-length strings) or the indices
/// 0 .. size - 1; an existing one must have `d`'s size (else IoError naming `object`).
Handle DeclaredDimensionScale(hid_t parent, const PortDimension& d, const std::string& object,
                              const std::string& path);

/// The name of the dimension scale of a vector's components: "component3" for width 3.
std::string ComponentDimension(int width);

/// True for names the layout uses for its dimension scales ("time", "component<digits>").
bool IsDimensionName(const std::string& name);

/// A dimension scale 0, 1, ..., width - 1 in `group` for the second dimension of the
/// (n x width) datasets, so that every dimension has a name and a coordinate (netCDF / xarray).
Handle CreateComponentScale(hid_t group, int width, const std::string& path);

/// True unless `group` has a group called `name` (an object of that name).
bool NotAGroup(hid_t group, const std::string& name);

/// Makes the run group's dimension scale `name` visible in `group` too, as a hard link to the
/// same dataset (no copy): xarray reads coordinates only from the group it opens.
void LinkScale(hid_t run_group, hid_t group, const std::string& name, const std::string& path);

/// Appends `rows` rows (row-major, each the product of `trailing` values) to a dataset made by
/// CreateSeries that holds `old_rows`.
void AppendRows(hid_t ds, size_t old_rows, size_t rows, const std::vector<hsize_t>& trailing,
                const double* data, const std::string& path);

/// Appends one whole chunk of `rows` rows, already encoded by ShuffleDeflate, to a dataset made
/// by CreateSeries whose row count `old_rows` is a multiple of `rows` (its chunk's rows).
void AppendChunk(hid_t ds, size_t old_rows, size_t rows, const std::vector<hsize_t>& trailing,
                 const std::vector<unsigned char>& chunk, const std::string& path);

}  // namespace hawser::h5
