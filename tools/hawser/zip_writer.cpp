#include "tools/hawser/zip_writer.h"

#include <zlib.h>

#include <cstdint>
#include <limits>
#include <stdexcept>

namespace hawser::cli {
namespace {

// Every entry is dated 1980-01-01 00:00 (MS-DOS date 0x21, time 0), so that one scenario
// exported twice gives the same bytes.
constexpr std::uint16_t kDosDate = (1 << 5) | 1;
constexpr std::uint16_t kVersionNeeded = 20;             // 2.0: deflate.
constexpr std::uint16_t kVersionMadeBy = (3 << 8) | 20;  // Unix (3), so that the mode holds.

void Put16(std::string& out, std::uint32_t v) {
  out += static_cast<char>(v & 0xff);
  out += static_cast<char>((v >> 8) & 0xff);
}
void Put32(std::string& out, std::uint32_t v) {
  Put16(out, v & 0xffff);
  Put16(out, v >> 16);
}

std::uint32_t Checked32(std::size_t n, const std::string& what) {
  if (n >= std::numeric_limits<std::uint32_t>::max()) {
    throw std::length_error(what + " is 4 GiB or more: too large for a ZIP file without ZIP64");
  }
  return static_cast<std::uint32_t>(n);
}

/// Raw deflate (no zlib header: windowBits -15), as ZIP's method 8 stores it.
std::string Deflate(const std::string& data) {
  z_stream z{};
  if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    throw std::runtime_error("zlib: deflateInit2 failed");
  }
  std::string out(deflateBound(&z, static_cast<uLong>(data.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  if (status != Z_STREAM_END) throw std::runtime_error("zlib: deflate did not finish");
  return out;
}

}  // namespace

std::string ZipArchive(const std::vector<ZipEntry>& entries) {
  if (entries.size() > 0xffff) throw std::length_error("more than 65535 entries in a ZIP file");
  std::string out, directory;
  for (const ZipEntry& e : entries) {
    const std::uint32_t size = Checked32(e.data.size(), "'" + e.name + "'");
    const std::string packed = Deflate(e.data);
    const std::uint32_t crc = static_cast<std::uint32_t>(
        crc32(0, reinterpret_cast<const Bytef*>(e.data.data()), static_cast<uInt>(size)));
    const std::uint32_t offset = Checked32(out.size(), "the archive");
    // The fields local header and central directory entry share, from "version needed" on.
    std::string common;
    Put16(common, kVersionNeeded);
    Put16(common, 0);  // Flags: sizes and CRC are in the header, no data descriptor.
    Put16(common, 8);  // Deflate.
    Put16(common, 0);  // Time.
    Put16(common, kDosDate);
    Put32(common, crc);
    Put32(common, Checked32(packed.size(), "'" + e.name + "' deflated"));
    Put32(common, size);
    Put16(common, static_cast<std::uint32_t>(e.name.size()));
    Put16(common, 0);  // Extra field length.

    Put32(out, 0x04034b50);  // Local file header.
    out += common;
    out += e.name;
    out += packed;

    Put32(directory, 0x02014b50);  // Central directory file header.
    Put16(directory, kVersionMadeBy);
    directory += common;
    Put16(directory, 0);                                           // Comment length.
    Put16(directory, 0);                                           // Disk number.
    Put16(directory, 0);                                           // Internal attributes.
    Put32(directory, (e.executable ? 0100755u : 0100644u) << 16);  // Unix mode, regular file.
    Put32(directory, offset);
    directory += e.name;
  }
  const std::uint32_t directory_offset = Checked32(out.size(), "the archive");
  out += directory;
  Checked32(out.size(), "the archive");
  Put32(out, 0x06054b50);  // End of central directory.
  Put16(out, 0);           // This disk.
  Put16(out, 0);           // The disk the directory starts on.
  Put16(out, static_cast<std::uint32_t>(entries.size()));
  Put16(out, static_cast<std::uint32_t>(entries.size()));
  Put32(out, static_cast<std::uint32_t>(directory.size()));
  Put32(out, directory_offset);
  Put16(out, 0);  // Comment length.
  return out;
}

}  // namespace hawser::cli
