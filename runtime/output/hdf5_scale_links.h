// Dimension scales attached in bulk. H5DSattach_scale appends to the scale's REFERENCE_LIST
// attribute by reading it, deleting it and writing it back whole: for a scale that n datasets
// share (the run's time, the xyz component indices) that is O(n^2) in time and, since the freed
// attribute space is not reused, in file size: 5000 objects logged with objects:all took 17 s
// and 165 MB for two rows (3 s and 18 MB without the scales). Here each dataset's
// DIMENSION_LIST is written once when it is made, and each scale's REFERENCE_LIST once after
// every dataset, in the format of HDF5's dimension-scale specification (H5DS, HDF5 1.10:
// DIMENSION_LIST a variable-length array of object references per dimension; REFERENCE_LIST a
// compound {dataset: object reference, dimension: int} per attachment), which h5py, xarray and
// H5DS itself read.
#pragma once

#include <hdf5.h>

#include <map>
#include <string>
#include <vector>

namespace hawser::h5 {

class ScaleLinks {
 public:
  explicit ScaleLinks(std::string path) : path_(std::move(path)) {}

  /// Attaches scales[k] to dimension k of `dataset` (scales[k] < 0: none), which has no scales
  /// yet: writes its DIMENSION_LIST now and notes the scales' side for Write().
  void Attach(hid_t dataset, const std::vector<hid_t>& scales);
  /// Writes every scale's REFERENCE_LIST; the scales are the run's own, made in the same pass,
  /// so none has one yet. `file` is any id in the file.
  void Write(hid_t file);

 private:
  struct Entry {  // H5DS's ds_list_t: the layout of a REFERENCE_LIST element.
    hobj_ref_t dataset;
    unsigned int dimension;
  };
  std::string path_;
  std::map<hobj_ref_t, std::vector<Entry>> references_;  ///< Per scale (its reference).
};

}  // namespace hawser::h5
