// A ZIP archive written in one go (PKWARE's APPNOTE.TXT, version 2.0 features only): each entry
// deflated by zlib (hawser already links it for HDF5), no ZIP64, so an archive and each entry stay
// below 4 GiB. For `hawser fmu`, whose FMU is a ZIP file; readers are any unzip tool.
#pragma once

#include <string>
#include <vector>

namespace hawser::cli {

struct ZipEntry {
  std::string name;         ///< Path in the archive, '/'-separated, relative.
  std::string data;         ///< The file's bytes.
  bool executable = false;  ///< Unix mode 0755 instead of 0644 (a shared library).
};

/// The archive's bytes. Throws std::length_error for an entry or archive of 4 GiB or more, or
/// more than 65535 entries (ZIP64 would be needed).
std::string ZipArchive(const std::vector<ZipEntry>& entries);

}  // namespace hawser::cli
