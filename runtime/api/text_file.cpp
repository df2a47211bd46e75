#include "hawser/text_file.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string_view>

#include "hawser/text.h"
#include "hawser/value_parse.h"

namespace hawser {

namespace {

/// What a file that is not a regular file is, for messages.
const char* KindOf(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a regular file";
}

/// Closes a descriptor on every path out.
struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

std::string ReadRegularFile(const std::string& path, const std::string& what,
                            const SourceLocation& where, const std::string& note,
                            std::size_t max_bytes) {
  const std::string name = fmt::format("{} '{}'{}", what, path, note);
  // O_NONBLOCK: opening a FIFO for reading returns at once instead of waiting for a writer; the
  // fstat below then refuses it without a read. A regular file ignores the flag.
  const Fd file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
  if (file.fd < 0) {
    throw ScenarioError(where, fmt::format("cannot open {}: {}", name, std::strerror(errno)));
  }
  struct stat st = {};
  if (::fstat(file.fd, &st) != 0) {
    throw ScenarioError(where, fmt::format("cannot read {}: {}", name, std::strerror(errno)));
  }
  if (!S_ISREG(st.st_mode)) {
    throw ScenarioError(where,
                        fmt::format("{} is {}; expected a regular file", name, KindOf(st.st_mode)));
  }
  const auto too_large = [&] {
    return ScenarioError(where, fmt::format("{} has more than {} bytes; expected at most {} bytes "
                                            "({} MiB)",
                                            name, max_bytes, max_bytes, max_bytes >> 20));
  };
  if (static_cast<std::size_t>(st.st_size) > max_bytes) {
    throw ScenarioError(where, fmt::format("{} has {} bytes; expected at most {} bytes ({} MiB)",
                                           name, st.st_size, max_bytes, max_bytes >> 20));
  }
  // Read up to the limit and one byte more: a file that grows while it is read (or a /proc file
  // that reports size 0) is still bounded.
  std::string text;
  text.resize(static_cast<std::size_t>(st.st_size));
  std::size_t got = 0;
  while (true) {
    if (got == text.size()) {
      if (got > max_bytes) throw too_large();
      text.resize(std::min(max_bytes + 1, std::max<std::size_t>(2 * got, 4096)));
    }
    const ssize_t n = ::read(file.fd, text.data() + got, text.size() - got);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n < 0) {
      throw ScenarioError(where, fmt::format("cannot read {}: {}", name, std::strerror(errno)));
    }
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  text.resize(got);
  return text;
}

void ForEachTextRow(const std::string& text, const std::string& path, const std::string& what,
                    const std::function<void(int, const std::string&)>& row, std::size_t max_rows) {
  const std::string_view all(text);
  std::string trimmed;  // Reused from row to row: no allocation per row once it is long enough.
  std::size_t rows = 0;
  std::size_t start = 0;
  for (int line_no = 1; start < all.size(); ++line_no) {
    std::size_t end = all.find('\n', start);
    if (end == std::string_view::npos) end = all.size();
    const std::string_view line = all.substr(start, end - start);
    for (std::size_t i = 0; i < line.size(); ++i) {
      const auto c = static_cast<unsigned char>(line[i]);
      if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7f) {
        throw ScenarioError(
            {path, line_no},
            fmt::format("{} has a binary byte {} at byte offset {} (column {} of line {}); "
                        "expected text: '{}'",
                        what, Excerpt(std::string(1, line[i])), start + i, i + 1, line_no,
                        Excerpt(std::string(line))));
      }
    }
    const std::string_view content = TrimView(line);
    if (!content.empty() && content[0] != '#') {
      if (++rows > max_rows) {
        throw ScenarioError({path, line_no}, fmt::format("{} has more than {} rows; expected at "
                                                         "most {}",
                                                         what, max_rows, max_rows));
      }
      trimmed.assign(content);
      row(line_no, trimmed);
    }
    start = end + 1;
  }
}

void ForEachNumberRow(
    const std::string& text, const std::string& path, const std::string& what, std::size_t columns,
    const std::string& layout,
    const std::function<void(const SourceLocation&, const std::vector<double>&)>& row) {
  bool data = false;
  SourceLocation at{path, 0};  // One copy of the path for all rows.
  const std::string row_what = what + " row";
  ForEachTextRow(text, path, what + " file", [&](int line_no, const std::string& line) {
    if (!data && !StartsWithNumber(line)) return;  // A header.
    data = true;
    at.line = line_no;
    const std::vector<double> v = ParseVector(line, at, row_what);
    if (v.size() != columns) {
      throw ScenarioError(at, what + " row has " + std::to_string(v.size()) + " values; expected " +
                                  std::to_string(columns) + ": " + layout);
    }
    row(at, v);
  });
}

}  // namespace hawser
